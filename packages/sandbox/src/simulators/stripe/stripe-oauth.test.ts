import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerConsent,
  connect,
  exchangeCode,
  openConsent,
  REDIRECT_URI,
  stripeGet,
} from '../../test/stripe-test-helpers';
import type { RunningCardSimulator } from '../common/card-sim-types';
import { startStripeSimulator } from './stripe-simulator';

const NOW = new Date('2026-05-14T15:00:00Z');
let sim: RunningCardSimulator;

beforeAll(async () => {
  sim = await startStripeSimulator({ seed: 'oauth-test', now: () => NOW, redirectUris: [REDIRECT_URI] });
});
afterAll(() => sim.close());

describe('Stripe Connect OAuth', () => {
  it('renders a script-free consent page with Approve and Deny', async () => {
    const response = await openConsent(sim);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="deny"');
    expect(html).not.toContain('<script');
  });

  it('approves, exchanges the code once and lists the account data', async () => {
    const page = await openConsent(sim);
    const location = await answerConsent(sim, await page.text(), 'approve');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('state-123');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^ac_/);

    const first = await exchangeCode(sim, code);
    expect(first.status).toBe(200);
    const token = (await first.json()) as Record<string, unknown>;
    expect(token).toMatchObject({ token_type: 'bearer', livemode: false, scope: 'read_only' });
    expect(token.stripe_user_id).toMatch(/^acct_/);
    expect(token.refresh_token).toMatch(/^rt_/);

    const charges = await stripeGet(sim, '/v1/charges', token.access_token as string);
    expect(charges.status).toBe(200);
    const list = (await charges.json()) as { object: string; data: unknown[]; has_more: boolean; url: string };
    expect(list).toMatchObject({ object: 'list', has_more: true, url: '/v1/charges' });
    expect(list.data).toHaveLength(10);

    const reused = await exchangeCode(sim, code);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: `Authorization code already used: ${code}`,
    });
  });

  it('redirects a denial with access_denied and the state', async () => {
    const page = await openConsent(sim);
    const location = await answerConsent(sim, await page.text(), 'deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('refuses an unknown client_id or a bad redirect with an error page, and a bad scope with a redirect', async () => {
    expect((await openConsent(sim, { client_id: 'ca_nope' })).status).toBe(400);
    expect((await openConsent(sim, { redirect_uri: 'javascript:alert(1)' })).status).toBe(400);
    const badScope = await fetch(
      `${sim.url}/oauth/authorize?${new URLSearchParams({ client_id: sim.control.credentials.clientId, response_type: 'code', scope: 'admin', redirect_uri: REDIRECT_URI, state: 's' })}`,
      { redirect: 'manual' },
    );
    expect(badScope.status).toBe(302);
    expect(new URL(badScope.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
  });

  it('expires codes after five minutes', async () => {
    const page = await openConsent(sim);
    const location = await answerConsent(sim, await page.text(), 'approve');
    sim.control.advanceClock(5 * 60_000 + 1000);
    try {
      const response = await exchangeCode(sim, location.searchParams.get('code')!);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error_description: string }).error_description).toMatch(/expired/);
    } finally {
      sim.control.advanceClock(-(5 * 60_000 + 1000));
    }
  });

  it('rejects a wrong client secret with invalid_client', async () => {
    const page = await openConsent(sim);
    const location = await answerConsent(sim, await page.text(), 'approve');
    const response = await exchangeCode(sim, location.searchParams.get('code')!, 'sk_test_wrong');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('accepts the platform key with Stripe-Account, refreshes, and answers 401 after deauthorize', async () => {
    const connection = await connect(sim, 'deauth@salon.example');
    const secret = sim.control.credentials.clientSecret;
    const viaPlatform = await stripeGet(sim, '/v1/payouts?limit=3', secret, {
      'Stripe-Account': connection.stripe_user_id,
    });
    expect(viaPlatform.status).toBe(200);

    const refreshed = await fetch(`${sim.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: connection.refresh_token,
        client_secret: secret,
      }),
    });
    expect(refreshed.status).toBe(200);
    const rolled = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(rolled.refresh_token).toBe(connection.refresh_token);
    expect(rolled.access_token).not.toBe(connection.access_token);

    const deauthorize = await fetch(`${sim.url}/oauth/deauthorize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: sim.control.credentials.clientId,
        stripe_user_id: connection.stripe_user_id,
      }),
    });
    expect(await deauthorize.json()).toEqual({ stripe_user_id: connection.stripe_user_id });

    const revoked = await stripeGet(sim, '/v1/charges', rolled.access_token);
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { error: { code: string; type: string } }).error).toMatchObject({
      code: 'api_key_expired',
      type: 'invalid_request_error',
    });
    const platformAfter = await stripeGet(sim, '/v1/charges', secret, { 'Stripe-Account': connection.stripe_user_id });
    expect(platformAfter.status).toBe(403);
  });

  it('answers 401 for an unknown key, a missing key and an expired token', async () => {
    expect((await stripeGet(sim, '/v1/charges', 'sk_test_unknown')).status).toBe(401);
    expect((await fetch(`${sim.url}/v1/charges`)).status).toBe(401);
    const connection = await connect(sim, 'expire@salon.example');
    sim.control.expireToken(connection.access_token);
    const response = await stripeGet(sim, '/v1/charges', connection.access_token);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.message).toMatch(/^Expired API Key provided: sk_test_\*+/);
  });
});
