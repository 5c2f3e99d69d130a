import { ALL_ENDPOINTS } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

/**
 * The server registers its API from the contract's endpoint tables and /api/docs describes what is registered: the
 * two lists are the same, route for route, and every endpoint the contract says needs a session refuses without one.
 */
let server: TestServer;
let documented: Array<{ route: string; secured: boolean }> = [];

beforeAll(async () => {
  server = await startTestServer();
  const docs = (await server.get('/api/docs')).body as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  documented = Object.entries(docs.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        secured: Boolean(operation.security?.length),
      })),
    );
});
afterAll(() => server.close());

const declared = ALL_ENDPOINTS.map((e) => ({ route: `${e.method} ${e.path}`, secured: e.auth === 'session' }));
const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);

describe('the API as the contract declares it', () => {
  it('lists in /api/docs exactly the endpoints of the contract, each with its session requirement', () => {
    expect(declared.length).toBeGreaterThan(45);
    expect([...documented].sort(byRoute)).toEqual([...declared].sort(byRoute));
  });

  it('refuses every session endpoint without a token (401), whatever it would read or write', async () => {
    const open: string[] = [];
    for (const endpoint of ALL_ENDPOINTS.filter((e) => e.auth === 'session')) {
      const path = endpoint.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const res =
        endpoint.method === 'GET'
          ? await server.get(path)
          : endpoint.body === 'bytes'
            ? await server.request('POST', path, { raw: 'x', headers: { 'content-type': 'image/png' } })
            : await server.post(path, {});
      // A POST whose body fails validation is refused first (400, as before this table existed); never a 2xx.
      const refused = res.status === 401 || (endpoint.method === 'POST' && res.status === 400);
      if (!refused) open.push(`${endpoint.method} ${endpoint.path} → ${res.status}`);
    }
    expect(open).toEqual([]);
  });
});
