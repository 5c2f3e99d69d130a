import { stripe as stripeSimulator } from '@brade/sandbox';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerStripeConsent } from '../../../test/stripe-consent-browser.js';
import { createStripeAdapter } from './stripe-adapter.js';

const NOW = new Date('2026-05-14T15:00:00Z');
const REDIRECT_URI = 'http://localhost:3000/stripe-redirect';
const app = Fastify();
const simulator = stripeSimulator.stripeSimulator({
  seed: 'under-prefix',
  publicBaseUrl: '',
  now: () => NOW,
  redirectUris: [REDIRECT_URI],
});
let base = '';

beforeAll(async () => {
  await app.register(simulator, { prefix: '/sandbox/stripe' });
  base = `${await app.listen({ host: '127.0.0.1', port: 0 })}/sandbox/stripe`;
});
afterAll(() => app.close());

// The first call loads the SDK and the simulator generates the salon's 18 months: seconds, not milliseconds.

it('connects, imports and disconnects through the simulator mounted at /sandbox/stripe, as sandbox mode runs it', async () => {
  const adapter = createStripeAdapter(
    { sandbox: true, ...simulator.control.credentials, authBaseUrl: base, apiBaseUrl: base },
    { retry: { initialDelayMs: 1, maxDelayMs: 5 } },
  );
  const url = adapter.authorizationUrl({ state: 's', redirectUri: REDIRECT_URI, codeChallenge: null });
  const redirect = await answerStripeConsent(url, 'approve');
  const tokens = await adapter.exchangeCode({
    code: redirect.searchParams.get('code')!,
    redirectUri: REDIRECT_URI,
    codeVerifier: null,
  });
  const page = await adapter.fetchPage(tokens, null, { historyFrom: new Date('2026-04-14T00:00:00Z'), now: NOW });
  const payments = page.transactions.filter((row) => 'type' in row && row.type === 'payment');
  expect(payments.length).toBeGreaterThan(0);
  // Only the expanded charge carries the card fingerprint: the list call went through with its expansion.
  expect(payments.every((row) => 'cardFingerprint' in row && row.cardFingerprint)).toBe(true);
  await adapter.revoke(tokens);
  await expect(adapter.fetchPage(tokens, null, { historyFrom: NOW, now: NOW })).rejects.toMatchObject({
    failure: 'reauthorize',
  });
});
