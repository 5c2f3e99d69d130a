/**
 * The import half of bench/import-card-transactions.mjs: connects an owner to an in-process Stripe (or, with
 * `--provider square`, Square: payments with their orders' line items and the team) simulator through its consent
 * page, times the pure fetch (adapter pages, no database), then times the real import run (runConnectionSync: HTTP
 * pages, transform, upsert, sale items, daily rollup, cursor), and prints one JSON line of figures.
 *   node apps/server/build.mjs --bench && DATABASE_URL=postgres://… node apps/server/dist/bench/bench-import.js --scale 60
 * DATABASE_URL names an empty database: it is migrated here and left holding the rows for the COPY baseline.
 */

import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { square, stripe } from '@brade/sandbox';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { createUser } from '../../apps/server/src/accounts/users.js';
import { hashPassword } from '../../apps/server/src/auth/passwords.js';
import { openDatabase, rowsOf } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import type {
  CardProviderAdapter,
  CardProviderTokens,
  SyncCursor,
} from '../../apps/server/src/integrations/card-providers/card-provider.js';
import { createSquareAdapter } from '../../apps/server/src/integrations/card-providers/square/square-adapter.js';
import { createStripeAdapter } from '../../apps/server/src/integrations/card-providers/stripe/stripe-adapter.js';
import { saveConnection } from '../../apps/server/src/integrations/connection-store.js';
import { storedTokens } from '../../apps/server/src/integrations/stored-credentials.js';
import { runConnectionSync } from '../../apps/server/src/integrations/sync/run-sync.js';
import { HISTORY_DAYS } from '../../apps/server/src/integrations/sync/sync-deps.js';
import { createTokenCipher } from '../../apps/server/src/integrations/token-cipher.js';
import type { SourceTransaction } from '../../apps/server/src/ledger/classify.js';
import { payerHash } from '../../apps/server/src/ledger/payer-keys.js';
import { answerSquareConsent } from '../../apps/server/src/test/square-consent-browser.js';
import { answerStripeConsent } from '../../apps/server/src/test/stripe-consent-browser.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '60' },
    seed: { type: 'string', default: 'bench-import' },
    // A pinned "now" makes every run import the same rows.
    now: { type: 'string', default: '2026-05-14T15:00:00Z' },
    // Rows a write gathers (WRITE_BATCH_ROWS unless given), to weigh the batch size.
    'batch-rows': { type: 'string' },
    provider: { type: 'string', default: 'stripe' },
  },
});
const PROVIDER = values.provider === 'square' ? 'square' : 'stripe';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL must name the benchmark database');
const NOW = new Date(values.now);
const LOGIN = 'bench.import@salon-test.co.uk';
const REDIRECT_URI = `http://127.0.0.1/${PROVIDER}-redirect`;

/**
 * Wall time spent waiting for each kind of SQL statement, measured at pg's Client.query (every pooled connection
 * goes through it), so the import run's time splits into the provider, PostgreSQL and the JavaScript in between.
 */
const queryTimes = new Map<string, { count: number; ms: number; max: number; cpuMs: number }>();
/**
 * When each SQL statement and each provider call was in flight: the run fetches the next pages while it writes, so
 * the two overlap and their sums no longer add up to the run; the sweep below splits the run's wall time instead.
 */
const sqlSpans: Array<[number, number]> = [];
const providerSpans: Array<[number, number]> = [];

