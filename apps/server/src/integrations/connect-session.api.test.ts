import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pressConsentButton } from '../test/consent-form-browser.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { connectAttempts, connections } from './tables.js';

/**
 * Stripe takes no PKCE, so its code and state alone would connect whoever brings them back. A connect attempt belongs
 * to the browser session that started it (docs/security-decisions.md, "Connecting providers (OAuth and the
 * pop-up)"): a code and state that leak (a log, a shared screen, a Referer) are refused from any other session, even
 * the same owner's, and the attempt stays usable by the session that asked. Through the real Stripe adapter and the
 * Stripe simulator.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SYNC_HISTORY_DAYS: '30' } });
});
afterAll(() => server.close());

type Owner = { id: string; email: string; password: string; access_token: string; refresh_token: string };

async function stripeConsent(owner: Owner) {
  const auth = await server.post(
    '/api/integrations/authorization-url',
    { id: owner.id, processor: 'stripe' },
    owner.access_token,
  );
  expect(auth.status).toBe(200);
  expect(new URL(auth.body.url).searchParams.has('code_challenge')).toBe(false);
  const back = await pressConsentButton(auth.body.url, 'approve', { login: owner.email });
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

const bring = (owner: Owner, token: string, returned: { code: string; state: string }) =>
  server.post('/api/stripe/record-stripe-transactions', { id: owner.id, ...returned }, token);

const connectionCount = async (owner: Owner) =>
  (await server.ctx.database.db.select().from(connections).where(eq(connections.userId, owner.id))).length;

describe('a Stripe code belongs to the session that asked for it', () => {
  it("refuses the code from the owner's other session and from another owner, then connects the session that asked", async () => {
    const owner = await signUpAndConfirm(server);
    // The same owner signed in on a second device: a session of its own.
    const elsewhere = await server.post('/api/signin_user', { email: owner.email, password: owner.password });
    expect(elsewhere.status).toBe(200);
    const returned = await stripeConsent(owner);

    const fromOtherSession = await bring(owner, elsewhere.body.access_token, returned);
    expect(fromOtherSession.status).toBe(400);
    expect(fromOtherSession.body).toMatchObject({
      code: 'connect_other_session',
      error: 'This connection was started from another sign-in. Please connect again from this one.',
    });
    const stranger = await signUpAndConfirm(server);
    const fromStranger = await server.post(
      '/api/stripe/record-stripe-transactions',
      { id: stranger.id, ...returned },
      stranger.access_token,
    );
    expect(fromStranger.status).toBe(400);
    expect(fromStranger.body.code).toBe('connect_state_invalid');
    const onboarding = await server.post('/api/stripe/get_access_token', returned, elsewhere.body.access_token);
    expect(onboarding.body.code).toBe('connect_other_session');
    expect(await connectionCount(owner)).toBe(0);
    expect(await connectionCount(stranger)).toBe(0);
    const [attempt] = await server.ctx.database.db
      .select()
      .from(connectAttempts)
      .where(eq(connectAttempts.userId, owner.id));
    expect(attempt!.usedAt).toBeNull();

    const fromItsSession = await bring(owner, owner.access_token, returned);
    expect(fromItsSession.status).toBe(200);
    expect(fromItsSession.body.connection).toMatchObject({ processor: 'stripe', status: 'connected' });
    expect(await connectionCount(owner)).toBe(1);
  });

  it('leaves an attempt unfinishable once its session has signed out: the next sign-in is another session', async () => {
    const owner = await signUpAndConfirm(server);
    const returned = await stripeConsent(owner);
    const out = await server.post('/api/signout_user', { refresh_token: owner.refresh_token }, owner.access_token);
    expect(out.status).toBe(200);
    const again = await server.post('/api/signin_user', { email: owner.email, password: owner.password });
    const late = await bring(owner, again.body.access_token, returned);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('connect_other_session');
    // The signed-out session itself is refused before any of this (401).
    expect((await bring(owner, owner.access_token, returned)).status).toBe(401);
    expect(await connectionCount(owner)).toBe(0);
  });
});
