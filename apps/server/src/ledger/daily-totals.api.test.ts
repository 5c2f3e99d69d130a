import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { refreshDailyTotals } from './daily-totals.js';
import { ledgerRowsOf } from './import.js';
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

describe('daily totals', () => {
  it("sum both imports' sales when two imports of one owner rebuild the same day at once", async () => {
    const owner = await signUpAndConfirm(server);
    const { db } = server.ctx.database;
    const range = { from: DAY, to: DAY };
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstRebuilt = () => {};
    const rebuilt = new Promise<void>((resolve) => {
      firstRebuilt = resolve;
    });
    // Stripe's batch writes its sale and rebuilds the day, then stays open until Square's batch is under way.
    const stripe = db.transaction(async (tx) => {
      await tx
        .insert(ledgerTransactions)
        .values(ledgerRowsOf(owner.id, [sale('ch_1', 'stripe', 5000)], TEST_IMPORT.hashPayer));
      await refreshDailyTotals(tx, owner.id, range);
      firstRebuilt();
      await gate;
    });
    await rebuilt;
    const square = db.transaction(async (tx) => {
      await tx
        .insert(ledgerTransactions)
        .values(ledgerRowsOf(owner.id, [sale('sq_1', 'square', 3000)], TEST_IMPORT.hashPayer));
      await refreshDailyTotals(tx, owner.id, range);
    });
    // On PostgreSQL the second rebuild must wait for the first to commit; PGlite's one connection runs the second
    // transaction only after the first, so there is nothing to wait for.
    if (process.env.TEST_DB === 'postgres') {
      const until = Date.now() + TEST_LIMITS.api.wait;
      while (!(await someoneWaits()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    }
    release();
    await Promise.all([stripe, square]);
    const [day] = await db
      .select()
      .from(ledgerDailyTotals)
      .where(and(eq(ledgerDailyTotals.userId, owner.id), eq(ledgerDailyTotals.localDate, DAY)));
    expect(day?.revenuePence).toBe(8000);
  });
});
