import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium } from 'playwright-core';
import {
  benchDatabase,
  buildBenchDrivers,
  CHROMIUM_ARGS,
  freePort,
  seedOwner,
  signIn,
  startServer,
  stopServer,
} from './support.mjs';

const P95_BUDGET_MS = 15;
const RATIO_BUDGET = 2;
const JS_BUDGET = 300 * 1024;
const RUNS = 200;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
};
async function time(fn) {
  const times = [];
  for (let i = 0; i < 10; i++) await fn();
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return stats(times);
}

function londonToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}
function monthRanges(today) {
  const [y, m, d] = today.split('-').map(Number);
  const prevY = m === 1 ? y - 1 : y;
  const prevM = m === 1 ? 12 : m - 1;
  const prevLast = new Date(Date.UTC(prevY, prevM, 0)).getUTCDate();
  const pad = (n) => String(n).padStart(2, '0');
  return {
    current: [`${y}-${pad(m)}-01`, today],
    previous: [`${prevY}-${pad(prevM)}-01`, `${prevY}-${pad(prevM)}-${pad(Math.min(d, prevLast))}`],
    seriesStart: (() => {
      const idx = y * 12 + (m - 1) - 11;
      return `${Math.floor(idx / 12)}-${pad((idx % 12) + 1)}-01`;
    })(),
    // The three whole months before this one, whose revenue a suggested target averages.
    suggestionFrom: (() => {
      const idx = y * 12 + (m - 1) - 3;
      return `${Math.floor(idx / 12)}-${pad((idx % 12) + 1)}-01`;
    })(),
    suggestionTo: `${prevY}-${pad(prevM)}-${pad(prevLast)}`,
  };
}

