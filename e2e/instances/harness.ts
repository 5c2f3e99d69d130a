import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { TEST_LIMITS } from '../../test-limits.js';
import { freePort } from '../support/server-process.js';

/**
 * Several built servers (apps/server/dist/main.js) on one PostgreSQL database, and the pieces a fault test
 * controls: an SMTP server it can stop, a TCP proxy in front of PostgreSQL it can cut, and an HTTP proxy in front
 * of a provider that can go down or answer nonsense. Needs TEST_DATABASE_URL (CI sets it); the machine's shared
 * PostgreSQL is never stopped: "PostgreSQL goes away" is the proxy cutting every connection.
 */
export const ADMIN_URL = process.env.TEST_DATABASE_URL;
export const SKIP_REASON =
  'TEST_DATABASE_URL is not set: the multi-instance and fault tests on PostgreSQL are skipped.';
if (!ADMIN_URL) console.log(SKIP_REASON);

const root = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs: number = TEST_LIMITS.e2e.wait,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A database of the test's own on the shared server, dropped by `drop`. */
export async function createDatabase(): Promise<{ url: string; name: string; query: Query; drop(): Promise<void> }> {
  const name = `brade_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = databaseUrl(name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  return {
    url,
    name,
    query: async (text, values) => (await pool.query(text, values)).rows,
    async drop() {
      await pool.end();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: rows are whatever the SQL selected
export type Query = (text: string, values?: unknown[]) => Promise<any[]>;

export function databaseUrl(name: string, port?: number): string {
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  if (port) url.port = String(port);
  return url.toString();
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The secrets every instance of one deployment shares. */
export function deploymentSecrets() {
  return {
    APP_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    CLIENT_KEY: randomBytes(32).toString('hex'),
  };
}

export interface Instance {
  child: ChildProcess;
  url: string;
  output(): string;
}

/**
 * One built server. `preload` is a module given to node --import before the app (the shifted clock). Resolves
 * once /api/ready answers 200; rejects with the process's output if it exits first or 90 s pass.
 */
export async function startInstance(env: Record<string, string>, preload?: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-instance-'));
  let output = '';
  const child = spawn(
    process.execPath,
    [...(preload ? ['--import', preload] : []), path.join(root, 'apps/server/dist/main.js')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DEMO_ACCOUNT: 'false',
        LOG_LEVEL: 'warn',
        // Behind a reverse proxy, as a deployment of several instances is: the client address is X-Forwarded-For.
        TRUST_PROXY: '1',
        WEB_DIST: '/nonexistent-web-dist',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const deadline = Date.now() + TEST_LIMITS.e2e.background;
  while (child.exitCode === null && Date.now() < deadline) {
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, url, output: () => output };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`instance at ${url} did not become ready:\n${output}`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(child.exitCode)
      : child.once('exit', (code) => resolve(code)),
  );
}

export async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  const done = exited(instance.child);
  instance.child.kill(signal);
  return done;
}

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API sent
  body: any;
}

/** One call; `ip` is the client address the reverse proxy would forward. A refused connection rejects. */
export async function call(
  base: string,
  method: string,
  route: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<ApiAnswer> {
  const res = await fetch(base + route, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      'x-forwarded-for': options.ip ?? '203.0.113.10',
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body };
}

export interface ReceivedMail {
  to: string;
  subject: string;
  raw: string;
}

/** An SMTP server on loopback that keeps every message; `stop` and `start` again keep its port. */
export class SmtpCatcher {
  readonly received: ReceivedMail[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          const subject = raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '';
          for (const r of session.envelope.rcptTo) this.received.push({ to: r.address, subject, raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string, subject?: string): ReceivedMail[] {
    return this.received.filter((m) => m.to === address.toLowerCase() && (!subject || m.subject === subject));
  }

  async code(address: string): Promise<string> {
    const mail = await waitFor(`the code e-mail to ${address}`, () => this.to(address, CODE_SUBJECT).at(-1));
    return mail.raw.match(/confirmation code is (\d{6})/)![1]!;
  }
}

export const CODE_SUBJECT = 'Your Brade confirmation code';

/**
 * A TCP proxy to a fixed target. `cut` drops every connection and refuses new ones until `restore`; `silence`
 * drops them too but accepts new ones and never answers (a network partition), until `restore`.
 */
export class TcpProxy {
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private silent = false;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      if (this.silent) {
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => {});
        return;
      }
      const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  silence(): void {
    this.silent = true;
    for (const s of this.sockets) s.destroy();
  }

  async restore(): Promise<void> {
    if (this.silent) {
      this.silent = false;
      for (const s of this.sockets) s.destroy();
    }
    if (!this.server) await this.start();
  }
}

export type ProviderMode = 'up' | 'down' | 'malformed';

/**
 * An HTTP proxy in front of a provider's API: counts each request (method, path and query) it forwards, and on
 * demand drops every API connection (an outage) or answers 200 with JSON cut off (a provider sending nonsense).
 */
export class ProviderProxy {
  mode: ProviderMode = 'up';
  readonly requests = new Map<string, number>();
  /**
   * Requests asked again after an earlier one was answered in full with a 2xx. A page the client gave up waiting for
   * (its own time-out on a loaded machine) and asked again is a retry within one run, not a second run.
   */
  private readonly againAfterAnswer = new Map<string, number>();
  private readonly answered = new Set<string>();
  private server: HttpServer | null = null;
  url = '';

  constructor(private readonly target: string) {}

  async start(): Promise<void> {
    const server = createHttpServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      // Only the read API fails: connecting (OAuth) goes on working, so a test can start runs that meet the fault.
      const faulty = req.url?.startsWith('/v1/') ?? false;
      if (faulty && this.mode === 'down') {
        req.socket.destroy();
        return;
      }
      if (faulty && this.mode === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[{"id":"txn_');
        return;
      }
      // Per caller too: two owners' first pages share a path and query but not a token.
      const key = `${req.method} ${req.url} ${req.headers.authorization ?? ''}`;
      this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
      if (this.answered.has(key)) this.againAfterAnswer.set(key, (this.againAfterAnswer.get(key) ?? 0) + 1);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) {
          headers.set(name, value);
        }
      }
      try {
        const upstream = await fetch(this.target + req.url, {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        const body = Buffer.from(await upstream.arrayBuffer());
        if (upstream.ok) {
          res.on('finish', () => {
            if (!req.socket.destroyed) this.answered.add(key);
          });
        }
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(body);
      } catch (error) {
        // The simulator itself failed: a gateway error, as a real proxy would answer.
        res.writeHead(502).end(String((error as Error).message));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    this.server = server;
  }

  /** Pages fetched again after one was delivered: a page fetched twice means a run was done twice. */
  repeated(): string[] {
    return [...this.againAfterAnswer.keys()].filter((key) => key.includes('/v1/'));
  }

  /** Pages asked more than once in all, retries after a client's time-out included (printed, not judged). */
  retried(): string[] {
    return [...this.requests].filter(([key, n]) => n > 1 && key.includes('/v1/')).map(([key]) => key);
  }

  async close(): Promise<void> {
    const server = this.server;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
}
