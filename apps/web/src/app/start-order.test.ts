import { describe, expect, it } from 'vitest';
import { entryFiles, filesInOrder, type Manifest, startOrder } from '../../start-scripts.mjs';

/**
 * A build's manifest as Vite writes it, shaped like Brade's: the entry (index.html) imports the runtime and `core`;
 * the contract's chunks import `core` and each other; the shell's chunk and the page's import the entry's own file.
 */
const manifest: Manifest = {
  'index.html': { file: 'assets/index-E.js', imports: ['_runtime-R.js', '_core-C.js'] },
  '_runtime-R.js': { file: 'assets/runtime-R.js' },
  '_core-C.js': { file: 'assets/core-C.js', imports: ['_runtime-R.js'] },
  '_contract-1.js': { file: 'assets/contract-1.js', imports: ['_core-C.js'] },
  '_contract-2.js': { file: 'assets/contract-2.js', imports: ['_contract-1.js', '_core-C.js'] },
  '_session-S.js': { file: 'assets/session-S.js' },
  '_signed-in-I.js': {
    file: 'assets/signed-in-I.js',
    imports: ['_runtime-R.js', '_core-C.js', '_contract-2.js', '_session-S.js', 'index.html'],
    css: ['assets/signed-in-I.css'],
  },
  '_later-L.js': { file: 'assets/later-L.js', imports: ['_signed-in-I.js'] },
  '_dashboard-D.js': { file: 'assets/dashboard-D.js', imports: ['_signed-in-I.js', '_contract-1.js', 'index.html'] },
};

describe("the entry's files and a route's chunks in the order the start scripts run them", () => {
  it("lists the entry's files dependencies first, its own file last", () => {
    expect(entryFiles(manifest)).toEqual(['/assets/runtime-R.js', '/assets/core-C.js', '/assets/index-E.js']);
  });

  it('follows chunks that import each other without going round for ever', () => {
    const cyclic: Manifest = {
      ...manifest,
      '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
      '_b.js': { file: 'assets/b.js', imports: ['_a.js', '_session-S.js'] },
    };
    expect(filesInOrder(cyclic, ['_a.js'])).toEqual(['/assets/session-S.js', '/assets/b.js', '/assets/a.js']);
  });

  it("runs the route's chunks that do not reach the entry before the entry's own file, dependencies first", () => {
    const route = [
      '/assets/signed-in-I.js',
      '/assets/contract-2.js',
      '/assets/contract-1.js',
      '/assets/session-S.js',
      '/assets/dashboard-D.js',
    ];
    expect(startOrder(manifest, route)).toEqual([
      '/assets/runtime-R.js',
      '/assets/core-C.js',
      '/assets/contract-1.js',
      '/assets/contract-2.js',
      '/assets/session-S.js',
      '/assets/index-E.js',
    ]);
  });

  it('leaves out every chunk whose imports reach the entry, however far down', () => {
    // later imports signed-in, which imports the entry: running it would start the app out of turn.
    expect(startOrder(manifest, ['/assets/later-L.js', '/assets/dashboard-D.js'])).toEqual(entryFiles(manifest));
  });

  it('runs the entry alone for a route without chunks of its own', () => {
    expect(startOrder(manifest, [])).toEqual(entryFiles(manifest));
  });

  it("fails loudly for a file the build's manifest does not have", () => {
    expect(() => startOrder(manifest, ['/assets/gone.js'])).toThrow(/gone\.js/);
  });
});
