import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Every environment variable Brade reads; .env.example documents each one. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters (256 bits)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Brade <no-reply@brade.app>'),
  DEMO_ACCOUNT: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  ALLOW_SANDBOX: z.enum(['true', 'false']).default('false'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  encryptionKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoAccount: boolean;
  trustProxy: number;
  logLevel: string;
  webDist: string;
  /** Simulated providers at /sandbox/*: always outside production, in production only with ALLOW_SANDBOX=true. */
  sandboxProviders: boolean;
}

export class ConfigError extends Error {}

/** Empty strings count as unset, so a blank line in .env does not override a default. */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && (!e.APP_SECRET || !e.ENCRYPTION_KEY)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${!e.APP_SECRET ? 'APP_SECRET' : 'ENCRYPTION_KEY'}: is required when NODE_ENV=production`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets = e.APP_SECRET && e.ENCRYPTION_KEY ? null : loadOrCreateLocalSecrets(dataDir);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET ?? secrets!.appSecret,
    encryptionKey: e.ENCRYPTION_KEY ?? secrets!.encryptionKey,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoAccount: e.DEMO_ACCOUNT === 'true',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    sandboxProviders: !production || e.ALLOW_SANDBOX === 'true',
  };
}

/** Embedded mode: secrets are generated once and kept beside the data, readable by the owner only. */
function loadOrCreateLocalSecrets(dataDir: string): { appSecret: string; encryptionKey: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = { appSecret: randomBytes(48).toString('base64url'), encryptionKey: randomBytes(32).toString('hex') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
