import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { createGoCardlessProvider } from './gocardless/gocardless-provider.js';
import { openBankingProvider } from './index.js';

vi.mock('./gocardless/gocardless-provider.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./gocardless/gocardless-provider.js')>();
  return { ...original, createGoCardlessProvider: vi.fn(original.createGoCardlessProvider) };
});

const secrets = { APP_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: 'a'.repeat(64), DATA_DIR: '/nonexistent-brade-test' };
const real = { GOCARDLESS_SECRET_ID: 'id', GOCARDLESS_SECRET_KEY: 'key' };
const listsSandboxBank = () => vi.mocked(createGoCardlessProvider).mock.calls.at(-1)?.[1]?.listSandboxBank;

beforeEach(() => vi.mocked(createGoCardlessProvider).mockClear());

describe('openBankingProvider', () => {
  it('is the GoCardless simulator outside production, with its sandbox bank listed', () => {
    const provider = openBankingProvider(loadConfig({ ...secrets, NODE_ENV: 'development' }));
    expect(provider?.id).toBe('gocardless');
    expect(vi.mocked(createGoCardlessProvider).mock.calls[0]?.[0]).toMatchObject({ sandbox: true });
    expect(listsSandboxBank()).toBe(true);
  });

  it('is real GoCardless with credentials; the sandbox bank is added only on servers that are not production', () => {
    expect(openBankingProvider(loadConfig({ ...secrets, ...real, NODE_ENV: 'production' }))?.id).toBe('gocardless');
    expect(vi.mocked(createGoCardlessProvider).mock.calls[0]?.[0]).toMatchObject({
      sandbox: false,
      apiBaseUrl: 'https://bankaccountdata.gocardless.com',
    });
    expect(listsSandboxBank()).toBe(false);
    openBankingProvider(loadConfig({ ...secrets, ...real, NODE_ENV: 'development' }));
    expect(listsSandboxBank()).toBe(true);
  });

  it('is unavailable in production without credentials or sandbox providers', () => {
    expect(openBankingProvider(loadConfig({ ...secrets, NODE_ENV: 'production' }))).toBeNull();
    expect(createGoCardlessProvider).not.toHaveBeenCalled();
  });
});
