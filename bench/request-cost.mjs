import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sqlTimeWithin, startTimingProxy } from './pg-timing-proxy.mjs';
import {
  benchDatabase,
  buildBenchDrivers,
  DASHBOARD_CALLS,
  freePort,
  seedOwner,
  signIn,
  startServer,
  stopServer,
} from './support.mjs';

const RUNS = Number(process.env.BENCH_REQUEST_RUNS ?? 400);
const WARM_UP = 50;

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
  const database = await benchDatabase(name);
  const databaseUrl = database.url;
  const url = new URL(databaseUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-bench-'));
  let server;
  let proxy;
  try {
    buildBenchDrivers();
    let owner;
    if (database.existed) {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const { rows } = await db.query(`select id::text, email from users where email = 'bench.owner@salon-test.co.uk'`);
      await db.end();
      owner = { ...rows[0], password: 'Chignon2026' };
    } else {
      owner = seedOwner(databaseUrl, dataDir, 3, 5);
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
    const session = await signIn(server.url, owner.email, owner.password);
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
    if (!kept) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureRequestCost()) ? 0 : 1);
