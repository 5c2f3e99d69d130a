import { square, stripe } from '@brade/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sandbox providers mounted on the app', () => {
  it('serves the Stripe and SumUp consent pages as HTML with Approve and Deny', async () => {
    const redirect = encodeURIComponent(`${server.url}/stripe-redirect`);
    const stripePage = await server.get(
      `/sandbox/stripe/oauth/authorize?response_type=code&client_id=${stripe.DEFAULT_STRIPE_CLIENT_ID}&scope=read_only&redirect_uri=${redirect}&state=s1`,
    );
    expect(stripePage.status).toBe(200);
    expect(stripePage.headers.get('content-type')).toMatch(/text\/html/);
    expect(String(stripePage.body)).toMatch(/Approve/);
    expect(String(stripePage.body)).toMatch(/Deny/);
    const sumupRedirect = encodeURIComponent(`${server.url}/sumup-redirect`);
    const sumup = await server.get(
      `/sandbox/sumup/authorize?response_type=code&client_id=brade&redirect_uri=${sumupRedirect}&scope=transactions.history&state=s2`,
    );
    expect(sumup.status).toBe(200);
    expect(String(sumup.body)).toMatch(/Approve/);
  });

  it("speaks Square's error shape without a token", async () => {
    const res = await server.get('/sandbox/square/v2/locations');
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ category: 'AUTHENTICATION_ERROR' });
  });

  it('lists UK banks with the sandbox bank first after a GoCardless token', async () => {
    const token = await server.post('/sandbox/gocardless/api/v2/token/new/', { secret_id: 'id', secret_key: 'key' });
    expect(token.status).toBe(200);
    const banks = await server.get('/sandbox/gocardless/api/v2/institutions/?country=gb', token.body.access);
    expect(banks.status).toBe(200);
    expect(banks.body[0].id).toBe('SANDBOXFINANCE_SFIN0000');
    expect(banks.body.length).toBeGreaterThan(5);
  });

  it('is not mounted in production without ALLOW_SANDBOX', async () => {
    const prod = await startTestServer({ env: { NODE_ENV: 'production', ALLOW_SANDBOX: '', DEV_MAILBOX: '' } });
    try {
      expect((await prod.get('/sandbox/square/v2/locations')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  describe('redirect only to the app’s own registered return page', () => {
    const elsewhere = ['https://evil.example/steal', '{origin}/main-menu/dashboard', '{origin}/stripe-redirect/../x'];
    const card = (provider: string, target: string) => {
      const redirect_uri = target.replace('{origin}', server.url);
      const query: Record<string, Record<string, string>> = {
        stripe: { response_type: 'code', client_id: stripe.DEFAULT_STRIPE_CLIENT_ID, scope: 'read_only', state: 's' },
        square: { client_id: square.DEFAULT_SQUARE_CLIENT_ID, scope: 'PAYMENTS_READ PAYOUTS_READ', state: 's' },
        sumup: { response_type: 'code', client_id: 'brade', scope: 'transactions.history', state: 's' },
      };
      const path = { stripe: 'oauth/authorize', square: 'oauth2/authorize', sumup: 'authorize' }[provider];
      return server.get(`/sandbox/${provider}/${path}?${new URLSearchParams({ ...query[provider], redirect_uri })}`);
    };

    it.each(['stripe', 'square', 'sumup'])(
      '%s answers any other redirect_uri with its error page',
      async (provider) => {
        for (const target of elsewhere) {
          const res = await card(provider, target);
          expect(res.status).toBe(400);
          expect(res.headers.get('location')).toBeNull();
          expect(res.headers.get('content-type')).toMatch(/text\/html/);
        }
        expect((await card(provider, `{origin}/${provider}-redirect`)).status).toBe(200);
        // Another provider's return page is not this one's.
        const other = provider === 'stripe' ? 'sumup' : 'stripe';
        expect((await card(provider, `{origin}/${other}-redirect`)).status).toBe(400);
      },
    );

    it('sumup refuses a consent answer whose form was edited to another redirect_uri', async () => {
      const res = await server.request('POST', '/sandbox/sumup/authorize', {
        raw: new URLSearchParams({
          client_id: 'brade',
          redirect_uri: 'https://evil.example/steal',
          state: 's',
          decision: 'approve',
          scope: 'transactions.history',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    });

    it('the bank takes a redirect per requisition but only the app’s /gocardless-redirect', async () => {
      const token = (await server.post('/sandbox/gocardless/api/v2/token/new/', { secret_id: 'i', secret_key: 'k' }))
        .body.access;
      const requisition = (redirect: string) =>
        server.post(
          '/sandbox/gocardless/api/v2/requisitions/',
          { redirect: redirect.replace('{origin}', server.url), institution_id: 'SANDBOXFINANCE_SFIN0000' },
          token,
        );
      for (const target of elsewhere) expect((await requisition(target)).status).toBe(400);
      const ok = await requisition('{origin}/gocardless-redirect');
      expect(ok.status).toBe(201);
    });
  });
});
