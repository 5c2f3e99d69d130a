import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The rules of docs/architecture.md that code can check: the order of the folders, who may read which tables, and
// where timers live.
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

/** The folder a file lives in; the composition root's files (app.ts, main.ts, app-context.ts, config.ts) are ''. */
const folderOf = (rel: string) => (rel.includes('/') ? rel.split('/')[0]! : '');
/** Test files and the shared test helpers (test/) set up and inspect rows of every domain on purpose. */
const isTestCode = (rel: string) => rel.endsWith('.test.ts') || folderOf(rel) === 'test';
/** Scripts that record provider JSON from the simulators into __fixtures__ for the transform tests. */
const isFixtureRecorder = (rel: string) => /record-[a-z]+-fixtures\.ts$/.test(rel);
const isProduction = (rel: string) => !isTestCode(rel) && !isFixtureRecorder(rel);

/** Relative imports of a file (static, dynamic, type-only and re-exports), as paths under src/. */
function importsOf({ rel, text }: Source): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    path.posix.join(path.posix.dirname(rel), m[1]!).replace(/\.js$/, '.ts'),
  );
}

/**
 * The server's folders from the bottom up (docs/architecture.md, "The order of the folders"): a file imports its own
 * folder or the folders below it, never one above, so no two folders can need each other. The composition root's
 * files sit above them all.
 */
const FOLDER_ORDER = [
  'logging',
  'db',
  'jobs',
  'http',
  'mail',
  'rate-limits',
  'accounts',
  'auth',
  'settings',
  'ledger',
  'integrations',
  'hmrc',
  'reports',
  'assistant',
  'sandbox',
  'demo',
] as const;

const rankOf = (rel: string) => {
  const folder = folderOf(rel);
  return folder === '' ? FOLDER_ORDER.length : FOLDER_ORDER.indexOf(folder as (typeof FOLDER_ORDER)[number]);
};

/**
 * The one import that points up: a domain's route registration names the type of what the composition root hands
 * it, `AppContext` (a type only, erased from the build, so it orders nothing at run time).
 */
const CONTEXT_TYPE = /^import type \{ AppContext \} from '(?:\.\.\/)+app-context\.js';$/gm;
const isRouteRegistration = (rel: string) => /(?:^|\/|-)routes\.ts$/.test(rel);

/** Every import of a production file that goes to a folder above its own, to test code, or to an unplaced folder. */
function upwardImports(files: Source[]): string[] {
  return files.flatMap((file) => {
    const text = isRouteRegistration(file.rel) ? file.text.replace(CONTEXT_TYPE, '') : file.text;
    return importsOf({ rel: file.rel, text })
      .filter((target) => isTestCode(target) || rankOf(target) === -1 || rankOf(target) > rankOf(file.rel))
      .map((target) => `${file.rel} -> ${target}`);
  });
}

/** The import cycles between files (each as the files on it, the first repeated at the end). */
function importCycles(files: Source[]): string[] {
  const graph = new Map(files.map((file) => [file.rel, importsOf(file)]));
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const seen = trail.indexOf(node);
    if (seen !== -1) {
      cycles.push([...trail.slice(seen), node].join(' -> '));
      return;
    }
    if (done.has(node) || !graph.has(node)) return;
    for (const next of graph.get(node)!) visit(next, [...trail, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
}

describe('the folders keep their order', () => {
  const production = sources().filter((file) => isProduction(file.rel));

  it('places every folder of the server in the order', () => {
    const folders = readdirSync(root).filter((name) => statSync(path.join(root, name)).isDirectory());
    expect(folders.filter((name) => name !== 'test' && !FOLDER_ORDER.includes(name as never))).toEqual([]);
    expect(production.length).toBeGreaterThan(150);
  });

  it('imports only its own folder or the folders below it, and never test code', () => {
    expect(upwardImports(production)).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(importCycles(production)).toEqual([]);
  });

  it('names an upward import, a cycle and test code, and allows the route registrations their context type', () => {
    const files: Source[] = [
      { rel: 'http/register-endpoint.ts', text: "import { requireUser } from '../auth/authenticate.js';" },
      { rel: 'settings/vat.ts', text: "import type { Rows } from '../ledger/vat-rows.js';" },
      { rel: 'ledger/vat-rows.ts', text: "import { readVatSettings } from '../settings/vat.js';" },
      { rel: 'ledger/figures.ts', text: "export { x } from './vat-rows.js';\nimport './clock.js';" },
      { rel: 'ledger/clock.ts', text: "const f = await import('./figures.js');" },
      { rel: 'ledger/routes.ts', text: "import type { AppContext } from '../app-context.js';" },
      { rel: 'ledger/service.ts', text: "import type { AppContext } from '../app-context.js';" },
      { rel: 'mail/mailer.ts', text: "import { fake } from '../test/fake-providers.js';" },
      { rel: 'payroll/returns.ts', text: "import { db } from '../db/client.js';" },
    ];
    expect(upwardImports(files)).toEqual([
      'http/register-endpoint.ts -> auth/authenticate.ts',
      'settings/vat.ts -> ledger/vat-rows.ts',
      'ledger/service.ts -> app-context.ts',
      'mail/mailer.ts -> test/fake-providers.ts',
      'payroll/returns.ts -> db/client.ts',
    ]);
    expect(importCycles(files)).toEqual([
      'settings/vat.ts -> ledger/vat-rows.ts -> settings/vat.ts',
      'ledger/figures.ts -> ledger/clock.ts -> ledger/figures.ts',
    ]);
  });
});

describe('every table is gathered for the tests that look at the whole database', () => {
  it('test/all-tables.ts re-exports each tables.ts', () => {
    const tables = sources()
      .filter((file) => file.rel.endsWith('/tables.ts'))
      .map((file) => file.rel);
    const gathered = importsOf(sources().find((file) => file.rel === 'test/all-tables.ts')!);
    expect(gathered.sort()).toEqual(tables.sort());
  });
});

/**
 * A domain reads and writes its own tables only; another domain's data comes through that domain's functions.
 * A tables.ts may name another domain's table in a foreign key (the owner, the session that asked): that reads no
 * data.
 */
function foreignTableImports(files: Source[]): string[] {
  return files.flatMap((file) => {
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
