import { createHash, randomBytes } from 'node:crypto';
import { square as squareSimulator } from '@brade/sandbox';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerSquareConsent } from '../../../test/square-consent-browser.js';
import { createSquareAdapter } from './square-adapter.js';

const NOW = new Date('2026-05-14T15:00:00Z');
const REDIRECT_URI = 'http://localhost:3000/square-redirect';
const app = Fastify();
const simulator = squareSimulator.squareSimulator({
  seed: 'under-prefix',
  publicBaseUrl: '',
  now: () => NOW,
  redirectUris: [REDIRECT_URI],
});
let base = '';

beforeAll(async () => {
  await app.register(simulator, { prefix: '/sandbox/square' });
  base = `${await app.listen({ host: '127.0.0.1', port: 0 })}/sandbox/square`;
});
afterAll(() => app.close());

// The first call loads the SDK and the simulator generates the salon's 18 months: seconds, not milliseconds.

it('connects, refreshes, imports and disconnects through the simulator mounted at /sandbox/square', async () => {
  const adapter = createSquareAdapter(
    { sandbox: true, ...simulator.control.credentials, authBaseUrl: base, apiBaseUrl: base },
    { retry: { initialDelayMs: 1, maxDelayMs: 5 } },
  );
  const verifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
  const url = adapter.authorizationUrl({ state: 's', redirectUri: REDIRECT_URI, codeChallenge });
  const redirect = await answerSquareConsent(url, 'approve');
  const connected = await adapter.exchangeCode({
    code: redirect.searchParams.get('code')!,
    redirectUri: REDIRECT_URI,
    codeVerifier: verifier,
  });
  const tokens = await adapter.refresh(connected);
  const page = await adapter.fetchPage(tokens, null, { historyFrom: new Date('2026-05-01T00:00:00Z'), now: NOW });
  expect(page.transactions.some((row) => 'type' in row && row.type === 'payment')).toBe(true);
  expect(page.cursor.locations).toMatch(/^L\w+,L\w+$/);
  await adapter.revoke(tokens);
  await expect(adapter.fetchPage(tokens, null, { historyFrom: NOW, now: NOW })).rejects.toMatchObject({
    failure: 'reauthorize',
  });
});
