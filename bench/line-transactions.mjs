// Seeds an owner with a year of a salon's books in PostgreSQL plus one expense line of 5,000 bank transactions in
// last month, then prints the time to open that line's first page (POST /api/database/get-line-transactions, 50 rows,
// newest first) over HTTP: the first request, and p50/p95 of the next ones, sorted by date and by amount, and with a
// search (budget: 300 ms for the first page).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, root, startServer, stopServer } from './support.mjs';

const BUDGET_MS = 300;
const LINE_ROWS = 5000;
const RUNS = 50;
const adminUrl =
  process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function lastMonth() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}

export async function measureLineTransactions() {
  const name = `brade_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-bench-'));
  let server;
  try {
    const built = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), '--bench'], {
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('building the bench drivers failed');
    const seeded = spawnSync(
      process.execPath,
      [path.join(root, 'apps/server/dist/bench/seed-owner.js'), '--years', '1', '--scale', '2'],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
    const owner = JSON.parse(seeded.stdout.trim().split('\n').at(-1));
    const { year, month } = lastMonth();
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    const db = new pg.Client({ connectionString: databaseUrl });
    db.on('error', () => {});
    await db.connect();
    // One supplier paid 5,000 times in the month, spread over its days: one line of the expense report.
    await db.query(
      `insert into ledger_transactions (user_id, provider, external_id, amount_pence, occurred_at, local_date,
         description, counterparty, category, kind)
       select $1, 'bank', 'bench-line-' || i, -(100 + (i * 37) % 5000),
         ($2::date + ((i % 28) || ' days')::interval + ((i % 600) || ' minutes')::interval) at time zone 'Europe/London',
         $2::date + (i % 28), 'CARD PAYMENT BENCH SUPPLIES ' || (i % 97), 'BENCH SUPPLIES', 'Uncategorised', 'expense'
       from generate_series(1, $3) as i`,
      [owner.id, first, LINE_ROWS],
    );
    const { rows } = await db.query('select count(*)::int as n from ledger_transactions where user_id = $1', [
      owner.id,
    ]);
    await db.query('vacuum analyze ledger_transactions');
    await db.end();
    console.log(
      `seeded ${rows[0].n} ledger rows, ${LINE_ROWS} of them on one line (Uncategorised, ${first.slice(0, 7)})`,
    );

    server = await startServer(dataDir, await freePort(), { DATABASE_URL: databaseUrl, DEMO_ACCOUNT: 'false' });
    const session = await (
      await fetch(`${server.url}/api/signin_user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email, password: owner.password }),
      })
    ).json();
    const open = async (extra = {}) => {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/database/get-line-transactions/${owner.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ year, month, group: 'expenses', category: 'Uncategorised', page_size: 50, ...extra }),
      });
      const body = await res.json();
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`get-line-transactions answered ${res.status}: ${JSON.stringify(body)}`);
      return { ms, body };
    };
    const cold = await open();
    if (cold.body.total_count < LINE_ROWS) throw new Error(`the line has ${cold.body.total_count} rows`);
    console.log(
      `first page of a ${cold.body.total_count.toLocaleString('en-GB')}-transaction line: first request ${cold.ms.toFixed(1)} ms (budget ${BUDGET_MS} ms)`,
    );
    let ok = cold.ms < BUDGET_MS;
    for (const [label, extra] of [
      ['by date, newest first', {}],
      ['by amount', { sort: 'amount' }],
      ['page 60', { page: 60 }],
      ["search 'supplies 4'", { search: 'supplies 4' }],
    ]) {
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push((await open(extra)).ms);
      times.sort((a, b) => a - b);
      const p95 = quantile(times, 0.95);
      ok &&= p95 < BUDGET_MS;
      console.log(`  ${label}: p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${RUNS}`);
    }
    console.log(ok ? 'within budget' : 'OVER BUDGET');
    return ok;
  } finally {
    if (server) await stopServer(server.child);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureLineTransactions()) ? 0 : 1);
