import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The rules of docs/architecture.md that code can check: who may read which tables, and where timers live.
const root = import.meta.dirname;

interface Source {
  /** The path under apps/server/src, with forward slashes. */
  rel: string;
  text: string;
}

function sources(dir = root): Source[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '__fixtures__' ? [] : sources(full);
    if (!name.endsWith('.ts')) return [];
    return [{ rel: path.relative(root, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

const folderOf = (rel: string) => rel.split('/')[0]!;
/** Test files and the shared test helpers (test/) set up and inspect rows of every domain on purpose. */
const isTestCode = (rel: string) => rel.endsWith('.test.ts') || folderOf(rel) === 'test';
/** Scripts that record provider JSON from the simulators into __fixtures__ for the transform tests. */
const isFixtureRecorder = (rel: string) => /record-[a-z]+-fixtures\.ts$/.test(rel);

/** Relative imports of a file (static and dynamic), as paths under src/. */
function importsOf({ rel, text }: Source): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    path.posix.join(path.posix.dirname(rel), m[1]!).replace(/\.js$/, '.ts'),
  );
}

/**
 * A domain reads and writes its own tables only; another domain's data comes through that domain's functions.
 * db/schema.ts gathers every table for migrations, and a tables.ts may name another domain's table in a foreign
 * key (the owner, the session that asked): neither reads data.
 */
function foreignTableImports(files: Source[]): string[] {
  return files.flatMap((file) => {
    if (file.rel === 'db/schema.ts') return [];
    return importsOf(file)
      .filter((target) => target.endsWith('/tables.ts') && folderOf(target) !== folderOf(file.rel))
      .filter(() => !file.rel.endsWith('/tables.ts'))
      .map((target) => `${file.rel} -> ${target}`);
  });
}

const timersOutsideJobs = (files: Source[]) =>
  files.filter((file) => folderOf(file.rel) !== 'jobs' && /\bsetInterval\s*\(/.test(file.text)).map((f) => f.rel);

describe('domains own their data', () => {
  it("no production file imports another domain's tables.ts", () => {
    expect(foreignTableImports(sources().filter((file) => !isTestCode(file.rel)))).toEqual([]);
  });

  it("names a file that reads another domain's tables, and allows its own tables and foreign keys", () => {
    const files: Source[] = [
      { rel: 'reports/summary.ts', text: "import { users } from '../accounts/tables.js';" },
      { rel: 'reports/nested/deeper.ts', text: "const t = await import('../../ledger/tables.js');" },
      { rel: 'reports/own.ts', text: "import { monthlySummaries } from './tables.js';" },
      { rel: 'reports/tables.ts', text: "import { users } from '../accounts/tables.js';" },
      { rel: 'db/schema.ts', text: "export * from '../ledger/tables.js';" },
    ];
    expect(foreignTableImports(files)).toEqual([
      'reports/summary.ts -> accounts/tables.ts',
      'reports/nested/deeper.ts -> ledger/tables.ts',
    ]);
  });
});

describe('the provider simulators load only when wanted', () => {
  it('only sandbox/ (loaded with import() by the composition root) and fixture recorders load @brade/sandbox', () => {
    const loaders = sources()
      .filter((file) => !isTestCode(file.rel))
      .filter((file) => /^import (?!type )[^;]*from '@brade\/sandbox'/m.test(file.text))
      .map((file) => file.rel)
      .filter((rel) => folderOf(rel) !== 'sandbox' && !isFixtureRecorder(rel));
    expect(loaders).toEqual([]);
    for (const root of ['app.ts', 'main.ts']) {
      const text = sources().find((file) => file.rel === root)!.text;
      expect(text).not.toMatch(/^import (?!type )[^;]*from '\.\/sandbox\//m);
    }
  });
});

describe("the server's books come through the providers", () => {
  // The demo and every owner are imported by the adapters from the simulators, which the sandbox package seeds from
  // the generator; the bench seeder that fills books straight from it lives in bench/drivers/ (docs/sandbox.md).
  it('no production file of the server uses the salon-data generator', () => {
    const users = sources()
      .filter((file) => !isTestCode(file.rel) && !isFixtureRecorder(file.rel))
      .filter((file) => /\bgenerateSalonData\b|salon-data/.test(file.text))
      .map((file) => file.rel);
    expect(users).toEqual([]);
  });
});

describe('recurring work has one home', () => {
  it('no file of the server outside jobs/ starts a timer with setInterval', () => {
    // This file names setInterval in its examples.
    expect(timersOutsideJobs(sources().filter((file) => file.rel !== 'architecture.test.ts'))).toEqual([]);
    const buildScript = readFileSync(path.join(root, '../build.mjs'), 'utf8');
    expect(buildScript).not.toMatch(/\bsetInterval\s*\(/);
  });

  it('names a file that does', () => {
    const files: Source[] = [
      { rel: 'mail/mailer.ts', text: 'this.timer = setInterval(() => this.kick(), 30_000);' },
      { rel: 'jobs/sweeps.ts', text: 'sweep.timer = setInterval(run, everyMs);' },
    ];
    expect(timersOutsideJobs(files)).toEqual(['mail/mailer.ts']);
  });
});
