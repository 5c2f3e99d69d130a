import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchDatabase, buildBenchDrivers, freePort, seedOwner, signIn, startServer, stopServer } from './support.mjs';

const BUDGET_MS = 300;
const LINE_ROWS = 5000;
const RUNS = 50;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function lastMonth() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}

export async function measureLineTransactions() {
  const name = `brade_bench_${Date.now().toString(36)}`;
  const database = await benchDatabase(name);
  const databaseUrl = database.url;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-bench-'));
  let server;
  try {
    buildBenchDrivers();
    const owner = seedOwner(databaseUrl, dataDir, 1, 2);
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
    const session = await signIn(server.url, owner.email, owner.password);
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
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureLineTransactions()) ? 0 : 1);
