import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { TEST_LIMITS } from '../../../../test-limits.js';
import { buildApp } from '../app.js';
import type { AppContext } from '../app-context.js';
import type { AssistantOptions } from '../assistant/service.js';
import type { AuthLimits } from '../auth/limits.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { prepareDemoAccount } from '../demo/prepare-demo-account.js';
import { seedDemoAccount } from '../demo/seed-demo-account.js';
import type { UnlistedRoute } from '../http/unlisted-routes.js';
import type { IntegrationProviders } from '../integrations/provider-registry.js';
import type { Cadences } from '../jobs/recurring-work.js';
import { createLogger } from '../logging/logger.js';
import { listOutbox } from '../mail/mailer.js';
import { startDemoSandbox } from '../sandbox/demo-sandbox.js';
import { providedDatabase } from './migrated-database.js';

export interface TestServer {
  url: string;
  ctx: AppContext;
  /** The routes outside the API description: the simulators and the dev mailbox (http/unlisted-routes.ts). */
  unlisted: readonly UnlistedRoute[];
  request(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  post(path: string, body?: unknown, token?: string): Promise<TestResponse>;
  get(path: string, token?: string): Promise<TestResponse>;
  /** Mails sent to an address, newest first, once pending background work is done. */
  mailsTo(email: string): Promise<Array<{ subject: string; text: string; html: string; status: string }>>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API sent
  body: any;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A PostgreSQL database of its own for one test server, dropped at the end, so runs never see each other's rows:
 * a copy of the run's migrated template when there is one (postgres-template.global.ts), else empty.
 */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `brade_test_${randomBytes(6).toString('hex')}`;
  const template = providedDatabase('migratedPostgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServerOptions {
  limits?: Partial<AuthLimits>;
  clock?: () => Date;
  env?: Record<string, string>;
  /** Providers to connect to instead of the configured ones (fakes, or adapters pointed at a simulator). */
  providers?: IntegrationProviders;
  /** The import sweep's period; tests of scheduling make it short. */
  syncSweepMs?: number;
  /** Any sweep's period (jobs/recurring-work.ts). */
  every?: Partial<Cadences>;
  /** Rows an import gathers before writing; 1 writes every page (tests of resuming). */
  syncWriteBatchRows?: number;
  /** Where the server's log lines go (at level info); silent when not given. */
  logDestination?: DestinationStream;
  /** Deliberate waits: tests record them instead of timing them. */
  sleep?: (ms: number) => Promise<void>;
  /** Start the demo account's private simulators and connect the demo owner to them, as `main.ts` does. */
  demo?: boolean;
  /** BradeBot's budgets and model (assistant/service.ts). */
  assistant?: AssistantOptions;
}

/** The snapshot file, read once per worker: its files share this module (vitest.config.ts). */
let snapshotRead: { file: string; blob: Blob } | undefined;
function pgliteSnapshot(): Blob | undefined {
  const file = providedDatabase('migratedPgliteSnapshot');
  if (!file) return undefined;
  if (snapshotRead?.file !== file) snapshotRead = { file, blob: new Blob([readFileSync(file)]) };
  return snapshotRead.blob;
}

/** A real server on a loopback port over a fresh database: PGlite in memory, or PostgreSQL when TEST_DB=postgres. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const postgres = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    CLIENT_KEY: randomBytes(32).toString('hex'),
    WEB_DIST: '/nonexistent-web-dist',
    // Explicitly on: on PostgreSQL (DATABASE_URL) they would otherwise stay off. Tests of the rule blank them.
    DEV_MAILBOX: 'true',
    ALLOW_SANDBOX: 'true',
    // HMRC's simulator refuses any call whose fraud-prevention headers have an error (docs/sandbox.md, "HMRC"); the
    // vendor's address is one from the documentation ranges, as HMRC's examples use.
    SANDBOX_HMRC_FRAUD_HEADERS: 'enforce',
    HMRC_VENDOR_PUBLIC_IP: '203.0.113.6',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  // PGlite starts from the run's migrated snapshot when there is one (pglite-snapshot.global.ts).
  const snapshot = postgres ? undefined : pgliteSnapshot();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    ...(snapshot ? { pgliteSnapshot: snapshot } : {}),
  });
  await runMigrations(database);
  const logger = options.logDestination ? createLogger('info', options.logDestination) : createLogger('silent');
  await seedDemoAccount(database.db, logger);
  const demo = options.demo ? await startDemoSandbox(options.clock ? { now: options.clock } : {}) : null;
  const { app, ctx, unlisted } = await buildApp({
    demo,
    config,
    database,
    logger,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.providers ? { providers: options.providers } : {}),
    ...(options.assistant ? { assistant: options.assistant } : {}),
    every: { ...(options.syncSweepMs ? { connections: options.syncSweepMs } : {}), ...options.every },
    ...(options.syncWriteBatchRows ? { syncWriteBatchRows: options.syncWriteBatchRows } : {}),
    providerRetry: { initialDelayMs: 5, maxDelayMs: 20 },
    jobPollingSeconds: 0.5,
    syncRetryDelaySeconds: 1,
    pluginTimeoutMs: TEST_LIMITS.api.hook,
  });
  if (demo) await prepareDemoAccount(database.db, ctx.integrations.cipher, demo, logger, ctx.clock());
  await app.listen({ host: '127.0.0.1', port });
  // The test's own fetch shares this process's event loop: a test that blocks it for minutes (seeding a salon
  // in PGlite) lets the server's idle timer and the client's fire in one turn, and the client then writes to a
  // socket the server has just closed (ECONNRESET). Idle sockets are left to the client to close.
  app.server.keepAliveTimeout = 0;
  const url = `http://127.0.0.1:${port}`;

  const request: TestServer['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, headers: res.headers, body: parsed };
  };

  return {
    url,
    ctx,
    unlisted,
    request,
    post: (path, body, token) => request('POST', path, { body: body ?? {}, ...(token ? { token } : {}) }),
    get: (path, token) => request('GET', path, token ? { token } : {}),
    async mailsTo(email) {
      await ctx.afterReply.idle();
      const mails = await listOutbox(database.db, 200);
      return mails.filter((m) => m.to === email.toLowerCase());
    },
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}

let counter = 0;
/** A unique, valid e-mail per call. */
export function uniqueEmail(prefix = 'owner'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@salon-test.co.uk`;
}

export const GOOD_PASSWORD = 'Chignon2026';

export function codeFrom(mail: { text: string } | undefined): string {
  const match = mail?.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error('no 6-digit code in the e-mail');
  return match[1];
}

/** Signs up, reads the code from the outbox, verifies: returns the owner's session. */
export async function signUpAndConfirm(server: TestServer, email = uniqueEmail(), password = GOOD_PASSWORD) {
  const signup = await server.post('/api/signup_user', {
    email,
    password,
    options: { data: { full_name: 'Priya Shah' } },
  });
  if (signup.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  const [mail] = await server.mailsTo(email);
  const verified = await server.post('/api/verify_otp', { email, token: codeFrom(mail), id: signup.body.id });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { email, password, ...(verified.body as { id: string; access_token: string; refresh_token: string }) };
}
