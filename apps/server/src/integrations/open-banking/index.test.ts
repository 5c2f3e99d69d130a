import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { openBankingProviders } from './index.js';

const secrets = {
  APP_SECRET: 'x'.repeat(40),
  ENCRYPTION_KEY: 'a'.repeat(64),
  CLIENT_KEY: 'b'.repeat(64),
  DATA_DIR: '/nonexistent-brade-test',
};
const goCardlessKeys = { GOCARDLESS_SECRET_ID: 'id', GOCARDLESS_SECRET_KEY: 'key' };
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
const enableBankingKeys = {
  ENABLE_BANKING_APPLICATION_ID: '6b7c1d0e-aaaa-4bbb-8ccc-000000000001',
  ENABLE_BANKING_PRIVATE_KEY: String(pem),
};

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

describe('the bank provider for new links', () => {
  it('is Enable Banking’s simulator outside production by default, with GoCardless’s kept for its links', () => {
    const config = loadConfig({ ...secrets, NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    expect(config.providers.enableBanking).toMatchObject({
      sandbox: true,
      apiBaseUrl: 'http://localhost:3000/sandbox/enable-banking',
      privateKeyPem: null,
    });
    const banks = openBankingProviders(config);
    expect(banks.forNewLinks).toMatchObject({ id: 'enable_banking', sandbox: true });
    expect(banks.byId('gocardless')).toMatchObject({ id: 'gocardless', sandbox: true });
    const goCardlessSandbox = loadConfig({ ...secrets, NODE_ENV: 'development', SANDBOX_BANK_PROVIDER: 'gocardless' });
    expect(openBankingProviders(goCardlessSandbox).forNewLinks?.id).toBe('gocardless');
  });

  it('is Enable Banking with its keys, even when GoCardless’s are set too; GoCardless alone otherwise', () => {
    const both = loadConfig({ ...secrets, ...goCardlessKeys, ...enableBankingKeys, NODE_ENV: 'production' });
    expect(both.providers.enableBanking).toMatchObject({
      sandbox: false,
      applicationId: enableBankingKeys.ENABLE_BANKING_APPLICATION_ID,
      apiBaseUrl: 'https://api.enablebanking.com',
    });
    const banks = openBankingProviders(both);
    expect(banks.forNewLinks).toMatchObject({ id: 'enable_banking', sandbox: false });
    expect(banks.byId('gocardless')).toMatchObject({ id: 'gocardless', sandbox: false });
    const goCardlessOnly = openBankingProviders(loadConfig({ ...secrets, ...goCardlessKeys, NODE_ENV: 'production' }));
    expect(goCardlessOnly.forNewLinks?.id).toBe('gocardless');
    expect(goCardlessOnly.byId('enable_banking')).toBeNull();
  });

  it('is unavailable in production without keys or sandbox providers', () => {
    const banks = openBankingProviders(loadConfig({ ...secrets, NODE_ENV: 'production' }));
    expect(banks.forNewLinks).toBeNull();
    expect(banks.byId('gocardless')).toBeNull();
  });

  it('takes the private key as PEM, with \\n for line breaks, or base64; refuses half a pair or no key', () => {
    const escaped = String(pem).replaceAll('\n', '\\n');
    const base64 = Buffer.from(String(pem)).toString('base64');
    for (const key of [escaped, base64]) {
      const config = loadConfig({ ...secrets, ...enableBankingKeys, ENABLE_BANKING_PRIVATE_KEY: key });
      expect(config.providers.enableBanking?.privateKeyPem).toBe(String(pem));
    }
    expect(() => loadConfig({ ...secrets, ENABLE_BANKING_APPLICATION_ID: 'app' })).toThrow(
      /ENABLE_BANKING_PRIVATE_KEY: is required with ENABLE_BANKING_APPLICATION_ID/,
    );
    expect(() => loadConfig({ ...secrets, ...enableBankingKeys, ENABLE_BANKING_PRIVATE_KEY: 'not a key' })).toThrow(
      ConfigError,
    );
  });
});

describe('GoCardless’s test bank', () => {
  it('is listed first against the simulator and on servers with real keys that are not production', async () => {
    const fetch = fakeGoCardless();
    const local = loadConfig({ ...secrets, NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    const simulated = await openBankingProviders(local).byId('gocardless')!.listBanks();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('http://localhost:3000/sandbox/gocardless/api/v2/token/new/');
    expect(simulated.map((b) => b.id)).toEqual(['SANDBOXFINANCE_SFIN0000', 'MONZO_MONZGB2L']);
    const production = openBankingProviders(loadConfig({ ...secrets, ...goCardlessKeys, NODE_ENV: 'production' }));
    expect((await production.forNewLinks!.listBanks()).map((b) => b.id)).toEqual(['MONZO_MONZGB2L']);
    const staging = openBankingProviders(loadConfig({ ...secrets, ...goCardlessKeys, NODE_ENV: 'development' }));
    expect((await staging.forNewLinks!.listBanks()).map((b) => b.id)).toEqual([
      'SANDBOXFINANCE_SFIN0000',
      'MONZO_MONZGB2L',
    ]);
  });
});
