import { mkdtempSync, statSync } from 'node:fs';
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

  it('treats blank variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
