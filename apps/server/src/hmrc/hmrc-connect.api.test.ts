import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { resealStaleCredentials } from '../integrations/reseal-credentials.js';
import { createTokenCipher } from '../integrations/token-cipher.js';
import { grantAuthority, TEST_CLIENT, TEST_CLIENT_IP, TEST_VRN } from '../test/hmrc-test-kit.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { withAccessToken } from './access-token.js';
import { findHmrcConnection, readTokens } from './connection-store.js';
import { fraudPreventionHeaders } from './fraud-prevention/fraud-headers.js';
import { HMRC_SEALED_COLUMN } from './sealed-column.js';
import { hmrcAuditLog } from './tables.js';
import { vatApi } from './vat/vat-api.js';

let now = new Date();
let server: TestServer;
const KEY = 'c'.repeat(64);
// The browser reaches Brade through one proxy (TRUST_PROXY=1) that forwards its public address and port.
const forwarded = { 'x-forwarded-for': TEST_CLIENT_IP, 'x-client-port': '50123' };
beforeAll(async () => {
  server = await startTestServer({
    clock: () => now,
    env: { TRUST_PROXY: '1', SANDBOX_CONTROLS: 'true', ENCRYPTION_KEY: KEY },
  });
});
afterAll(() => server.close());

type Owner = Awaited<ReturnType<typeof signUpAndConfirm>>;
const post = (path: string, body: unknown, owner?: Owner) =>
  server.request('POST', path, { body, headers: forwarded, ...(owner ? { token: owner.access_token } : {}) });

