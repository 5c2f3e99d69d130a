import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { submitConsent } from '../common/consent-form-reader';
import { readJson } from '../common/loose-json';
import type { SimulatorOptions } from '../common/simulator-harness-types';
import { sumupSimulator } from './index';

const app = Fastify();
const options: SimulatorOptions = {
  publicBaseUrl: '',
  controls: false,
  now: () => new Date('2026-03-02T10:00:00Z'),
  redirectUris: ['http://localhost:5173/sumup-redirect'],
};
let base = '';

beforeAll(async () => {
  await app.register(sumupSimulator(options), { prefix: '/sandbox/sumup' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  base = `${address}/sandbox/sumup`;
  options.publicBaseUrl = base;
});
afterAll(() => app.close());

it('completes OAuth and reads history under a prefix, with no control surface unless asked', {
  timeout: 30_000,
}, async () => {
  const redirectUri = 'http://localhost:5173/sumup-redirect';
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'c',
    redirect_uri: redirectUri,
    scope: 'transactions.history',
    state: 's',
  });
  const html = await (await fetch(`${base}/authorize?${query}`)).text();
  const redirect = await submitConsent(html, 'approve');
  const basic = Buffer.from('c:secret').toString('base64');
  const tokens = await readJson(
    fetch(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
      }).toString(),
    }),
  );
  const merchant = redirect.searchParams.get('merchant_code');
  const page = await readJson(
    fetch(`${base}/v2.1/merchants/${merchant}/transactions/history?limit=5&order=descending`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    }),
  );
  expect(page.items).toHaveLength(5);
  expect(page.items[0].timestamp <= '2026-03-02T10:00:00.000Z').toBe(true);
  expect((await fetch(`${base}/__control/reset`, { method: 'POST' })).status).toBe(404);
});
