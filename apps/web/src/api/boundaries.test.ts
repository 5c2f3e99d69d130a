import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web's side of the contract, checked over its sources: paths come from the contract's endpoint tables, every
 * answer is read by the one client, and the client reads answers only through the endpoint's schema.
 */
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Test helpers (src/test) are not product code.
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({ name: relative(SRC, path), text: readFileSync(path, 'utf8') }));

/** A string literal or template that starts an API path: '/api/…', "/api/…", `/api/…`. */
const API_PATH_LITERAL = /['"`]\/api\//;
/** A type assertion (`as T`, `as unknown`, `as { … }`); `as const` and import renames are not. */
const TYPE_ASSERTION = /(?<!import[^;]*)\bas\s+(?:[A-Z]\w*|unknown|any|never|string|number|boolean|\{|\()/;

describe('the web calls the API only through the contract', () => {
  it('finds the web sources', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.map((f) => f.name)).toContain(join('api', 'client.ts'));
  });

  it('spells no /api/ path outside the contract', () => {
    expect(files.filter((f) => API_PATH_LITERAL.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  it('sends every request through the client (no fetch elsewhere)', () => {
    const fetching = files.filter((f) => /\bfetch\(/.test(f.text)).map((f) => f.name);
    // Beside the client, only the early-start script's body, which sends the very requests the client will (their
    // paths recorded from the client's own calls at build time) before the app has loaded, for the client to adopt.
    expect(fetching.sort()).toEqual([join('api', 'client.ts'), join('api', 'early-answers.ts')]);
  });

  it('has the client read answers only through the endpoint schema: no type assertion in it', () => {
    const client = files.find((f) => f.name === join('api', 'client.ts'))!;
    const lines = client.text.split('\n').filter((line) => TYPE_ASSERTION.test(line) && !/^\s*(\/\/|\/?\*)/.test(line));
    expect(lines).toEqual([]);
  });

  it('would notice a path or an assertion (the patterns themselves)', () => {
    expect(API_PATH_LITERAL.test("fetch('/api/database/get-all-sales/' + id)")).toBe(true);
    expect(API_PATH_LITERAL.test("import { call } from '../../api/client';")).toBe(false);
    expect(TYPE_ASSERTION.test('return data as T;')).toBe(true);
    expect(TYPE_ASSERTION.test('const x = [1] as const;')).toBe(false);
    expect(TYPE_ASSERTION.test("import { AUTH_ENDPOINTS as E } from '@brade/contract';")).toBe(false);
  });
});
