import { createPrivateKey, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { HMRC_ENVIRONMENTS, type HmrcEndpoint } from './hmrc/hmrc-endpoint.js';
import { SANDBOX_APPLICATION_ID } from './integrations/open-banking/enable-banking/sandbox-application.js';
import type { EnableBankingEndpoint, ProviderEndpoint, ProviderSettings } from './integrations/provider-endpoint.js';
import { SANDBOX_CREDENTIALS } from './sandbox/sandbox-credentials.js';

export type { EnableBankingEndpoint, ProviderEndpoint, ProviderSettings };

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
  CLIENT_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters (256 bits)')
    .optional(),
  ENCRYPTION_KEYS_RETIRED: z
    .string()
    .regex(/^[0-9a-f]{64}(,[0-9a-f]{64})*$/i, 'must be comma-separated keys of 64 hexadecimal characters')
    .optional(),
  SYNC_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SYNC_SWEEP_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  SYNC_RETRY_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  SYNC_HISTORY_DAYS: z.coerce.number().int().min(1).max(730).default(730),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Brade <no-reply@brade.app>'),
  /** BradeBot's language model (docs/assistant.md): unset, the built-in analyst answers alone. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  MAIL_SWEEP_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  MAIL_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  DEMO_ACCOUNT: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  ALLOW_SANDBOX: z.enum(['true', 'false']).optional(),
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  SANDBOX_CONTROLS: z.enum(['true', 'false']).default('false'),
  STRIPE_CLIENT_ID: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_CONNECT_BASE_URL: z.url().optional(),
  STRIPE_API_BASE_URL: z.url().optional(),
  SQUARE_CLIENT_ID: z.string().min(1).optional(),
  SQUARE_CLIENT_SECRET: z.string().min(1).optional(),
  SQUARE_BASE_URL: z.url().optional(),
  SUMUP_CLIENT_ID: z.string().min(1).optional(),
  SUMUP_CLIENT_SECRET: z.string().min(1).optional(),
  SUMUP_BASE_URL: z.url().optional(),
  GOCARDLESS_SECRET_ID: z.string().min(1).optional(),
  GOCARDLESS_SECRET_KEY: z.string().min(1).optional(),
  GOCARDLESS_BASE_URL: z.url().optional(),
  ENABLE_BANKING_APPLICATION_ID: z.string().trim().min(1).optional(),
  ENABLE_BANKING_PRIVATE_KEY: z.string().min(1).optional(),
  ENABLE_BANKING_BASE_URL: z.url().optional(),
  SANDBOX_BANK_PROVIDER: z.enum(['enable_banking', 'gocardless']).default('enable_banking'),
  /** HMRC (docs/hmrc.md, "Configuration"). */
  HMRC_CLIENT_ID: z.string().trim().min(1).optional(),
  HMRC_CLIENT_SECRET: z.string().min(1).optional(),
  HMRC_ENVIRONMENT: z.enum(['production', 'sandbox']).default('production'),
  HMRC_AUTH_BASE_URL: z.url().optional(),
  HMRC_API_BASE_URL: z.url().optional(),
  HMRC_VENDOR_PUBLIC_IP: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }).optional(),
  SANDBOX_HMRC_FRAUD_HEADERS: z.enum(['enforce', 'record']).default('record'),
  /** Benchmarks only (bench/load.mjs): multiplies every auth allowance; refused when NODE_ENV=production. */
  BENCH_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1_000_000).optional(),
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
  /** Keys payer identities in the ledger (ledger/payer-keys.ts); never rotated with APP_SECRET. */
  clientKey: string;
  /** Keys that only decrypt (rows written before a rotation); see token-cipher.ts. */
  retiredEncryptionKeys: string[];
  /** How long an import run may go without renewing its lease before another instance takes over. */
  syncLeaseSeconds: number;
  /** How often each instance looks for imports that are due or whose run died. */
  syncSweepSeconds: number;
  /** First retry of an import run that failed on a passing fault (doubling, jittered, at most 5 minutes, 5 times). */
  syncRetrySeconds: number;
  /** How far back a new connection's first import reaches (GoCardless allows at most 730 days). */
  syncHistoryDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** BradeBot's language model, when OPENAI_API_KEY is set (docs/assistant.md). */
  openai: { apiKey: string; baseUrl: string | undefined; model: string } | null;
  /** Outbox timing (mail/mailer.ts): first retry after a failed send (doubling up to an hour), how often the
   * outbox is looked at, and how long a claimed e-mail stays with the instance sending it. */
  mail: { retrySeconds: number; sweepSeconds: number; leaseSeconds: number };
  demoAccount: boolean;
  trustProxy: number;
  logLevel: string;
  webDist: string;
  /** Simulated providers at /sandbox/*: with ALLOW_SANDBOX=true, or on a private laptop (see localOnly). */
  sandboxProviders: boolean;
  /** The outbox readable at /dev/mailbox: with DEV_MAILBOX=true, or on a private laptop (see localOnly). */
  devMailbox: boolean;
  /** The simulators' test switches at /sandbox/<provider>/__control (fault injection): never in production. */
  sandboxControls: boolean;
  providers: ProviderSettings;
  /** HMRC's API or its simulator; null when neither is available (docs/hmrc.md, "Configuration"). */
  hmrc: HmrcEndpoint | null;
  /** How the mounted HMRC simulator treats fraud-prevention headers with errors (docs/sandbox.md, "HMRC"). */
  sandboxHmrcFraudHeaders: 'enforce' | 'record';
  /** What every auth allowance is multiplied by: 1, or BENCH_RATE_LIMIT_FACTOR in a benchmark. */
  rateLimitFactor: number;
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
  const missing = (['APP_SECRET', 'ENCRYPTION_KEY', 'CLIENT_KEY'] as const).find((name) => !e[name]);
  if (production && missing) {
    throw new ConfigError(`Invalid configuration:\n  ${missing}: is required when NODE_ENV=production`);
  }
  // Raised allowances would let a guesser try passwords at full speed: a benchmark's setting, never production's.
  if (production && e.BENCH_RATE_LIMIT_FACTOR !== undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  BENCH_RATE_LIMIT_FACTOR: raises the sign-in and other auth rate limits for benchmarks only; it is refused when NODE_ENV=production',
    );
  }
  requireBoth(e.HMRC_CLIENT_ID, e.HMRC_CLIENT_SECRET, ['HMRC_CLIENT_ID', 'HMRC_CLIENT_SECRET']);
  // HMRC requires Gov-Vendor-Public-IP on every call; production cannot guess the address HMRC sees it from.
  if (production && e.HMRC_CLIENT_ID && !e.HMRC_VENDOR_PUBLIC_IP) {
    throw new ConfigError(
      'Invalid configuration:\n  HMRC_VENDOR_PUBLIC_IP: is required with HMRC_CLIENT_ID when NODE_ENV=production (the public address HMRC sees Brade call from)',
    );
  }
  requireBoth(e.ENABLE_BANKING_APPLICATION_ID, e.ENABLE_BANKING_PRIVATE_KEY, [
    'ENABLE_BANKING_APPLICATION_ID',
    'ENABLE_BANKING_PRIVATE_KEY',
  ]);
  const dataDir = path.resolve(e.DATA_DIR);
  const local = localOnly(e);
  const sandbox = e.ALLOW_SANDBOX ? e.ALLOW_SANDBOX === 'true' : local;
  // Embedded mode keeps its database and generated secrets there; PostgreSQL with every secret set never touches it.
  if (missing || !e.DATABASE_URL) ensureDataDir(dataDir);
  const secrets = missing ? loadOrCreateLocalSecrets(dataDir) : null;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET ?? secrets!.appSecret,
    encryptionKey: e.ENCRYPTION_KEY ?? secrets!.encryptionKey,
    clientKey: e.CLIENT_KEY ?? secrets!.clientKey,
    retiredEncryptionKeys: e.ENCRYPTION_KEYS_RETIRED?.split(',') ?? [],
    syncLeaseSeconds: e.SYNC_LEASE_SECONDS,
    syncSweepSeconds: e.SYNC_SWEEP_SECONDS,
    syncRetrySeconds: e.SYNC_RETRY_SECONDS,
    syncHistoryDays: e.SYNC_HISTORY_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    openai: e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL } : null,
    mail: {
      retrySeconds: e.MAIL_RETRY_SECONDS,
      sweepSeconds: e.MAIL_SWEEP_SECONDS,
      leaseSeconds: e.MAIL_LEASE_SECONDS,
    },
    demoAccount: e.DEMO_ACCOUNT === 'true',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    sandboxProviders: sandbox,
    devMailbox: e.DEV_MAILBOX ? e.DEV_MAILBOX === 'true' : local,
    sandboxControls: sandbox && !production && e.SANDBOX_CONTROLS === 'true',
    providers: providerSettings(e, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''), { sandbox }),
    hmrc: hmrcEndpoint(e, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''), { sandbox }),
    sandboxHmrcFraudHeaders: e.SANDBOX_HMRC_FRAUD_HEADERS,
    rateLimitFactor: e.BENCH_RATE_LIMIT_FACTOR ?? 1,
  };
}

