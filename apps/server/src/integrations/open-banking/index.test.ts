import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { openBankingProvider } from './index.js';

const secrets = { APP_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: 'a'.repeat(64), DATA_DIR: '/nonexistent-brade-test' };
const real = { GOCARDLESS_SECRET_ID: 'id', GOCARDLESS_SECRET_KEY: 'key' };

/** GoCardless as the real API answers for GB: its test bank is not in the list. */
function fakeGoCardless() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const body = url.includes('/token/new/')
      ? { access: 'a', access_expires: 86400, refresh: 'r', refresh_expires: 2592000 }
      : [{ id: 'MONZO_MONZGB2L', name: 'Monzo', transaction_total_days: '730', max_access_valid_for_days: '90' }];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('openBankingProvider', () => {
  it('is the GoCardless simulator outside production, under /sandbox/gocardless', async () => {
    const config = loadConfig({ ...secrets, NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    const fetch = fakeGoCardless();
    const banks = await openBankingProvider(config)!.listBanks();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('http://localhost:3000/sandbox/gocardless/api/v2/token/new/');
    expect(banks.map((b) => b.id)).toEqual(['SANDBOXFINANCE_SFIN0000', 'MONZO_MONZGB2L']);
  });

  it('is real GoCardless with credentials, showing its test bank only on servers that are not production', async () => {
    const fetch = fakeGoCardless();
    const production = openBankingProvider(loadConfig({ ...secrets, ...real, NODE_ENV: 'production' }))!;
    expect((await production.listBanks()).map((b) => b.id)).toEqual(['MONZO_MONZGB2L']);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('https://bankaccountdata.gocardless.com/api/v2/token/new/');
    const staging = openBankingProvider(loadConfig({ ...secrets, ...real, NODE_ENV: 'development' }))!;
    expect((await staging.listBanks()).map((b) => b.id)).toEqual(['SANDBOXFINANCE_SFIN0000', 'MONZO_MONZGB2L']);
  });

  it('is unavailable in production without credentials or sandbox providers', () => {
    expect(openBankingProvider(loadConfig({ ...secrets, NODE_ENV: 'production' }))).toBeNull();
  });
});
