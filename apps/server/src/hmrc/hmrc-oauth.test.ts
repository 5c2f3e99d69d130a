import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../integrations/provider-error.js';
import { grantAuthority, startHmrcTestSimulator, TEST_REDIRECT } from '../test/hmrc-test-kit.js';
import { authorizationUrl, exchangeCode, refreshTokens } from './hmrc-oauth.js';

const now = new Date('2026-04-20T10:00:00Z');
let simulator: Awaited<ReturnType<typeof startHmrcTestSimulator>>;
const retry = { initialDelayMs: 1, maxDelayMs: 5 };

beforeAll(async () => {
  simulator = await startHmrcTestSimulator({ now: () => now });
});
afterAll(() => simulator.close());

async function grant() {
  const verifier = randomBytes(32).toString('base64url');
  const url = authorizationUrl(simulator.endpoint, {
    scopes: ['read:vat', 'write:vat'],
    state: 'state-1',
    redirectUri: TEST_REDIRECT,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
  });
  const back = await grantAuthority(url);
  return { code: back.searchParams.get('code')!, verifier, back };
}

describe('Brade’s HMRC OAuth client against the simulator', () => {
  it('asks for the scopes with PKCE S256 and exchanges the code for 4-hour tokens', async () => {
    const url = new URL(
      authorizationUrl(simulator.endpoint, {
        scopes: ['read:vat', 'write:vat'],
        state: 's',
        redirectUri: TEST_REDIRECT,
        codeChallenge: 'c',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'brade-sandbox',
      scope: 'read:vat write:vat',
      state: 's',
      redirect_uri: TEST_REDIRECT,
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
    const { code, verifier, back } = await grant();
    expect(back.searchParams.get('state')).toBe('state-1');
    const tokens = await exchangeCode(
      simulator.endpoint,
      { code, redirectUri: TEST_REDIRECT, codeVerifier: verifier },
      now,
      retry,
    );
    expect(tokens.accessExpiresAt.toISOString()).toBe('2026-04-20T14:00:00.000Z');
    expect(tokens.scopes).toEqual(['read:vat', 'write:vat']);
  });

  it('refreshes with the single-use refresh token; a spent or expired one is a refusal that needs the owner', async () => {
    const { code, verifier } = await grant();
    const first = await exchangeCode(
      simulator.endpoint,
      { code, redirectUri: TEST_REDIRECT, codeVerifier: verifier },
      now,
      retry,
    );
    const second = await refreshTokens(simulator.endpoint, first.refreshToken, now, retry);
    expect(second.accessToken).not.toBe(first.accessToken);
    const spent = await refreshTokens(simulator.endpoint, first.refreshToken, now, retry).catch((e: unknown) => e);
    expect(spent).toBeInstanceOf(ProviderError);
    expect(spent).toMatchObject({ failure: 'reauthorize', providerCode: 'invalid_grant', status: 400 });
    simulator.control.expireToken(second.refreshToken);
    const expired = await refreshTokens(simulator.endpoint, second.refreshToken, now, retry).catch((e: unknown) => e);
    expect(expired).toMatchObject({ failure: 'reauthorize' });
  });

  it('retries HMRC’s token endpoint on 429 and 5xx, and refuses a code used twice', async () => {
    const { code, verifier } = await grant();
    simulator.control.injectFaults({ status: 429, retryAfterSeconds: 0, pathPrefix: '/oauth/token' });
    simulator.control.injectFaults({ status: 500, pathPrefix: '/oauth/token' });
    const input = { code, redirectUri: TEST_REDIRECT, codeVerifier: verifier };
    const tokens = await exchangeCode(simulator.endpoint, input, now, retry);
    expect(tokens.accessToken).toBeTruthy();
    const again = await exchangeCode(simulator.endpoint, input, now, retry).catch((e: unknown) => e);
    expect(again).toMatchObject({ failure: 'reauthorize', providerCode: 'invalid_grant' });
  });
});