type Env = z.infer<typeof EnvSchema>;

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * Fail closed (docs/security-decisions.md): the dev mailbox and the simulators mount by themselves only on what
 * is plainly one person's laptop: not production, bound to and addressed at loopback, no proxy in front, and no
 * database server or SMTP that would make it a shared instance. `npm start` with nothing set is such a case.
 */
function localOnly(e: Env): boolean {
  const publicHost = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost';
  return (
    e.NODE_ENV !== 'production' &&
    LOOPBACK_HOSTS.test(e.HOST) &&
    LOOPBACK_HOSTS.test(publicHost) &&
    e.TRUST_PROXY === 0 &&
    !e.DATABASE_URL &&
    !e.SMTP_URL
  );
}

/**
 * A provider with credentials talks to its real API (or the base URL given); without them it uses the simulator
 * mounted at /sandbox/<provider> when sandbox mode is on, and is unavailable otherwise.
 */
function providerSettings(e: Env, publicUrl: string, mode: { sandbox: boolean }): ProviderSettings {
  const pick = (
    name: keyof typeof SANDBOX_CREDENTIALS,
    id: string | undefined,
    secret: string | undefined,
    real: { auth: string; api: string },
    override: { auth?: string | undefined; api?: string | undefined },
  ): ProviderEndpoint | null => {
    if (id && secret) {
      return {
        sandbox: false,
        clientId: id,
        clientSecret: secret,
        authBaseUrl: (override.auth ?? real.auth).replace(/\/$/, ''),
        apiBaseUrl: (override.api ?? real.api).replace(/\/$/, ''),
      };
    }
    if (!mode.sandbox) return null;
    const local = `${publicUrl}/sandbox/${name}`;
    return { sandbox: true, ...SANDBOX_CREDENTIALS[name], authBaseUrl: local, apiBaseUrl: local };
  };
  return {
    stripe: pick(
      'stripe',
      e.STRIPE_CLIENT_ID,
      e.STRIPE_SECRET_KEY,
      { auth: 'https://connect.stripe.com', api: 'https://api.stripe.com' },
      { auth: e.STRIPE_CONNECT_BASE_URL, api: e.STRIPE_API_BASE_URL },
    ),
    square: pick(
      'square',
      e.SQUARE_CLIENT_ID,
      e.SQUARE_CLIENT_SECRET,
      { auth: 'https://connect.squareup.com', api: 'https://connect.squareup.com' },
      { auth: e.SQUARE_BASE_URL, api: e.SQUARE_BASE_URL },
    ),
    sumup: pick(
      'sumup',
      e.SUMUP_CLIENT_ID,
      e.SUMUP_CLIENT_SECRET,
      { auth: 'https://api.sumup.com', api: 'https://api.sumup.com' },
      { auth: e.SUMUP_BASE_URL, api: e.SUMUP_BASE_URL },
    ),
    gocardless: pick(
      'gocardless',
      e.GOCARDLESS_SECRET_ID,
      e.GOCARDLESS_SECRET_KEY,
      { auth: 'https://bankaccountdata.gocardless.com', api: 'https://bankaccountdata.gocardless.com' },
      { auth: e.GOCARDLESS_BASE_URL, api: e.GOCARDLESS_BASE_URL },
    ),
    enableBanking: enableBankingEndpoint(e, publicUrl, mode),
    bankForNewLinks: e.ENABLE_BANKING_APPLICATION_ID
      ? 'enable_banking'
      : e.GOCARDLESS_SECRET_ID && e.GOCARDLESS_SECRET_KEY
        ? 'gocardless'
        : mode.sandbox
          ? e.SANDBOX_BANK_PROVIDER
          : null,
  };
}