export async function measureDashboard() {
  const name = `brade_bench_${Date.now().toString(36)}`;
  const database = await benchDatabase(name);
  const databaseUrl = database.url;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brade-bench-'));
  let server;
  let browser;
  try {
    buildBenchDrivers();
    const seedStart = performance.now();
    const owner = seedOwner(databaseUrl, dataDir, 3, 5);
    const db = new pg.Client({ connectionString: databaseUrl });
    // The clean-up drops the database under open connections: that must not hide the real error.
    db.on('error', () => {});
    await db.connect();
    const counts = (
      await db.query(
        `select count(*) filter (where kind = 'sale') as sales, count(*) filter (where provider = 'bank') as bank, count(*) as all from ledger_transactions`,
      )
    ).rows[0];
    console.log(
      `seeded ${counts.sales} sales, ${counts.bank} bank rows (${counts.all} ledger rows) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    // Autovacuum keeps a live database's visibility map current; a freshly loaded one needs it once.
    await db.query('vacuum analyze ledger_transactions');
    await db.query('vacuum analyze ledger_daily_totals');
    // The server runs a call's two queries on two pooled connections at once; so does the SQL baseline.
    const db2 = new pg.Client({ connectionString: databaseUrl });
    db2.on('error', () => {});
    await db2.connect();

    server = await startServer(dataDir, await freePort(), { DATABASE_URL: databaseUrl, DEMO_ACCOUNT: 'false' });
    const session = await signIn(server.url, owner.email, owner.password);
    const headers = { authorization: `Bearer ${session.access_token}` };

    const today = londonToday();
    const r = monthRanges(today);
    // The same SQL the server runs for each call (apps/server/src/ledger/figures.ts).
    const sums = `select coalesce(sum(revenue_pence) filter (where local_date between $2 and $3), 0), coalesce(sum(expenses_pence) filter (where local_date between $2 and $3), 0),
      coalesce(sum(revenue_pence) filter (where local_date between $4 and $5), 0), coalesce(sum(expenses_pence) filter (where local_date between $4 and $5), 0)
      from ledger_daily_totals where user_id = $1 and local_date between $4 and $3`;
    const clients = `select count(distinct client_key) filter (where local_date between $2 and $3), count(distinct client_key) filter (where local_date between $4 and $5)
      from ledger_transactions where user_id = $1 and kind = 'sale' and local_date between $4 and $3`;
    const args = [owner.id, ...r.current, ...r.previous];
    const monthly = (column) => () =>
      db.query(
        `select to_char(local_date, 'YYYY-MM'), sum(${column}) from ledger_daily_totals where user_id = $1 and local_date >= $2 group by 1`,
        [owner.id, r.seriesStart],
      );
    const calls = [
      ['get-current-month-sales-total', () => db.query(sums, args)],
      ['get-current-month-expenses-total', () => db.query(sums, args)],
      ['get-current-month-revenue-per-client', () => Promise.all([db.query(sums, args), db2.query(clients, args)])],
      ['get-monthly-sales', monthly('revenue_pence')],
      ['get-monthly-expenses', monthly('expenses_pence')],
      // An owner who never saved goals: the saved-goals probe and the books' first day at once, then the last three
      // whole months' revenue to suggest a target from (apps/server/src/ledger/goals-in-effect.ts).
      [
        'get-financial-goals',
        async () => {
          await Promise.all([
            db.query('select * from financial_goals where user_id = $1', [owner.id]),
            db2.query('select min(local_date)::text from ledger_transactions where user_id = $1', [owner.id]),
          ]);
          await db.query(
            `select coalesce(sum(revenue_pence) filter (where local_date between $2 and $3), 0) from ledger_daily_totals where user_id = $1 and local_date between $2 and $3`,
            [owner.id, r.suggestionFrom, r.suggestionTo],
          );
        },
      ],
    ];
    let ok = true;
    console.log(`dashboard calls over HTTP (${RUNS} sequential requests each) vs the same aggregate in SQL:`);
    for (const [call, sqlFn] of calls) {
      const http = await time(async () => {
        const res = await fetch(`${server.url}/api/database/${call}/${owner.id}`, { headers });
        if (!res.ok) throw new Error(`${call}: HTTP ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      });
      const direct = await time(sqlFn);
      const ratio = http.p50 / direct.p50;
      const within = http.p95 <= P95_BUDGET_MS && ratio <= RATIO_BUDGET;
      ok &&= within;
      console.log(
        `  ${call.padEnd(38)} HTTP p50 ${http.p50.toFixed(2)} ms, p95 ${http.p95.toFixed(2)} ms | SQL p50 ${direct.p50.toFixed(2)} ms, p95 ${direct.p95.toFixed(2)} ms | p50 ratio ${ratio.toFixed(2)} ${within ? '' : '(OVER BUDGET)'}`,
      );
    }
    const floor = await time(async () => (await fetch(`${server.url}/api/health`)).arrayBuffer());
    console.log(`  budgets: HTTP p95 ≤ ${P95_BUDGET_MS} ms, HTTP/SQL ratio ≤ ${RATIO_BUDGET}`);
    console.log(
      `  for scale: an unauthenticated GET /api/health costs p50 ${floor.p50.toFixed(2)} ms, p95 ${floor.p95.toFixed(2)} ms over the same connection; every call above also checks its session in the database`,
    );
    await db.end();
    await db2.end();

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    // One context: the second page must see the session the first one stored.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.goto(`${server.url}/login`);
    await page.evaluate((s) => {
      localStorage.setItem('id', s.id);
      localStorage.setItem('access_token', s.access_token);
      localStorage.setItem('refresh_token', s.refresh_token);
      localStorage.setItem('email', 'bench.owner@salon-test.co.uk');
    }, session);
    scripts.length = 0;
    const fresh = await context.newPage();
    fresh.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await fresh.goto(`${server.url}/main-menu/dashboard`, { waitUntil: 'networkidle' });
    await fresh.getByText('Overview').first().waitFor({ timeout: 30_000 });
    let gzip = 0;
    for (const res of scripts) gzip += gzipSync(await res.body(), { level: 9 }).length;
    const jsOk = gzip <= JS_BUDGET;
    console.log(
      `JavaScript loaded by /main-menu/dashboard: ${scripts.length} files, ${(gzip / 1024).toFixed(1)} KB gzip; budget ${JS_BUDGET / 1024} KB → ratio ${(gzip / JS_BUDGET).toFixed(2)} ${jsOk ? '(within budget)' : '(OVER BUDGET)'}`,
    );
    return ok && jsOk;
  } finally {
    await browser?.close();
    if (server) await stopServer(server.child);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await measureDashboard()) ? 0 : 1);
