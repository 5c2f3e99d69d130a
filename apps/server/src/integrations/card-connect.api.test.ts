import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { FakeCardProvider, fakeProviders, payments } from '../test/fake-providers.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { waitForSync } from '../test/wait.js';
import { deleteExpiredAttempts } from './connect-attempts.js';
import { connectAttempts } from './tables.js';

let now = new Date('2026-11-20T10:00:00Z');
const stripe = new FakeCardProvider(
  'stripe',
  payments('stripe', ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05']),
);
const square = new FakeCardProvider('square', payments('square', ['2026-11-06']));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now, providers: fakeProviders({ stripe, square }, null) });
});
afterAll(() => server.close());

async function startConnect(owner: { id: string; access_token: string }, processor = 'stripe') {
  const res = await server.post('/api/integrations/authorization-url', { id: owner.id, processor }, owner.access_token);
  expect(res.status).toBe(200);
  return res.body as { url: string; state: string };
}

const salesTotal = async (owner: { id: string; access_token: string }) =>
  (await server.get(`/api/database/get-current-month-sales-total/${owner.id}`, owner.access_token)).body.value;

describe('connecting a card provider', () => {
  it('gives an authorisation URL with an unguessable state, its own redirect and a PKCE challenge', async () => {
    const owner = await signUpAndConfirm(server);
    const { url, state } = await startConnect(owner);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const params = new URL(url).searchParams;
    expect(params.get('state')).toBe(state);
    expect(params.get('redirect_uri')).toBe(`${server.url}/stripe-redirect`);
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('connects, imports every transaction in the background and shows the figures', async () => {
    const owner = await signUpAndConfirm(server);
    const { state } = await startConnect(owner);
    const res = await server.post(
      '/api/stripe/record-stripe-transactions',
      { id: owner.id, code: stripe.issueCode('acct_one'), state },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({ processor: 'stripe', status: 'connected', sandbox: true });
    const [done] = await waitForSync(server, owner, (c) => c[0]?.last_sync !== null);
    expect(done).toMatchObject({ status: 'connected', sync: { state: 'idle', imported: 4, last_error: null } });
    expect(await salesTotal(owner)).toBe(180);
    const tokens = await server.get(`/api/database/get-access-tokens/${owner.id}`, owner.access_token);
    expect(tokens.status).toBe(200);
    expect(tokens.body.sales_access_tokens.stripe).toMatchObject({ status: 'connected', processor: 'stripe' });
    expect(tokens.body.expenses_access_tokens).toEqual({});
    expect(JSON.stringify(tokens.body)).not.toMatch(/tok_|code_/);
  });

  it('keeps the provider token only encrypted, bound to its row', async () => {
    const owner = await signUpAndConfirm(server);
    const { state } = await startConnect(owner);
    const code = stripe.issueCode();
    await server.post('/api/stripe/record-stripe-transactions', { id: owner.id, code, state }, owner.access_token);
    const rows = rowsOf<{ credentials: string }>(
      await server.ctx.database.db.execute(sql`select credentials from connections where user_id = ${owner.id}`),
    );
    expect(rows[0]!.credentials).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(rows[0]!.credentials).not.toContain(`tok_${code}`);
  });

  it('onboarding get_access_token connects the signed-in owner', async () => {
    const owner = await signUpAndConfirm(server);
    const { state } = await startConnect(owner);
    const res = await server.post(
      '/api/stripe/get_access_token',
      { code: stripe.issueCode(), state },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    expect(res.body.connection.status).toBe('connected');
  });

  it('refuses a replayed, forged, expired or foreign state and a code for another owner, changing nothing', async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const first = await startConnect(a);
    const code = stripe.issueCode();
    expect(
      (
        await server.post(
          '/api/stripe/record-stripe-transactions',
          { id: a.id, code, state: first.state },
          a.access_token,
        )
      ).status,
    ).toBe(200);
    const replay = await server.post(
      '/api/stripe/record-stripe-transactions',
      { id: a.id, code: stripe.issueCode(), state: first.state },
      a.access_token,
    );
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('This connection link has already been used. Please connect again.');

    const forged = await server.post(
      '/api/stripe/record-stripe-transactions',
      { id: b.id, code: stripe.issueCode(), state: 'x'.repeat(43) },
      b.access_token,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('This connection link is not valid. Please connect again.');

    // B's code used with A's state: the state belongs to A.
    const aState = await startConnect(a);
    const bState = await startConnect(b);
    const bCode = stripe.issueCode();
    const foreign = await server.post(
      '/api/stripe/record-stripe-transactions',
      { id: b.id, code: bCode, state: aState.state },
      b.access_token,
    );
    expect(foreign.status).toBe(400);
    // A code A obtained (bound to A's PKCE challenge) redeemed by B with B's own state fails at the provider.
    await startConnect(a);
    const aFreshCode = stripe.issueCode();
    const crossed = await server.post(
      '/api/stripe/record-stripe-transactions',
      { id: b.id, code: aFreshCode, state: bState.state },
      b.access_token,
    );
    expect(crossed.status).toBe(400);
    expect(crossed.body.code).toBe('provider_refused');
    const bTokens = await server.get(`/api/database/get-access-tokens/${b.id}`, b.access_token);
    expect(bTokens.body.sales_access_tokens).toEqual({});

    const late = await startConnect(b);
    const saved = now;
    now = new Date(now.getTime() + 11 * 60_000);
    try {
      const expired = await server.post(
        '/api/stripe/record-stripe-transactions',
        { id: b.id, code: stripe.issueCode(), state: late.state },
        b.access_token,
      );
      expect(expired.status).toBe(400);
      expect(expired.body.error).toBe('This connection link has expired. Please connect again.');
    } finally {
      now = saved;
    }
  });

  it('turns a provider refusal of the code into a sentence', async () => {
    const owner = await signUpAndConfirm(server);
    const { state } = await startConnect(owner);
    const res = await server.post(
      '/api/stripe/record-stripe-transactions',
      { id: owner.id, code: 'never-issued', state },
      owner.access_token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'Stripe did not accept the connection: The authorisation code is not valid. Please connect again.',
    );
  });

  it('checks the payload and the owner: unknown processor, blank code, another id, the demo account', async () => {
    const owner = await signUpAndConfirm(server);
    const unknown = await server.post(
      '/api/integrations/authorization-url',
      { id: owner.id, processor: 'paypal' },
      owner.access_token,
    );
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Unknown POS selected. Please try again.');
    const blank = await server.post(
      '/api/square/record-square-transactions',
      { id: owner.id, code: ' ', state: 's' },
      owner.access_token,
    );
    expect(blank.status).toBe(400);
    // SumUp's merchant code (beyond the spec) is letters and digits only: a path or a NUL never reaches SumUp.
    for (const [merchant_code, sentence] of [
      ['../v0.1/me', 'The SumUp merchant code is not valid.'],
      ['x'.repeat(33), 'The SumUp merchant code is not valid.'],
      ['MH4H\u0000', 'Text must not contain NUL characters.'],
    ]) {
      const bad = await server.post(
        '/api/sumup/record-sumup-transactions',
        { id: owner.id, code: 'c', state: 's', merchant_code },
        owner.access_token,
      );
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(sentence);
    }
    const other = await signUpAndConfirm(server);
    expect(
      (
        await server.post(
          '/api/integrations/authorization-url',
          { id: other.id, processor: 'stripe' },
          owner.access_token,
        )
      ).status,
    ).toBe(404);
    expect((await server.get(`/api/database/get-access-tokens/${other.id}`, owner.access_token)).status).toBe(404);
    expect(
      (await server.post('/api/integrations/authorization-url', { id: owner.id, processor: 'stripe' })).status,
    ).toBe(401);
    const demo = await server.post('/api/signin_user', { email: 'demo@brade.app', password: 'Brade2026' });
    const refused = await server.post(
      '/api/integrations/authorization-url',
      { id: demo.body.id, processor: 'stripe' },
      demo.body.access_token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its connections cannot be changed.');
    expect(
      (
        await server.post(
          '/api/integrations/authorization-url',
          { id: owner.id, processor: 'sumup' },
          owner.access_token,
        )
      ).status,
    ).toBe(503);
  });
});

describe('disconnecting', () => {
  it('revokes at the provider, stops importing and keeps the history', async () => {
    const owner = await signUpAndConfirm(server);
    const { state } = await startConnect(owner, 'square');
    const code = square.issueCode('sq_merchant');
    await server.post('/api/square/record-square-transactions', { id: owner.id, code, state }, owner.access_token);
    await waitForSync(server, owner, (c) => c[0]?.last_sync !== null);
    expect(await salesTotal(owner)).toBe(45);

    const res = await server.post(
      '/api/database/delete-tokens',
      { id: owner.id, processor: 'square' },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({ status: 'disconnected', next_sync: null });
    expect(square.revoked.has(`tok_${code}`)).toBe(true);
    expect(await salesTotal(owner)).toBe(45);
    const tokens = await server.get(`/api/database/get-access-tokens/${owner.id}`, owner.access_token);
    expect(tokens.body.sales_access_tokens.square.status).toBe('disconnected');

    const again = await server.post(
      '/api/database/delete-tokens',
      { id: owner.id, processor: 'square' },
      owner.access_token,
    );
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Square is not connected.');
    const bad = await server.post(
      '/api/database/delete-tokens',
      { id: owner.id, processor: 'paypal' },
      owner.access_token,
    );
    expect(bad.status).toBe(400);
  });
});

describe('connect attempts', () => {
  it('are cleared an hour after they expire', async () => {
    const owner = await signUpAndConfirm(server);
    await startConnect(owner);
    const db = server.ctx.database.db;
    const count = async () => db.$count(connectAttempts, eq(connectAttempts.userId, owner.id));
    expect(await count()).toBe(1);
    await deleteExpiredAttempts(db, new Date(now.getTime() + 30 * 60_000));
    expect(await count()).toBe(1);
    await deleteExpiredAttempts(db, new Date(now.getTime() + 71 * 60_000));
    expect(await count()).toBe(0);
  });
});