/**
 * HMRC with Brade's application keys: its production API, its sandbox (HMRC_ENVIRONMENT=sandbox) or another base URL;
 * without keys, the simulator mounted at /sandbox/hmrc when sandbox mode is on; else none.
 */
function hmrcEndpoint(e: Env, publicUrl: string, mode: { sandbox: boolean }): HmrcEndpoint | null {
  const vendorPublicIp = e.HMRC_VENDOR_PUBLIC_IP ?? null;
  if (e.HMRC_CLIENT_ID && e.HMRC_CLIENT_SECRET) {
    const real = HMRC_ENVIRONMENTS[e.HMRC_ENVIRONMENT];
    return {
      sandbox: false,
      clientId: e.HMRC_CLIENT_ID,
      clientSecret: e.HMRC_CLIENT_SECRET,
      authBaseUrl: (e.HMRC_AUTH_BASE_URL ?? real.auth).replace(/\/$/, ''),
      apiBaseUrl: (e.HMRC_API_BASE_URL ?? real.api).replace(/\/$/, ''),
      vendorPublicIp,
    };
  }
  if (!mode.sandbox) return null;
  const local = `${publicUrl}/sandbox/hmrc`;
  return { sandbox: true, ...SANDBOX_CREDENTIALS.hmrc, authBaseUrl: local, apiBaseUrl: local, vendorPublicIp };
}

