import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRouteStarts, withRouteStart } from './route-starts.js';

function dist(starts: unknown, files: string[] = []) {
  const dir = mkdtempSync(path.join(tmpdir(), 'brade-starts-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const file of files) writeFileSync(path.join(dir, file), '');
  if (starts !== undefined) writeFileSync(path.join(dir, 'route-starts.json'), JSON.stringify(starts));
  return dir;
}

describe('the route starts the build wrote', () => {
  it('are none without route-starts.json (a build before them)', () => {
    expect(readRouteStarts(dist(undefined))).toBeNull();
  });

  it('name only files of the build under /assets/, else the server refuses to start', () => {
    const ok = { script: '/assets/s.js', pages: { '/main-menu/dashboard': { scripts: ['/assets/a.js'], styles: [] } } };
    expect(readRouteStarts(dist(ok, ['assets/s.js', 'assets/a.js']))).toEqual(ok);
    expect(() => readRouteStarts(dist(ok, ['assets/s.js']))).toThrow(/\/assets\/a\.js/);
    for (const bad of ['https://cdn.example/a.js', '//cdn.example/a.js', '/assets/a.js" onload="x', '/index.html']) {
      const starts = { script: '/assets/s.js', pages: { '/main-menu/dashboard': { scripts: [bad], styles: [] } } };
      expect(() => readRouteStarts(dist(starts, ['assets/s.js'])), bad).toThrow(/not a file of the build/);
    }
  });

  it('go into <head>, before its end, and nowhere else', () => {
    const html = '<html><head><title>Brade</title></head><body><div id="root"></div></body></html>';
    const out = withRouteStart(html, '/assets/s.js', { scripts: ['/assets/a.js'], styles: ['/assets/a.css'] });
    expect(out).toBe(
      '<html><head><title>Brade</title><script async fetchpriority="high" src="/assets/s.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/a.js">\n' +
        '    <link rel="preload" as="style" crossorigin href="/assets/a.css">\n' +
        '  </head><body><div id="root"></div></body></html>',
    );
    // Before the entry's script, when the page has one.
    const entry = '<head><script type="module" src="/assets/index.js"></script></head>';
    expect(withRouteStart(entry, '/assets/s.js', { scripts: [], styles: [] })).toBe(
      '<head><script async fetchpriority="high" src="/assets/s.js"></script>\n' +
        '    <script type="module" src="/assets/index.js"></script>\n  </head>',
    );
    expect(() => withRouteStart('<div></div>', '/assets/s.js', { scripts: [], styles: [] })).toThrow();
  });
});
