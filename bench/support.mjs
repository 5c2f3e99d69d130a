// What the benchmarks share: the built server on a loopback port with its own data directory, a PostgreSQL
// database of their own, the bench drivers built from the current source, and a signed-in session.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export async function startServer(dataDir, port, extraEnv = {}, readyWithinMs = 60_000) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error('the server exited before it was ready');
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return { child, url, readyMs: performance.now() - started };
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready within ${readyWithinMs / 1000} s`);
}

export function stopServer(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The spec's six calls the dashboard makes when it opens (GET /api/database/{call}/{id}). */
export const DASHBOARD_CALLS = [
  'get-current-month-sales-total',
  'get-current-month-expenses-total',
  'get-current-month-revenue-per-client',
  'get-monthly-sales',
  'get-monthly-expenses',
  'get-financial-goals',
];

export const ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement as the administrator (create or drop a database). */
export async function adminQuery(text, values) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await admin.query(text, values);
  } finally {
    await admin.end();
  }
}

/**
 * A database of the bench's own on the administrator's server, created unless it exists (`existed` says which),
 * and `drop()` to remove it.
 */
export async function benchDatabase(name) {
  const existed = (await adminQuery('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (!existed) await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), existed, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** Builds the seeders and drivers (apps/server/dist/bench) from the current source: the server bundle lacks them. */
export function buildBenchDrivers() {
  const built = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), '--bench'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the bench drivers failed');
}

/** The demo account the app makes on its first start (DEMO_ACCOUNT on), as the login page's 'Use Test Account'. */
export const DEMO = { email: 'demo@brade.app', password: 'Brade2026' };

/** The load averages (1, 5 and 15 min), printed beside a timing: these machines are shared. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Signs an owner in: the session's id, access_token and refresh_token. */
export async function signIn(url, email, password) {
  const res = await fetch(`${url}/api/signin_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`signing in ${email} failed: HTTP ${res.status}`);
  return res.json();
}

/** Seeds a confirmed owner with generated salon data (bench/drivers/seed-owner.ts): its id, email and password. */
export function seedOwner(databaseUrl, dataDir, years, scale) {
  const seeded = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/dist/bench/seed-owner.js'), '--years', String(years), '--scale', String(scale)],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  return JSON.parse(seeded.stdout.trim().split('\n').at(-1));
}

/** The demo's first start imports 18 months in the background; a page measured meanwhile waits for that CPU. */
export async function waitForDemoImport(url, session) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/api/integrations/sync-status/${session.id}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    const { connections } = await res.json();
    if (connections.length === 4 && connections.every((c) => c.history?.complete && c.sync.state === 'idle')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo import did not finish within 5 minutes');
}