/** Wall time covered by `spans` (merged), and the part of it that `others` (merged) does not also cover. */
function coverage(spans: Array<[number, number]>, others: Array<[number, number]>): { ms: number; aloneMs: number } {
  const merge = (list: Array<[number, number]>) => {
    const merged: Array<[number, number]> = [];
    for (const [from, to] of [...list].sort((a, b) => a[0] - b[0])) {
      const last = merged.at(-1);
      if (last && from <= last[1]) last[1] = Math.max(last[1], to);
      else merged.push([from, to]);
    }
    return merged;
  };
  const mine = merge(spans);
  const theirs = merge(others);
  let ms = 0;
  let overlapMs = 0;
  let j = 0;
  for (const [from, to] of mine) {
    ms += to - from;
    while (j < theirs.length && theirs[j]![1] <= from) j++;
    for (let k = j; k < theirs.length && theirs[k]![0] < to; k++) {
      overlapMs += Math.min(to, theirs[k]![1]) - Math.max(from, theirs[k]![0]);
    }
  }
  return { ms, aloneMs: ms - overlapMs };
}
function statementKind(text: string): string {
  // The head names the statement; an upsert's full text runs to tens of kilobytes.
  const s = text.slice(0, 120).replace(/\s+/g, ' ').trim().toLowerCase();
  if (/^insert into "?ledger_transactions"?/.test(s)) return 'upsert ledger rows';
  if (s.startsWith('select distinct') && s.includes('ledger_transactions')) return 'look up days of re-imported rows';
  if (s.startsWith('select l.provider, l.external_id')) return 'look up stored versions of the rows';
  if (s.startsWith('select $') && s.includes('as node')) return 'client groups of the payer keys';
  if (s.startsWith('select exists (select 1 from ledger_transactions'))
    return 'batch start: clientless rows? statistics due?';
  if (s.startsWith('update ledger_transactions l set client_id')) return 'client ids: merges or recompute';
  if (s.startsWith('select id, provider, external_id, payer_customer_key')) return 'client ids: read all (recompute)';
  if (s.startsWith('update ledger_transactions t set vat_rate_bp')) return 'VAT of the rows';
  if (s.startsWith('update ledger_transactions set vat_rate_bp = 0')) return 'VAT of the rows (not registered)';
  if (/join "vat_settings"/.test(text.slice(0, 2000))) return "owner's VAT settings";
  if (s.startsWith('insert into ledger_sale_items')) return 'sale items (upsert)';
  if (s.startsWith('delete from ledger_sale_items')) return 'sale items (lines dropped)';
  if (s.startsWith('insert into ledger_team_members')) return 'team members';
  if (s.startsWith('analyze')) return 'analyze';
  if (s.startsWith('with coverage')) return 'settle payouts';
  if (s.includes('ledger_corrections') || s.includes('ledger_category_rules')) return "owner's corrections";
  if (s.startsWith('with fresh as')) return 'refresh daily rollup';
  if (s.startsWith('update "connections"')) return 'save cursor / lease';
  if (s.includes('from "connections"')) return 'read connections';
  if (s === 'begin' || s === 'commit' || s === 'rollback') return 'begin / commit';
  if (s.startsWith('with candidates')) return 'reconcile payouts';
  return 'other';
}
/** The CPU time a backend has used so far (clock ticks of 10 ms), or 0 when /proc cannot say. */
function processCpuMs(pid: number | null | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
function profileQueries(): void {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const kind = statementKind(typeof first === 'string' ? first : (first?.text ?? ''));
    // The backend's CPU time around the statement: 10 ms ticks, so a kind's sum over many statements is the figure.
    const pid = (this as unknown as { processID?: number | null }).processID;
    const cpuBefore = processCpuMs(pid);
    const started = performance.now();
    const done = () => {
      const entry = queryTimes.get(kind) ?? { count: 0, ms: 0, max: 0, cpuMs: 0 };
      const ms = performance.now() - started;
      entry.count += 1;
      entry.ms += ms;
      entry.max = Math.max(entry.max, ms);
      entry.cpuMs += processCpuMs(pid) - cpuBefore;
      queryTimes.set(kind, entry);
      sqlSpans.push([started, started + ms]);
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...cb: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...cb);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  } as typeof pg.Client.prototype.query;
}

/**
 * CPU time the PostgreSQL backends serving this database have used, by pid (from /proc: user plus system clock
 * ticks): with the import's own CPU time, a measure of the work done that hardly grows with the machine's load.
 */
function backendCpuMs(database: string): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres:') && cmdline.includes(` ${database} `))
        used.set(Number(entry), processCpuMs(Number(entry)));
    } catch {}
  }
  return used;
}
const cpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** Each transaction the adapter keeps yields one row of its own, plus a `:fee` row when the processor took a fee. */
const isFeeOfAnother = (row: SourceTransaction) => row.provider !== 'bank' && row.externalId.endsWith(':fee');

async function fetchEverything(adapter: CardProviderAdapter, tokens: CardProviderTokens) {
  const window = { historyFrom: new Date(NOW.getTime() - HISTORY_DAYS * 86_400_000), now: NOW };
  let cursor: SyncCursor | null = null;
  let rows = 0;
  let balanceTransactions = 0;
  let pages = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (;;) {
    const page = await adapter.fetchPage(tokens, cursor, window);
    pages += 1;
    rows += page.transactions.length;
    balanceTransactions += page.transactions.filter((row) => !isFeeOfAnother(row)).length;
    cursor = page.cursor;
    if (page.done) {
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      return { rows, balanceTransactions, pages, ms: performance.now() - started, cpuMs };
    }
  }
}

const database = await openDatabase({ databaseUrl });
const simOptions = {
  seed: values.seed,
  now: () => NOW,
  salesPerDayScale: Number(values.scale),
  controls: false,
  redirectUris: [REDIRECT_URI],
};
const sim =
  PROVIDER === 'square' ? await square.startSquareSimulator(simOptions) : await stripe.startStripeSimulator(simOptions);
