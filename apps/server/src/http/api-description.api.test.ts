import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ALL_ENDPOINTS, errorAnswersOf } from '@brade/contract';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

/**
 * /api/docs as an outside client reads it (docs/architecture.md, "The API's conventions"): the product's calls only,
 * each named, summarised and with its error answers; Redocly's recommended rules find no error in it, and a client
 * generated from it with openapi-typescript compiles.
 */
const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../../..');
const bin = (where: string, name: string) => path.join(repo, where, 'node_modules/.bin', name);
const METHODS = ['get', 'post'] as const;

let server: TestServer;
let doc: OpenAPIV3.Document;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  doc = (await server.get('/api/docs')).body;
  dir = mkdtempSync(path.join(tmpdir(), 'brade-openapi-'));
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ url, method, operation: item[method]! }] : [])),
  );

describe('the API description at /api/docs', () => {
  it('describes every call of the contract once, and nothing else: no simulator, no dev mailbox', () => {
    expect(Object.keys(doc.paths).filter((url) => !url.startsWith('/api/'))).toEqual([]);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ALL_ENDPOINTS.map((endpoint) => endpoint.operationId).sort());
    // They are still served, listed apart for the tests that probe every route.
    expect(server.unlisted.some((route) => route.url.startsWith('/sandbox/stripe/'))).toBe(true);
    expect(server.unlisted.some((route) => route.url === '/dev/mailbox')).toBe(true);
  });

  it('gives each operation a one-line summary, its security and its error answers', () => {
    for (const { url, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${url}`;
      expect(operation.summary, where).toMatch(/^[A-Z][^\n]{10,120}$/);
      expect(operation.security, where).toBeDefined();
      const endpoint = ALL_ENDPOINTS.find((e) => e.operationId === operation.operationId)!;
      expect(
        Object.keys(operation.responses).filter((status) => status >= '400'),
        where,
      ).toEqual(errorAnswersOf(endpoint).map(String));
      expect(operation.security!.length > 0, where).toBe(endpoint.auth === 'session');
    }
    const signin = doc.paths['/api/signin_user']!.post!;
    expect(Object.keys(signin.responses)).toEqual(['200', '400', '401', '429', '503']);
    expect(signin.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    const details = doc.paths['/api/database/get-user-details/{id}']!.get!;
    expect(Object.keys(details.responses)).toEqual(['200', '400', '401', '404', '503']);
    const recover = doc.paths['/api/auth/recover']!.get!;
    expect(Object.keys(recover.responses)).toEqual(['303', '400', '429', '503']);
  });

  it('passes Redocly lint with no error', async () => {
    const { stdout } = await run(bin('.', 'redocly'), ['lint', 'openapi.json', '--format=json'], { cwd: dir }).catch(
      (failed: { stdout: string }) => failed,
    );
    const report = JSON.parse(stdout) as { totals: { errors: number }; problems: Array<{ severity: string }> };
    expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('generates a client with openapi-typescript that compiles and reads the calls, answers and errors', async () => {
    await run(bin('tools/openapi-client', 'openapi-typescript'), ['openapi.json', '-o', 'api.d.ts'], { cwd: dir });
    writeFileSync(
      path.join(dir, 'client.ts'),
      `import type { components, operations, paths } from './api';
type SignIn = paths['/api/signin_user']['post'];
export const request: SignIn['requestBody']['content']['application/json'] = { email: 'a@salon.co.uk', password: 'x' };
export const session: SignIn['responses'][200]['content']['application/json'] = {
  id: 'u', access_token: 'a', refresh_token: 'r', expires_in: 900,
};
export const problem: components['schemas']['ApiError'] = { error: 'Too many attempts.', code: 'rate_limited' };
export const throttled: SignIn['responses'][429]['content']['application/json'] = problem;
export const notYours: operations['getUserDetails']['responses'][404]['content']['application/json'] = problem;
`,
    );
    await expect(
      run(
        bin('.', 'tsc'),
        [
          '--noEmit',
          '--strict',
          '--target',
          'es2022',
          '--module',
          'esnext',
          '--moduleResolution',
          'bundler',
          'client.ts',
        ],
        { cwd: dir },
      ),
    ).resolves.toBeDefined();
  });
});
