import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';

// A signed-in GET runs its handler while its session is checked (auth/authenticate.ts, http/signed-in.ts, docs/security-decisions.md):
// what it answers must be exactly what checking first would answer.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const READS = [
  'get-current-month-sales-total',
  'get-current-month-revenue-per-client',
  'get-monthly-sales',
  'get-financial-goals',
  'get-user-details',
];

describe('signed-in reads that run alongside their session check', () => {
  it('answer a live session, 404 for another owner, and 401 for every one of them once the session is revoked', async () => {
    const owner = await signUpAndConfirm(server);
    const other = await signUpAndConfirm(server);
    for (const call of READS) {
      expect((await server.get(`/api/database/${call}/${owner.id}`, owner.access_token)).status, call).toBe(200);
      const foreign = await server.get(`/api/database/${call}/${other.id}`, owner.access_token);
      expect(foreign.status, call).toBe(404);
      // The foreign owner's figures never leave the server, only the error shape.
      expect(Object.keys(foreign.body as object).sort(), call).toEqual(['code', 'error']);
    }
    const out = await server.post('/api/signout_user', {
      refresh_token: owner.refresh_token,
      access_token: owner.access_token,
    });
    expect(out.status).toBe(200);
    for (const call of READS) {
      const own = await server.get(`/api/database/${call}/${owner.id}`, owner.access_token);
      expect(own.status, call).toBe(401);
      expect(JSON.stringify(own.body)).not.toContain('value');
      expect((await server.get(`/api/database/${call}/${other.id}`, owner.access_token)).status, call).toBe(401);
    }
    // The other owner's session is untouched.
    expect((await server.get(`/api/database/get-financial-goals/${other.id}`, other.access_token)).status).toBe(200);
  });

  it('a token that is no JWT, or a tampered one, is 401 before any handler runs', async () => {
    const owner = await signUpAndConfirm(server);
    for (const token of ['not-a-jwt', `${owner.access_token}x`]) {
      expect((await server.get(`/api/database/get-monthly-sales/${owner.id}`, token)).status).toBe(401);
    }
    expect((await server.get(`/api/database/get-monthly-sales/${owner.id}`)).status).toBe(401);
  });
});
