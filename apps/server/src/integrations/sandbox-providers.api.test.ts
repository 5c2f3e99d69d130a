import { stripe } from '@brade/sandbox';
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
    const prod = await startTestServer({ env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.get('/sandbox/square/v2/locations')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
