import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'brade-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults with no variables, generating secrets once into DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      demoAccount: true,
    });
    expect(first.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first.appSecret);
    expect(loadConfig({ DATA_DIR: dir }).clientKey).toBe(first.clientKey);
    expect(first.clientKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.clientKey).not.toBe(first.encryptionKey);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ DEMO_ACCOUNT: 'maybe' }, 'DEMO_ACCOUNT'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY'],
    [{ NODE_ENV: 'production' }, 'APP_SECRET'],
    [{ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64) }, 'CLIENT_KEY'],
    [{ CLIENT_KEY: 'a'.repeat(63) }, 'CLIENT_KEY'],
  ])('stops with a message naming the bad variable for %j', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${name}:`));
  });

  it('refuses the bench-only BENCH_RATE_LIMIT_FACTOR in production, and takes it elsewhere', () => {
    const production = {
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'a'.repeat(64),
      CLIENT_KEY: 'b'.repeat(64),
    };
    expect(loadConfig(production).rateLimitFactor).toBe(1);
    expect(() => loadConfig({ ...production, BENCH_RATE_LIMIT_FACTOR: '1000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, BENCH_RATE_LIMIT_FACTOR: '1' })).toThrow(
      /BENCH_RATE_LIMIT_FACTOR: .*refused when NODE_ENV=production/,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), BENCH_RATE_LIMIT_FACTOR: '1000' }).rateLimitFactor).toBe(1000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), BENCH_RATE_LIMIT_FACTOR: '0' })).toThrow(/BENCH_RATE_LIMIT_FACTOR:/);
  });

  it('stops with DATA_DIR and the reason when the directory cannot be created', () => {
    const file = path.join(dataDir(), 'a-file');
    writeFileSync(file, 'not a directory');
    const under = path.join(file, 'data');
    expect(() => loadConfig({ DATA_DIR: under })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: under })).toThrow(`DATA_DIR: ${under} cannot be created (ENOTDIR`);
    // PostgreSQL with every secret given never needs the directory.
    const secrets = { APP_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64), CLIENT_KEY: 'b'.repeat(64) };
    expect(loadConfig({ DATA_DIR: under, DATABASE_URL: 'postgres://db/brade', ...secrets }).dataDir).toBe(under);
  });

  it('scales the outbox timing from MAIL_RETRY_SECONDS, MAIL_SWEEP_SECONDS and MAIL_LEASE_SECONDS', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mail).toEqual({ retrySeconds: 60, sweepSeconds: 30, leaseSeconds: 300 });
    const fast = loadConfig({
      DATA_DIR: dataDir(),
      MAIL_RETRY_SECONDS: '0.5',
      MAIL_SWEEP_SECONDS: '0.2',
      MAIL_LEASE_SECONDS: '3',
    });
    expect(fast.mail).toEqual({ retrySeconds: 0.5, sweepSeconds: 0.2, leaseSeconds: 3 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_LEASE_SECONDS: '0' })).toThrow('MAIL_LEASE_SECONDS');
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  describe('the dev mailbox and the sandbox fail closed', () => {
    const flags = (env: Record<string, string>) => {
      const config = loadConfig({ DATA_DIR: dataDir(), ...env });
      return { mailbox: config.devMailbox, sandbox: config.sandboxProviders, stripe: config.providers.stripe };
    };

    it.each([[{}], [{ HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:4000' }], [{ HOST: '::1' }]])(
      'mount themselves on a laptop with nothing configured: %j',
      (env) => {
        expect(flags(env)).toMatchObject({ mailbox: true, sandbox: true, stripe: { sandbox: true } });
      },
    );

    it.each([
      [{ DATABASE_URL: 'postgres://db.internal/brade' }],
      [{ SMTP_URL: 'smtp://mail.internal' }],
      [{ HOST: '0.0.0.0' }],
      [{ PUBLIC_URL: 'https://brade.example' }],
      [{ TRUST_PROXY: '1' }],
      [
        {
          NODE_ENV: 'production',
          APP_SECRET: 'x'.repeat(40),
          ENCRYPTION_KEY: 'a'.repeat(64),
          CLIENT_KEY: 'b'.repeat(64),
        },
      ],
    ])('stay off for anything that looks shared: %j', (env) => {
      expect(flags(env)).toEqual({ mailbox: false, sandbox: false, stripe: null });
    });

    it('follow explicit switches either way', () => {
      expect(flags({ DATABASE_URL: 'postgres://db/b', DEV_MAILBOX: 'true', ALLOW_SANDBOX: 'true' })).toMatchObject({
        mailbox: true,
        sandbox: true,
      });
      expect(flags({ DEV_MAILBOX: 'false', ALLOW_SANDBOX: 'false' })).toEqual({
        mailbox: false,
        sandbox: false,
        stripe: null,
      });
    });
  });
});

describe('HMRC (docs/hmrc.md, "Configuration")', () => {
  const secrets = { APP_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64), CLIENT_KEY: 'b'.repeat(64) };

  it('talks to HMRC’s production API with keys, its sandbox on asking, the simulator without keys, else nothing', () => {
    const keys = { HMRC_CLIENT_ID: 'brade-app', HMRC_CLIENT_SECRET: 'secret', HMRC_VENDOR_PUBLIC_IP: '203.0.113.6' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys }).hmrc).toEqual({
      sandbox: false,
      clientId: 'brade-app',
      clientSecret: 'secret',
      authBaseUrl: 'https://www.tax.service.gov.uk',
      apiBaseUrl: 'https://api.service.hmrc.gov.uk',
      vendorPublicIp: '203.0.113.6',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys, HMRC_ENVIRONMENT: 'sandbox' }).hmrc).toMatchObject({
      authBaseUrl: 'https://test-www.tax.service.gov.uk',
      apiBaseUrl: 'https://test-api.service.hmrc.gov.uk',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '4100' }).hmrc).toMatchObject({
      sandbox: true,
      authBaseUrl: 'http://localhost:4100/sandbox/hmrc',
      vendorPublicIp: null,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ALLOW_SANDBOX: 'false' }).hmrc).toBeNull();
  });

  it.each([
    [{ HMRC_CLIENT_ID: 'brade-app' }, 'HMRC_CLIENT_SECRET'],
    [{ NODE_ENV: 'production', ...secrets, HMRC_CLIENT_ID: 'a', HMRC_CLIENT_SECRET: 'b' }, 'HMRC_VENDOR_PUBLIC_IP'],
    [{ HMRC_VENDOR_PUBLIC_IP: 'my-server' }, 'HMRC_VENDOR_PUBLIC_IP'],
    [{ HMRC_ENVIRONMENT: 'staging' }, 'HMRC_ENVIRONMENT'],
    [{ SANDBOX_HMRC_FRAUD_HEADERS: 'ignore' }, 'SANDBOX_HMRC_FRAUD_HEADERS'],
  ])('stops with a message naming the bad HMRC variable for %j', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${name}:`));
  });
});
