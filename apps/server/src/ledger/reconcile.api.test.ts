import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { importTransactions, reclassifyPayouts } from './import.js';
import { reconcilePayouts, unreconciledPayouts } from './reconcile.js';
import { ledgerTransactions } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const at = (day: string) => new Date(`${day}T10:00:00Z`);
const payout = (id: string, day: string, pence: number): SourceTransaction => ({
  provider: 'stripe',
  type: 'payout',
  externalId: id,
  occurredAt: at(day),
  amountPence: pence,
  description: 'Payout to bank',
});
const sale = (id: string, day: string, pence: number): SourceTransaction => ({
  provider: 'stripe',
  type: 'payment',
  externalId: id,
  occurredAt: at(day),
  amountPence: pence,
  description: 'Colour',
});
const credit = (id: string, day: string, pence: number, words = 'STRIPE PAYMENTS UK LTD'): SourceTransaction => ({
  provider: 'bank',
  externalId: id,
  occurredAt: at(day),
  amountPence: pence,
  description: words,
});

describe('payout reconciliation', () => {
  it('pairs each payout with the bank credit it became, once, nearest day first', async () => {
    const owner = await signUpAndConfirm(server);
    const db = server.ctx.database.db;
    await markConnected(db, owner.id, 'stripe');
    await importTransactions(db, owner.id, [
      sale('ch_1', '2026-11-01', 14000),
      payout('po_1', '2026-11-02', 13500),
      payout('po_2', '2026-11-03', 13500),
      payout('po_3', '2026-11-04', 9999),
      credit('b1', '2026-11-04', 13500),
      credit('b2', '2026-11-05', 13500),
      credit('b3', '2026-11-12', 13500), // too late for any payout
      credit('b4', '2026-11-05', 2500, 'SQUARE PAYMENTS'), // no Square sales in the ledger: the sales, not a transfer
    ]);
    expect(await reconcilePayouts(db, owner.id)).toBe(2);
    const rows = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.userId, owner.id));
    const byId = new Map(rows.map((r) => [r.externalId, r]));
    const partner = (id: string) => rows.find((r) => r.id === byId.get(id)!.reconciledWith)?.externalId ?? null;
    expect(new Set([partner('po_1'), partner('po_2')])).toEqual(new Set(['b1', 'b2']));
    expect(partner(partner('po_1')!)).toBe('po_1');
    expect(partner('po_3')).toBeNull();
    expect(partner('b3')).toBeNull();
    expect(partner('b4')).toBeNull();
    expect(await unreconciledPayouts(db, owner.id)).toEqual({ bank: 1, processor: 1 });
    expect(await reconcilePayouts(db, owner.id)).toBe(0);

    // Disconnecting Stripe keeps its sales in the ledger, so its payouts stay transfers, still paired.
    await db.update((await import('../integrations/tables.js')).connections).set({ status: 'disconnected' });
    await reclassifyPayouts(db, owner.id);
    const after = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.userId, owner.id));
    expect(
      after
        .filter((r) => r.reconciledWith !== null)
        .map((r) => r.externalId)
        .sort(),
    ).toEqual(['b1', 'b2', 'po_1', 'po_2']);
    expect(after.find((r) => r.externalId === 'b4')).toMatchObject({ kind: 'sale', category: 'Card payouts' });
  });
});
