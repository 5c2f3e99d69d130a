import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedProcessors, markConnected } from '../integrations/connections.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { importTransactions, reclassifyPayouts } from './import.js';
import { reconcilePayouts, unreconciledPayouts } from './reconcile.js';

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
    await importTransactions(
      db,
      owner.id,
      [
        payout('po_1', '2026-11-02', 13500),
        payout('po_2', '2026-11-03', 13500),
        payout('po_3', '2026-11-04', 9999),
        credit('b1', '2026-11-04', 13500),
        credit('b2', '2026-11-05', 13500),
        credit('b3', '2026-11-20', 13500), // too late for any payout
        credit('b4', '2026-11-05', 2500, 'SQUARE PAYMENTS'), // Square is not connected: revenue, not a transfer
      ],
      await connectedProcessors(db, owner.id),
    );
    expect(await reconcilePayouts(db, owner.id)).toBe(2);
    const rows = await db.query.ledgerTransactions.findMany({ where: (t, { eq }) => eq(t.userId, owner.id) });
    const byId = new Map(rows.map((r) => [r.externalId, r]));
    const partner = (id: string) => rows.find((r) => r.id === byId.get(id)!.reconciledWith)?.externalId ?? null;
    expect(new Set([partner('po_1'), partner('po_2')])).toEqual(new Set(['b1', 'b2']));
    expect(partner(partner('po_1')!)).toBe('po_1');
    expect(partner('po_3')).toBeNull();
    expect(partner('b3')).toBeNull();
    expect(partner('b4')).toBeNull();
    expect(await unreconciledPayouts(db, owner.id)).toEqual({ bank: 1, processor: 1 });
    expect(await reconcilePayouts(db, owner.id)).toBe(0);

    // Disconnecting Stripe turns its payouts back into revenue and undoes the pairs.
    await db.update((await import('../integrations/tables.js')).connections).set({ status: 'disconnected' });
    await reclassifyPayouts(db, owner.id, await connectedProcessors(db, owner.id));
    const after = await db.query.ledgerTransactions.findMany({ where: (t, { eq }) => eq(t.userId, owner.id) });
    expect(after.filter((r) => r.reconciledWith !== null)).toEqual([]);
  });
});
