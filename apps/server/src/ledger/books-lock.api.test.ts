import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { refreshDailyTotals } from './daily-totals.js';
import { periodTotals } from './figures.js';
import { importTransactions, ledgerRowsOf } from './import.js';
import { ledgerDailyTotals, ledgerTransactions } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY = '2026-04-02';
const sale = (externalId: string, provider: 'stripe' | 'square', amountPence: number): SourceTransaction => ({
  provider,
  type: 'payment',
  externalId,
  occurredAt: new Date(`${DAY}T10:00:00Z`),
  amountPence,
  description: 'Cut & finish',
});

/** True once a statement on this test's database waits for a lock another transaction holds (PostgreSQL's view). */
async function someoneWaits(): Promise<boolean> {
  const rows =
    await server.ctx.database.db.execute(sql`select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where not l.granted and a.datname = current_database()`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** On PostgreSQL, until a statement waits for a lock or `done` settles; PGlite's one connection never waits. */
async function untilSomeoneWaitsOr(done: Promise<unknown>): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') return;
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const until = Date.now() + TEST_LIMITS.api.wait;
  while (!finished && !(await someoneWaits()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * Two writers of one owner's books at once: the first runs until it calls `pause` and stays open there (as a long
 * import's transaction does); the second then starts, and the first goes on once the second waits for a lock
 * (PostgreSQL) or has finished (PGlite's one connection runs it after the first, or a second writer that never
 * waited: the race the lock prevents).
 */
async function whileOpen(
  first: (pause: () => Promise<void>) => Promise<unknown>,
  second: () => Promise<unknown>,
): Promise<void> {
  const paused = gate();
  const held = gate();
  const one = first(async () => {
    paused.open();
    await held.opened;
  });
  await paused.opened;
  const two = second();
  await untilSomeoneWaitsOr(two);
  held.open();
  await Promise.all([one, two]);
}

describe("one writer of an owner's books at a time (books-lock.ts)", () => {
  it("sum both imports' sales when two imports of one owner rebuild the same day at once", async () => {
    const owner = await signUpAndConfirm(server);
    const { db } = server.ctx.database;
    const range = { from: DAY, to: DAY };
    // Stripe's batch writes its sale and rebuilds the day; Square's does the same meanwhile.
    await whileOpen(
      (pause) =>
        db.transaction(async (tx) => {
          await tx
            .insert(ledgerTransactions)
            .values(ledgerRowsOf(owner.id, [sale('ch_1', 'stripe', 5000)], TEST_IMPORT.hashPayer));
          await refreshDailyTotals(tx, owner.id, range);
          await pause();
        }),
      () =>
        db.transaction(async (tx) => {
          await tx
            .insert(ledgerTransactions)
            .values(ledgerRowsOf(owner.id, [sale('sq_1', 'square', 3000)], TEST_IMPORT.hashPayer));
          await refreshDailyTotals(tx, owner.id, range);
        }),
    );
    const [day] = await db
      .select()
      .from(ledgerDailyTotals)
      .where(and(eq(ledgerDailyTotals.userId, owner.id), eq(ledgerDailyTotals.localDate, DAY)));
    expect(day?.revenuePence).toBe(8000);
  });

  it("counts a card payout in the bank as a transfer when the bank's import runs while the card import's is open", async () => {
    const owner = await signUpAndConfirm(server);
    const { db } = server.ctx.database;
    await whileOpen(
      // Stripe's backfill writes two sales of 1–2 April and stays open, as a long import's transaction does.
      (pause) =>
        importTransactions(
          db,
          owner.id,
          [
            { ...sale('ch_a', 'stripe', 5000), occurredAt: new Date('2026-04-01T10:00:00Z') },
            { ...sale('ch_b', 'stripe', 3000), occurredAt: new Date('2026-04-02T10:00:00Z') },
          ],
          { ...TEST_IMPORT, alongside: pause },
        ),
      // Meanwhile the bank's import brings Stripe's payout of those sales, on 6 April.
      () =>
        importTransactions(
          db,
          owner.id,
          [
            {
              provider: 'bank',
              externalId: 'bank_payout',
              occurredAt: new Date('2026-04-06T07:00:00Z'),
              amountPence: 7800,
              description: 'STRIPE PAYMENTS UK LTD',
              counterparty: 'STRIPE',
            },
          ],
          TEST_IMPORT,
        ),
    );
    const [payout] = await db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.userId, owner.id), eq(ledgerTransactions.externalId, 'bank_payout')));
    // Without the lock the bank's import decided from a view without Stripe's rows: the payout was counted as
    // sales, and Stripe's import, having decided before the bank's row was committed, never looked at it again.
    expect(payout?.kind).toBe('transfer');
    const april = await periodTotals(db, owner.id, { from: '2026-04-01', to: '2026-04-15' });
    expect(april.revenuePence).toBe(8000);
  });
});
