// Brade under load (issue 21): owners of small salons on PostgreSQL (1,000 owners × 3 months ≈ 3 million ledger
// rows, seeded once with COPY into a database of its own and reused by later runs), each "dashboard open" being the
// six GET calls of the dashboard (bench/dashboard-calls.mjs), at 50 and 200 connections for 60 s against 1, 2 and 4
// built instances (e2e/instances/harness.ts) on that one database. Prints dashboards/s, p50/p95/p99 per call, the
// errors (goal 0), the scaling against the single instance of the same invocation (goal ≥ 1.7 from 1 to 2 on this
// 2-core machine), where the CPU went (instances, PostgreSQL, this load generator, everything else) and the load
// average; then sign-ins per second per core (argon2 bounds it), with the auth allowances raised by the bench-only
// BENCH_RATE_LIMIT_FACTOR, which production refuses.
//
// Quick run: LOAD_OWNERS=100 LOAD_SECONDS=10 LOAD_CONNECTIONS=50 LOAD_INSTANCES=1,2 node bench/load.mjs
//   LOAD_OWNERS (1000), LOAD_MONTHS (3), LOAD_SCALE (0.5: a small salon's sales a day), LOAD_SECONDS (60),
//   LOAD_WARMUP_SECONDS (5), LOAD_CONNECTIONS (50,200), LOAD_INSTANCES (1,2,4), LOAD_SIGNIN_SECONDS (20),
//   LOAD_SIGNIN_CONNECTIONS (16), LOAD_DATABASE (brade_load), TEST_DATABASE_URL or BENCH_DATABASE_URL (the server).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { DASHBOARD_CALLS, root } from './support.mjs';

const env = process.env;
const OWNERS = Number(env.LOAD_OWNERS ?? 1000);
const MONTHS = Number(env.LOAD_MONTHS ?? 3);
const SCALE = env.LOAD_SCALE ?? '0.5';
const SECONDS = Number(env.LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = Number(env.LOAD_WARMUP_SECONDS ?? 5);
const CONNECTIONS = (env.LOAD_CONNECTIONS ?? '50,200').split(',').map(Number);
const INSTANCES = (env.LOAD_INSTANCES ?? '1,2,4').split(',').map(Number);
const SIGNIN_SECONDS = Number(env.LOAD_SIGNIN_SECONDS ?? 20);
const SIGNIN_CONNECTIONS = Number(env.LOAD_SIGNIN_CONNECTIONS ?? 16);
const DATABASE = env.LOAD_DATABASE ?? 'brade_load';
const ADMIN_URL = env.TEST_DATABASE_URL ?? env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Chignon2026';
const SCALING_GOAL = 1.7;
const CORES = cpus().length;
/** A session's access token lives 15 minutes (apps/server/src/auth/access-tokens.ts): renewed well before. */
const TOKEN_RENEW_MS = 8 * 60_000;

// One deployment's secrets for every instance and the seeder, fixed so a reused database keeps working.
const secret = (name) => createHash('sha256').update(`brade-load-${name}`).digest('hex');
const SECRETS = { APP_SECRET: secret('app'), ENCRYPTION_KEY: secret('encryption'), CLIENT_KEY: secret('client') };

const databaseUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();
const fmt = (n, digits = 1) => n.toFixed(digits);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const londonMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).slice(0, 7);

async function admin(text, values) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The seeded database, reused when its comment says it holds this invocation's owners and months as of this
 * London month (the dashboard reads the current month); otherwise dropped and seeded again (several minutes).
 */