async function connect(owner: Owner) {
  const started = await post('/api/hmrc/authorization-url', { id: owner.id }, owner);
  expect(started.status).toBe(200);
  const back = await grantAuthority(started.body.url);
  expect(`${back.origin}${back.pathname}`).toBe(`${server.url}/hmrc-redirect`);
  return post(
    '/api/hmrc/connect',
    { id: owner.id, code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    owner,
  );
}

/** One VAT call with a live token, as every HMRC-backed route makes it (access-token.ts). */
function obligations(owner: Owner) {
  const endpoint = server.ctx.hmrc.endpoint!;
  const fraudHeaders = fraudPreventionHeaders({
    client: TEST_CLIENT,
    connection: { clientIp: TEST_CLIENT_IP, clientPort: 50_123, seenAt: now },
    vendorPublicIp: endpoint.vendorPublicIp,
    userId: owner.id,
  });
  return withAccessToken(server.ctx, owner.id, (accessToken) =>
    vatApi(endpoint).obligations({ accessToken, fraudHeaders }, TEST_VRN, { from: '2025-06-01', to: '2026-05-31' }),
  );
}

describe('connecting HMRC', () => {
  it('asks for read:vat and write:vat with PKCE, returns to /hmrc-redirect, and stores a sealed 18-month grant', async () => {
    now = new Date();
    const owner = await signUpAndConfirm(server);
    expect((await server.get(`/api/hmrc/connection/${owner.id}`, owner.access_token)).body.connection).toMatchObject({
      status: 'not_connected',
    });
    const started = await post('/api/hmrc/authorization-url', { id: owner.id }, owner);
    const params = new URL(started.body.url).searchParams;
    expect(started.body.url.startsWith(`${server.url}/sandbox/hmrc/oauth/authorize?`)).toBe(true);
    expect(params.get('scope')).toBe('read:vat write:vat');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('redirect_uri')).toBe(`${server.url}/hmrc-redirect`);

    const connected = await connect(owner);
    expect(connected.status).toBe(200);
    expect(connected.body.connection).toMatchObject({
      status: 'connected',
      scopes: ['read:vat', 'write:vat'],
      sandbox: true,
      problem: null,
    });
    const { since, renew_until } = connected.body.connection;
    expect(new Date(renew_until).getUTCMonth()).toBe((new Date(since).getUTCMonth() + 18) % 12);

    const row = (await findHmrcConnection(server.ctx.database.db, owner.id))!;
    const tokens = readTokens(server.ctx.hmrc.cipher, row)!;
    expect(row.credentials).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row.credentials).not.toContain(tokens.accessToken);
    expect(JSON.stringify(connected.body)).not.toContain(tokens.accessToken);
    expect(await obligations(owner)).not.toEqual([]);
  });

  it('refuses a state used twice, a declined grant, another owner’s id, no session and the demo account', async () => {
    const owner = await signUpAndConfirm(server);
    const started = await post('/api/hmrc/authorization-url', { id: owner.id }, owner);
    const back = await grantAuthority(started.body.url);
    const body = { id: owner.id, code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    expect((await post('/api/hmrc/connect', body, owner)).status).toBe(200);
    const reused = await post('/api/hmrc/connect', body, owner);
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('connect_state_used');

    const other = await signUpAndConfirm(server);
    const declinedStart = await post('/api/hmrc/authorization-url', { id: other.id }, other);
    const state = new URL(declinedStart.body.url).searchParams.get('state');
    const declined = await post('/api/hmrc/connect', { id: other.id, state, error: 'access_denied' }, other);
    expect(declined.status).toBe(400);
    expect(declined.body.error).toBe('HMRC did not grant Brade authority. Please connect again.');
    expect((await server.get(`/api/hmrc/connection/${other.id}`, other.access_token)).body.connection.status).toBe(
      'not_connected',
    );

    expect((await post('/api/hmrc/authorization-url', { id: other.id }, owner)).status).toBe(404);
    expect((await server.get(`/api/hmrc/connection/${owner.id}`, other.access_token)).status).toBe(404);
    expect((await post('/api/hmrc/disconnect', { id: owner.id }, other)).status).toBe(404);
    expect((await post('/api/hmrc/authorization-url', { id: owner.id })).status).toBe(401);
    const demo = await server.post('/api/signin_user', { email: 'demo@brade.app', password: 'Brade2026' });
    const refused = await server.post('/api/hmrc/authorization-url', { id: demo.body.id }, demo.body.access_token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its HMRC connection cannot be changed.');
    const nul = await post('/api/hmrc/connect', { id: owner.id, state: 'a\u0000b', code: 'x' }, owner);
    expect(nul.status).toBe(400);
    const huge = await post('/api/hmrc/connect', { id: owner.id, state: 'x'.repeat(5000), code: 'x' }, owner);
    expect(huge.status).toBe(400);
  });

  it('renews the 4-hour access token once, however many calls need it at the same moment', async () => {
    now = new Date();
    const owner = await signUpAndConfirm(server);
    await connect(owner);
    const before = readTokens(server.ctx.hmrc.cipher, (await findHmrcConnection(server.ctx.database.db, owner.id))!)!;
    // Brade's clock says the token is about to run out; HMRC's refresh tokens work once.
    now = new Date(before.accessExpiresAt.getTime() - 30_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => obligations(owner)));
    expect(answers.every((a) => a.length > 0)).toBe(true);
    const after = (await findHmrcConnection(server.ctx.database.db, owner.id))!;
    expect(after.status).toBe('connected');
    const renewed = readTokens(server.ctx.hmrc.cipher, after)!;
    expect(renewed.refreshToken).not.toBe(before.refreshToken);
    expect(renewed.accessExpiresAt.getTime()).toBeGreaterThan(now.getTime());
  });

  it('asks the owner to connect again once HMRC refuses the grant, and says why', async () => {
    now = new Date();
    const owner = await signUpAndConfirm(server);
    await connect(owner);
    const row = (await findHmrcConnection(server.ctx.database.db, owner.id))!;
    const { accessToken, refreshToken } = readTokens(server.ctx.hmrc.cipher, row)!;
    for (const token of [accessToken, refreshToken])
      await server.post('/sandbox/hmrc/__control/revoke-token', { token });
    await expect(obligations(owner)).rejects.toMatchObject({ statusCode: 409, code: 'hmrc_reconnect' });
    const status = await server.get(`/api/hmrc/connection/${owner.id}`, owner.access_token);
    expect(status.body.connection).toMatchObject({
      status: 'needs_reconnect',
      problem:
        'HMRC no longer accepts Brade’s authority (it lasts 18 months, and you can remove it at HMRC). Connect HMRC again.',
    });
    expect((await connect(owner)).body.connection.status).toBe('connected');
  });

  it('disconnects, forgetting the grant, and keeps an audit record of who connected and disconnected, from where', async () => {
    const owner = await signUpAndConfirm(server);
    await connect(owner);
    const gone = await post('/api/hmrc/disconnect', { id: owner.id }, owner);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({
      connection: { status: 'not_connected' },
      message: 'Disconnected from HMRC. Brade keeps the returns already filed.',
    });
    expect((await post('/api/hmrc/disconnect', { id: owner.id }, owner)).status).toBe(400);
    expect(await findHmrcConnection(server.ctx.database.db, owner.id)).toBeUndefined();
    const log = await server.ctx.database.db.select().from(hmrcAuditLog).where(eq(hmrcAuditLog.userId, owner.id));
    expect(log.map((l) => [l.action, l.outcome, l.clientIp])).toEqual([
      ['connect', 'connected', TEST_CLIENT_IP],
      ['disconnect', 'disconnected', TEST_CLIENT_IP],
    ]);
    expect(log.every((l) => l.sessionId !== null)).toBe(true);
    const stored = rowsOf<{ n: number }>(
      await server.ctx.database.db.execute(
        sql`select count(*)::int as n from hmrc_connections where user_id = ${owner.id}`,
      ),
    );
    expect(stored[0]!.n).toBe(0);
  });

  it('re-seals the grant under a new ENCRYPTION_KEY with the other credentials (docs/deployment.md, "Rotating keys")', async () => {
    now = new Date();
    const owner = await signUpAndConfirm(server);
    await connect(owner);
    const before = readTokens(server.ctx.hmrc.cipher, (await findHmrcConnection(server.ctx.database.db, owner.id))!);
    const next = 'd'.repeat(64);
    const rotated = createTokenCipher(next, [KEY]);
    const outcome = await resealStaleCredentials(server.ctx.database.db, rotated, pino({ level: 'silent' }), [
      HMRC_SEALED_COLUMN,
    ]);
    expect(outcome.unreadable).toBe(0);
    const after = (await findHmrcConnection(server.ctx.database.db, owner.id))!;
    expect(readTokens(createTokenCipher(next), after)).toEqual(before);
  });
});
