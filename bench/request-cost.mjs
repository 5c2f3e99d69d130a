// What each dashboard call spends outside its SQL (issue 21, part 2). Seeds an owner with three years at ~150 sales
// a day in PostgreSQL, starts the built server with its database behind a timing relay (bench/pg-timing-proxy.mjs),
// then prints for each of the six dashboard calls, over sequential requests: p50 total, p50 SQL time (the time at
// least one of the call's round trips to PostgreSQL was in flight, as the server saw it), the round trips a call
// makes, and the goal: p50 total within the health floor (GET /api/health p50) plus twice the p50 SQL time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sqlTimeWithin, startTimingProxy } from './pg-timing-proxy.mjs';
import { freePort, root, startServer, stopServer } from './support.mjs';

const RUNS = Number(process.env.BENCH_REQUEST_RUNS ?? 400);
const WARM_UP = 50;
const adminUrl =
  process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DASHBOARD_CALLS = [
  'get-current-month-sales-total',
  'get-current-month-expenses-total',
  'get-current-month-revenue-per-client',
  'get-monthly-sales',
  'get-monthly-expenses',
  'get-financial-goals',
];

const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Sequential requests to one URL, each followed by a GET /api/health on the same connection: each call's total
 * time, SQL time and round trips, and the health floor measured alongside it (so a busy machine moves both alike).
 */
async function measure(url, headers, proxy, floorUrl) {
  const once = async (target, h) => {
    const started = performance.now();
    const res = await fetch(target, { headers: h });
    await res.arrayBuffer();
    const ended = performance.now();
    if (!res.ok) throw new Error(`${target}: HTTP ${res.status}`);
    return { total: ended - started, ...sqlTimeWithin(proxy.trips, started, ended) };
  };
  for (let i = 0; i < WARM_UP; i++) {
    await once(url, headers);
    await once(floorUrl, {});
  }
  const runs = [];
  const floors = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await once(url, headers));
    floors.push((await once(floorUrl, {})).total);
    if (proxy.trips.length > 10_000) proxy.trips.splice(0, proxy.trips.length - 100);
  }
  proxy.trips.length = 0;
  return {
    total: p50(runs.map((r) => r.total)),
    sql: p50(runs.map((r) => r.ms)),
    trips: p50(runs.map((r) => r.trips)),
    floor: p50(floors),
  };
}

export async function measureRequestCost() {
  // BENCH_COST_DATABASE keeps the seeded database (created on the first run) for the next, to compare two builds.
  const kept = process.env.BENCH_COST_DATABASE;
  const name = kept ?? `brade_bench_cost_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-bench-'));
  let server;
  let proxy;
  try {
    // The seeder is built here, from the current source: the server bundle does not carry it.
    const built = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), '--bench'], {
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('building the bench drivers failed');
    let owner;
    if (exists) {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const { rows } = await db.query(`select id::text, email from users where email = 'bench.owner@salon-test.co.uk'`);
      await db.end();
      owner = { ...rows[0], password: 'Chignon2026' };
    } else {
      const seeded = spawnSync(
        process.execPath,
        [path.join(root, 'apps/server/dist/bench/seed-owner.js'), '--years', '3', '--scale', '5'],
        { env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, encoding: 'utf8' },
      );
      if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
      owner = JSON.parse(seeded.stdout.trim().split('\n').at(-1));
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      // Autovacuum keeps a live database's visibility map current; a freshly loaded one needs it once.
      await db.query('vacuum analyze');
      await db.end();
    }

    proxy = await startTimingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const proxied = new URL(databaseUrl);
    proxied.host = `127.0.0.1:${proxy.port}`;
    server = await startServer(dataDir, await freePort(), {
      DATABASE_URL: proxied.toString(),
      DEMO_ACCOUNT: 'false',
    });
    const session = await (
      await fetch(`${server.url}/api/signin_user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email, password: owner.password }),
      })
    ).json();
    const headers = { authorization: `Bearer ${session.access_token}` };

    console.log(
      `per-request cost (${RUNS} sequential requests each, p50; SQL = time a round trip to PostgreSQL was in flight, measured by a relay between server and database; floor = GET /api/health, each one right after a call):`,
    );
    let met = 0;
    for (const call of DASHBOARD_CALLS) {
      const r = await measure(
        `${server.url}/api/database/${call}/${owner.id}`,
        headers,
        proxy,
        `${server.url}/api/health`,
      );
      const goal = r.floor + 2 * r.sql;
      const ok = r.total <= goal;
      if (ok) met += 1;
      console.log(
        `  ${call.padEnd(38)} total ${r.total.toFixed(2)} ms | SQL ${r.sql.toFixed(2)} ms in ${r.trips} round trips | outside SQL ${(r.total - r.sql).toFixed(2)} ms | floor ${r.floor.toFixed(2)} ms | goal ≤ ${goal.toFixed(2)} ms ${ok ? '(met)' : '(NOT MET)'}`,
      );
    }
    console.log(`  goal met by ${met} of ${DASHBOARD_CALLS.length} calls`);
    return met === DASHBOARD_CALLS.length;
  } finally {
    if (server) await stopServer(server.child);
    await proxy?.close();
    if (!kept) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureRequestCost()) ? 0 : 1);