export async function ensureSeeded() {
  const marker = `brade-load owners=${OWNERS} months=${MONTHS} scale=${SCALE} month=${londonMonth()}`;
  const [existing] = await admin(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
    [DATABASE],
  );
  if (existing?.comment === marker) {
    console.log(`  reusing database ${DATABASE} (${marker})`);
    return;
  }
  console.log(`  seeding database ${DATABASE} (${marker}); it is kept for the next run`);
  await admin(`drop database if exists ${DATABASE} with (force)`);
  await admin(`create database ${DATABASE}`);
  const built = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), '--bench'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the bench drivers failed');
  const started = performance.now();
  const seeded = spawnSync(
    process.execPath,
    [
      path.join(root, 'apps/server/dist/bench/seed-load.js'),
      ...['--owners', String(OWNERS), '--months', String(MONTHS), '--scale', SCALE],
    ],
    {
      env: { ...env, ...SECRETS, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error('seeding the load database failed');
  const summary = JSON.parse(seeded.stdout.trim().split('\n').at(-1));
  console.log(
    `  seeded ${summary.owners} owners, ${summary.ledgerRows} ledger rows in ${fmt((performance.now() - started) / 1000, 0)} s`,
  );
  await admin(`comment on database ${DATABASE} is '${marker}'`);
}

/** The instances harness of the browser tests (TypeScript), bundled for this script with esbuild. */
async function loadHarness() {
  const outfile = path.join(root, 'apps/server/dist/bench/instances-harness.mjs');
  await build({
    entryPoints: [path.join(root, 'e2e/instances/harness.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    // It finds the built server from its own folder.
    define: { 'import.meta.dirname': JSON.stringify(path.join(root, 'e2e/instances')) },
    logLevel: 'warning',
  });
  // The harness reads the PostgreSQL server from TEST_DATABASE_URL.
  process.env.TEST_DATABASE_URL = ADMIN_URL;
  return import(pathToFileURL(outfile).href);
}

// ---- CPU accounting from /proc (clock ticks) ----

const TICKS = 100;
function procTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ticks: +fields[11] + +fields[12] };
  } catch {
    return null;
  }
}
function busyTicks() {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal
  return f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
}
function postgresTicks() {
  const byPid = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = procTicks(name);
    if (p?.comm === 'postgres') byPid.set(Number(name), p.ticks);
  }
  return byPid;
}
async function loadDatabasePids() {
  const rows = await admin('select pid from pg_stat_activity where datname = $1', [DATABASE]);
  return new Set(rows.map((r) => Number(r.pid)));
}

/** CPU seconds spent between `start()` and `stop()` by the instances, PostgreSQL (this database's backends and the
 * rest), this process (the load generator) and everything else on the machine. */
function cpuMeter(instancePids) {
  let before;
  return {
    async start() {
      before = {
        at: performance.now(),
        busy: busyTicks(),
        instances: instancePids.map((pid) => procTicks(pid)?.ticks ?? 0),
        postgres: postgresTicks(),
        self: process.cpuUsage(),
      };
    },
    async stop() {
      const loadPids = await loadDatabasePids();
      const wall = (performance.now() - before.at) / 1000;
      const after = postgresTicks();
      let pgLoad = 0;
      let pgOther = 0;
      for (const [pid, ticks] of after) {
        const spent = ticks - (before.postgres.get(pid) ?? 0);
        if (loadPids.has(pid)) pgLoad += spent;
        else pgOther += spent;
      }
      const instances = instancePids.reduce(
        (sum, pid, i) => sum + ((procTicks(pid)?.ticks ?? 0) - before.instances[i]),
        0,
      );
      const self = process.cpuUsage(before.self);
      const generator = ((self.user + self.system) / 1e6) * TICKS;
      const busy = busyTicks() - before.busy;
      const cores = (ticks) => ticks / TICKS / wall;
      return {
        wall,
        busy: cores(busy),
        instances: cores(instances),
        postgresLoad: cores(pgLoad),
        postgresOther: cores(pgOther),
        generator: cores(generator),
        other: cores(Math.max(0, busy - instances - pgLoad - pgOther - generator)),
        instanceSeconds: instances / TICKS,
        postgresSeconds: pgLoad / TICKS,
      };
    },
  };
}
const cpuLine = (c) =>
  `CPU ${fmt(c.busy, 2)} of ${CORES} cores busy: instances ${fmt(c.instances, 2)}, PostgreSQL ${fmt(c.postgresLoad, 2)} (its share of the server side ${fmt((100 * c.postgresLoad) / (c.instances + c.postgresLoad || 1), 0)} %), PostgreSQL for other databases ${fmt(c.postgresOther, 2)}, this load generator ${fmt(c.generator, 2)}, other processes ${fmt(c.other, 2)}`;