try {
  await runMigrations(database);
  const { db } = database;
  const owner = await createUser(db, {
    email: LOGIN,
    fullName: 'Bench Import Owner',
    passwordHash: await hashPassword(randomBytes(16).toString('hex')),
    confirmed: true,
  });
  const endpoint = { sandbox: true, ...sim.control.credentials, authBaseUrl: sim.url, apiBaseUrl: sim.url };
  const adapter = PROVIDER === 'square' ? createSquareAdapter(endpoint) : createStripeAdapter(endpoint);
  const consentUrl = adapter.authorizationUrl({ state: 'bench', redirectUri: REDIRECT_URI, codeChallenge: null });
  const redirect =
    PROVIDER === 'square'
      ? await answerSquareConsent(consentUrl, 'approve', LOGIN)
      : await answerStripeConsent(consentUrl, 'approve', LOGIN);
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`the consent page did not approve: ${redirect}`);
  const tokens = await adapter.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: null });

  // The simulator generates the merchant's history on its first list call; that is set-up, not fetching.
  const generationStarted = performance.now();
  await adapter.fetchPage(tokens, null, { historyFrom: NOW, now: NOW });
  const generateMs = performance.now() - generationStarted;
  const fetched = await fetchEverything(adapter, tokens);

  const cipher = createTokenCipher(randomBytes(32).toString('hex'));
  const connection = await saveConnection(db, cipher, {
    userId: owner.id,
    provider: PROVIDER,
    credentials: storedTokens(tokens, NOW),
    accountId: tokens.accountId,
    sandbox: true,
    now: NOW,
  });
  // The run's own calls to the provider, timed from outside the adapter.
  let providerMs = 0;
  let pages = 0;
  const timedAdapter: CardProviderAdapter = {
    ...adapter,
    async fetchPage(...args) {
      const started = performance.now();
      try {
        return await adapter.fetchPage(...args);
      } finally {
        const ended = performance.now();
        providerMs += ended - started;
        providerSpans.push([started, ended]);
        pages += 1;
      }
    },
  };
  const deps = {
    db,
    cipher,
    providers: { card: () => timedAdapter, bank: null, bankById: () => null, isSandbox: () => true },
    hashPayer: payerHash(randomBytes(32).toString('hex')),
    clock: () => NOW,
    log: pino({ level: 'warn' }),
    leaseSeconds: 60,
    ...(values['batch-rows'] ? { writeBatchRows: Number(values['batch-rows']) } : {}),
  };
  profileQueries();
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  const backendsBefore = backendCpuMs(databaseName);
  const cpuBefore = process.cpuUsage();
  const syncStarted = performance.now();
  const outcome = await runConnectionSync(deps, connection.id);
  const syncMs = performance.now() - syncStarted;
  const cpu = process.cpuUsage(cpuBefore);
  const backendMs = cpuSince(backendsBefore, backendCpuMs(databaseName));
  if (outcome !== 'imported') throw new Error(`the import run ended ${outcome}`);
  const queries = Object.fromEntries([...queryTimes].sort((a, b) => b[1].ms - a[1].ms));
  const provider = coverage(providerSpans, sqlSpans);
  const sqlCovered = coverage(sqlSpans, providerSpans);

  const [stored] = rowsOf<{ rows: string; days: string; items: string }>(
    await db.execute(sql`select (select count(*) from ledger_transactions where user_id = ${owner.id}) as rows,
      (select count(*) from ledger_daily_totals where user_id = ${owner.id}) as days,
      (select count(*) from ledger_sale_items where user_id = ${owner.id}) as items`),
  );
  console.log(
    JSON.stringify({
      userId: owner.id,
      provider: PROVIDER,
      scale: Number(values.scale),
      generateMs,
      fetch: fetched,
      sync: {
        ms: syncMs,
        pages,
        providerMs,
        // Waiting on the provider while no SQL was running; SQL in flight (merged); neither (JavaScript alone).
        providerAloneMs: provider.aloneMs,
        sqlWallMs: sqlCovered.ms,
        neitherMs: syncMs - provider.ms - sqlCovered.aloneMs,
        // CPU time of this process (the import and the in-process simulator) and of the database's backends.
        nodeCpuMs: (cpu.user + cpu.system) / 1000,
        backendCpuMs: backendMs,
        rows: Number(stored!.rows),
        days: Number(stored!.days),
        items: Number(stored!.items),
        queries,
      },
    }),
  );
} finally {
  await sim.close();
  await database.close();
}