/** A pair of variables that only mean something together: one without the other stops start-up. */
function requireBoth(a: string | undefined, b: string | undefined, names: [string, string]): void {
  if (Boolean(a) === Boolean(b)) return;
  const missing = a ? names[1] : names[0];
  throw new ConfigError(`Invalid configuration:\n  ${missing}: is required with ${a ? names[0] : names[1]}`);
}

/**
 * The application's PEM as downloaded from Enable Banking (`<application id>.pem`), given in the variable as it is,
 * with its line breaks written as \\n, or base64-encoded; a value that is no RSA private key stops start-up.
 */
export function enableBankingPrivateKey(value: string): string {
  const text = value.includes('-----BEGIN')
    ? value.replaceAll('\\n', '\n')
    : Buffer.from(value, 'base64').toString('utf8');
  try {
    const key = createPrivateKey(text);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    throw new ConfigError(
      "Invalid configuration:\n  ENABLE_BANKING_PRIVATE_KEY: must be the application's RSA private key (PEM, or the PEM base64-encoded)",
    );
  }
  return text;
}

function enableBankingEndpoint(e: Env, publicUrl: string, mode: { sandbox: boolean }): EnableBankingEndpoint | null {
  if (e.ENABLE_BANKING_APPLICATION_ID && e.ENABLE_BANKING_PRIVATE_KEY) {
    return {
      sandbox: false,
      applicationId: e.ENABLE_BANKING_APPLICATION_ID,
      privateKeyPem: enableBankingPrivateKey(e.ENABLE_BANKING_PRIVATE_KEY),
      apiBaseUrl: (e.ENABLE_BANKING_BASE_URL ?? 'https://api.enablebanking.com').replace(/\/$/, ''),
    };
  }
  if (!mode.sandbox) return null;
  return {
    sandbox: true,
    applicationId: SANDBOX_APPLICATION_ID,
    privateKeyPem: null,
    apiBaseUrl: `${publicUrl}/sandbox/enable-banking`,
  };
}

/** A DATA_DIR that cannot be made (a path under a regular file, no permission) stops start-up with its reason. */
function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new ConfigError(
      `Invalid configuration:\n  DATA_DIR: ${dataDir} cannot be created (${(err as Error).message})`,
    );
  }
}

interface LocalSecrets {
  appSecret: string;
  encryptionKey: string;
  clientKey: string;
}

/**
 * Embedded mode: secrets are generated once and kept beside the data, readable by the owner only. A data
 * directory from before CLIENT_KEY existed gets one added; the others are never regenerated.
 */
function loadOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored: Partial<LocalSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: LocalSecrets = {
    appSecret: stored.appSecret ?? randomBytes(48).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('hex'),
    clientKey: stored.clientKey ?? randomBytes(32).toString('hex'),
  };
  if (stored.appSecret && stored.encryptionKey && stored.clientKey) return secrets;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