// ---- the load itself ----

const percentile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

/** Runs autocannon against every instance at once, `connections` spread evenly, as a round-robin proxy would. */
async function cannon(urls, connections, seconds, requestsFor) {
  const latencies = [];
  const runs = urls.map((url, i) => {
    const share = Math.floor(connections / urls.length) + (i < connections % urls.length ? 1 : 0);
    return new Promise((resolve, reject) => {
      const instance = autocannon(
        { url, connections: share, duration: seconds, requests: requestsFor(), timeout: 30 },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
  });
  const results = await Promise.all(runs);
  latencies.sort((a, b) => a - b);
  const sum = (pick) => results.reduce((total, r) => total + pick(r), 0);
  return {
    requests: sum((r) => r.requests.total),
    ok: sum((r) => r['2xx']),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Each connection opens dashboards one after another, each of a random owner: the six calls in turn. */
function dashboardRequests(owners) {
  return DASHBOARD_CALLS.map((call, i) => ({
    method: 'GET',
    setupRequest(req, context) {
      if (i === 0 || !context.owner) context.owner = pick(owners);
      return {
        ...req,
        path: `/api/database/${call}/${context.owner.id}`,
        headers: { authorization: `Bearer ${context.owner.token}`, 'x-forwarded-for': '203.0.113.50' },
      };
    },
  }));
}

function signinRequests(owners, tokens) {
  return [
    {
      method: 'POST',
      setupRequest(req, context) {
        context.owner = pick(owners);
        return {
          ...req,
          path: '/api/signin_user',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.60' },
          body: JSON.stringify({ email: context.owner.email, password: PASSWORD }),
        };
      },
      onResponse(status, body, context) {
        if (status === 200) tokens.set(context.owner.email, { ...JSON.parse(body), at: Date.now() });
      },
    },
  ];
}

/** Signs in every owner whose token is missing or old, a few at a time. */
async function topUpTokens(urls, owners, tokens) {
  const stale = owners.filter((o) => !tokens.has(o.email) || Date.now() - tokens.get(o.email).at > TOKEN_RENEW_MS);
  let next = 0;
  const worker = async (w) => {
    while (next < stale.length) {
      const owner = stale[next++];
      const res = await fetch(`${urls[w % urls.length]}/api/signin_user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.70' },
        body: JSON.stringify({ email: owner.email, password: PASSWORD }),
      });
      if (!res.ok) throw new Error(`signing in ${owner.email}: HTTP ${res.status} ${await res.text()}`);
      tokens.set(owner.email, { ...(await res.json()), at: Date.now() });
    }
  };
  await Promise.all(Array.from({ length: 4 * urls.length }, (_, w) => worker(w)));
}

export async function measureLoad() {
  console.log(
    `Load: ${OWNERS} owners × ${MONTHS} months on PostgreSQL, ${SECONDS} s per run at ${CONNECTIONS.join(' and ')} connections against ${INSTANCES.join(', ')} instance(s); ${CORES} cores; load average ${load()}`,
  );
  await ensureSeeded();
  const harness = await loadHarness();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const people = (await db.query(`select id::text, email from users where email like 'load.owner.%'`)).rows;
  await db.end();
  const tokens = new Map();
  const dashboards = new Map();
  let ok = true;
  for (const count of INSTANCES) {
    const instanceEnv = {
      ...SECRETS,
      DATABASE_URL: databaseUrl,
      BENCH_RATE_LIMIT_FACTOR: '1000000',
    };
    const instances = await Promise.all(Array.from({ length: count }, () => harness.startInstance(instanceEnv)));
    const urls = instances.map((i) => i.url);
    const pids = instances.map((i) => i.child.pid);
    try {
      console.log(`\n${count} instance(s):`);
      // Sign-in under load: argon2 at full speed, the allowances raised (BENCH_RATE_LIMIT_FACTOR).
      if (SIGNIN_SECONDS > 0) {
        const meter = cpuMeter(pids);
        await meter.start();
        const signins = await cannon(urls, SIGNIN_CONNECTIONS, SIGNIN_SECONDS, () => signinRequests(people, tokens));
        const cpu = await meter.stop();
        const perSecond = signins.ok / cpu.wall;
        const serverCores = cpu.instances + cpu.postgresLoad;
        console.log(
          `  sign-in: ${fmt(perSecond)} sign-ins/s = ${fmt(perSecond / CORES)} per core of the machine, ${fmt(signins.ok / (cpu.instanceSeconds + cpu.postgresSeconds || 1))} per CPU-second the instances and PostgreSQL spent; p50 ${fmt(signins.p50)} ms, p95 ${fmt(signins.p95)} ms, p99 ${fmt(signins.p99)} ms; errors ${signins.errors + signins.non2xx + signins.timeouts} (${SIGNIN_CONNECTIONS} connections)`,
        );
        console.log(`    ${cpuLine(cpu)}; server side ${fmt(serverCores, 2)} cores; load average ${load()}`);
        if (signins.errors + signins.non2xx + signins.timeouts > 0) ok = false;
      }
      await topUpTokens(urls, people, tokens);
      const owners = people.map((o) => ({ id: o.id, email: o.email, token: tokens.get(o.email).access_token }));
      for (const connections of CONNECTIONS) {
        if (WARMUP_SECONDS > 0) await cannon(urls, connections, WARMUP_SECONDS, () => dashboardRequests(owners));
        const meter = cpuMeter(pids);
        await meter.start();
        const loadBefore = load();
        const r = await cannon(urls, connections, SECONDS, () => dashboardRequests(owners));
        const cpu = await meter.stop();
        const perSecond = r.ok / DASHBOARD_CALLS.length / cpu.wall;
        const errors = r.errors + r.non2xx + r.timeouts;
        if (errors > 0) ok = false;
        const single = dashboards.get(`1:${connections}`);
        const ratio = single && count !== 1 ? ` → ×${fmt(perSecond / single, 2)} the single instance` : '';
        const goal =
          count === 2 && single ? (perSecond / single >= SCALING_GOAL ? ' (goal met)' : ` (goal ${SCALING_GOAL})`) : '';
        dashboards.set(`${count}:${connections}`, perSecond);
        console.log(
          `  ${String(connections).padStart(3)} connections: ${fmt(perSecond)} dashboards/s (${fmt(r.ok / cpu.wall, 0)} calls/s)${ratio}${goal}; per call p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms; errors ${errors}${errors ? ` (non-2xx ${r.non2xx}, socket errors ${r.errors}, timeouts ${r.timeouts})` : ''}`,
        );
        console.log(`    ${cpuLine(cpu)}; load average before ${loadBefore}, after ${load()}`);
        // What a dashboard costs whoever else shares the machine: the ceiling if every core were Brade's.
        const instanceMs = (cpu.instances * 1000) / perSecond;
        const postgresMs = (cpu.postgresLoad * 1000) / perSecond;
        console.log(
          `    CPU per dashboard: ${fmt(instanceMs)} ms in the instances + ${fmt(postgresMs)} ms in PostgreSQL → at most ${fmt((CORES * 1000) / (instanceMs + postgresMs), 0)} dashboards/s with all ${CORES} cores`,
        );
      }
    } finally {
      await Promise.all(instances.map((i) => harness.stopInstance(i)));
    }
  }
  const one = CONNECTIONS.map((c) => [c, dashboards.get(`1:${c}`), dashboards.get(`2:${c}`)]).filter(
    ([, a, b]) => a && b,
  );
  for (const [c, a, b] of one) {
    console.log(
      `  scaling 1 → 2 instances at ${c} connections: ×${fmt(b / a, 2)} (goal ${SCALING_GOAL}: ${b / a >= SCALING_GOAL ? 'met' : 'not met; the CPU lines above show what took the cores'})`,
    );
  }
  console.log(`  errors must be 0: ${ok ? 'they were' : 'THERE WERE ERRORS'}; load average ${load()}`);
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureLoad()) ? 0 : 1);
