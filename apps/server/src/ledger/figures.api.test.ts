import { londonInstant } from '@brade/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import { aprilLedger, TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { headlineFigure, monthlySeries, periodTotals } from './figures.js';
import { importTransactions, reclassifyPayouts } from './import.js';
import { ledgerTransactions } from './tables.js';

let server: TestServer;
let ownerId: string;
beforeAll(async () => {
  server = await startTestServer();
  ownerId = (await signUpAndConfirm(server)).id;
  const { db } = server.ctx.database;
  await markConnected(server.ctx.database.db, ownerId, 'stripe');
  await markConnected(db, ownerId, 'square');
  await importTransactions(db, ownerId, aprilLedger(), TEST_IMPORT);
});
afterAll(() => server.close());

const db = () => server.ctx.database.db;
/** The last minute of a Europe/London day: the whole day is in the month so far. */
const endOf = (day: string) => londonInstant(day, '23:59');

describe('ledger figures, worked out by hand', () => {
  it('April 1–15: revenue 50 + 30 + 40 − 10 refund + 25 SumUp payout (no SumUp sales in the ledger) = £135', async () => {
    const april = await periodTotals(db(), ownerId, { from: '2026-04-01', to: '2026-04-15' });
    expect(april.revenuePence).toBe(13_500);
  });

  it('April expenses: £1.20 Stripe fee + £1,200 rent = £1,201.20; the Stripe payout and the savings transfer are neither', async () => {
    const april = await periodTotals(db(), ownerId, { from: '2026-04-01', to: '2026-04-15' });
    expect(april.expensesPence).toBe(120_120);
  });

  it('counts clients by customer id, else card fingerprint: cus_1 twice + fp_X = 2 clients, £60 each', async () => {
    const april = await periodTotals(db(), ownerId, { from: '2026-04-01', to: '2026-04-15' });
    expect(april.clients).toBe(2);
    // Their £120 of sales (£50 + £30 + £40); the SumUp payout counted as sales names no payer, so it is no client's.
    const perClient = await headlineFigure(db(), ownerId, endOf('2026-04-15'), 'revenuePerClient');
    expect(perClient).toMatchObject({ value: 60, coverage: 'From the 83 % of takings whose payer is known.' });
  });

  it('puts a sale at 23:30 UTC on 31 March (BST) in April, not March', async () => {
    const march = await periodTotals(db(), ownerId, { from: '2026-03-01', to: '2026-03-31' });
    expect(march.revenuePence).toBe(10_000);
  });

  it('compares month to date with the same days of March: +35.0 %, +300.4 %, −40.0 %', async () => {
    expect(await headlineFigure(db(), ownerId, endOf('2026-04-15'), 'revenue')).toMatchObject({
      value: 135,
      percent_change: 35,
    });
    expect(await headlineFigure(db(), ownerId, endOf('2026-04-15'), 'expenses')).toMatchObject({
      value: 1201.2,
      percent_change: 300.4,
    });
    expect(await headlineFigure(db(), ownerId, endOf('2026-04-15'), 'revenuePerClient')).toMatchObject({
      value: 60,
      percent_change: -40,
    });
  });

  it('gives a null change when the previous figure is 0', async () => {
    // 1–5 March has nothing, so 1–5 April has nothing to compare with.
    const early = await headlineFigure(db(), ownerId, endOf('2026-04-05'), 'expenses');
    expect(early).toMatchObject({ value: 1201.2, percent_change: null });
  });

  it('builds the 12-month series oldest first with empty months as 0', async () => {
    const series = await monthlySeries(db(), ownerId, '2026-04-15', 'revenue');
    expect(series).toHaveLength(12);
    expect(series[0]).toEqual({ month: '2025-05', amount: 0 });
    expect(series.at(-2)).toEqual({ month: '2026-03', amount: 100 });
    expect(series.at(-1)).toEqual({ month: '2026-04', amount: 135 });
  });

  it('importing the same batch again changes nothing', async () => {
    await importTransactions(db(), ownerId, [...aprilLedger()].reverse(), TEST_IMPORT);
    const april = await periodTotals(db(), ownerId, { from: '2026-04-01', to: '2026-04-30' });
    expect(april).toEqual({
      revenuePence: 13_500,
      otherIncomePence: 0,
      expensesPence: 120_120,
      clients: 2,
      knownSalesPence: 12_000,
      serviceSalesPence: 14_500,
    });
  });

  it('rebuilds the old day too when a re-imported row moves to another day', async () => {
    const pending = {
      provider: 'bank',
      externalId: 'bank_moves',
      amountPence: -4_000,
      description: 'CARD PAYMENT ELECTRICAL WHOLESALE',
    } as const;
    await importTransactions(db(), ownerId, [{ ...pending, occurredAt: new Date('2026-04-09T10:00:00Z') }]);
    expect((await periodTotals(db(), ownerId, { from: '2026-04-09', to: '2026-04-09' })).expensesPence).toBe(4_000);
    await importTransactions(db(), ownerId, [{ ...pending, occurredAt: new Date('2026-04-10T10:00:00Z') }]);
    expect((await periodTotals(db(), ownerId, { from: '2026-04-09', to: '2026-04-09' })).expensesPence).toBe(0);
    expect((await periodTotals(db(), ownerId, { from: '2026-04-10', to: '2026-04-10' })).expensesPence).toBe(4_000);
    // Leave April as the other tests expect it.
    await importTransactions(
      db(),
      ownerId,
      [{ ...pending, amountPence: 0, occurredAt: new Date('2026-04-10T10:00:00Z') }],
      TEST_IMPORT,
    );
  });

  it('connecting SumUp moves no figure: its £25 sale of 6 April replaces its payout of 7 April as the sales', async () => {
    await markConnected(db(), ownerId, 'sumup');
    await reclassifyPayouts(db(), ownerId);
    expect((await periodTotals(db(), ownerId, { from: '2026-04-01', to: '2026-04-15' })).revenuePence).toBe(13_500);
    await importTransactions(
      db(),
      ownerId,
      [
        {
          provider: 'sumup',
          type: 'payment',
          externalId: 'su_1',
          occurredAt: new Date('2026-04-06T11:00:00Z'),
          amountPence: 2_500,
          description: 'Gel manicure',
          cardFingerprint: 'fp_Y',
        },
      ],
      TEST_IMPORT,
    );
    const april = await periodTotals(db(), ownerId, { from: '2026-04-01', to: '2026-04-15' });
    expect(april.revenuePence).toBe(13_500);
    expect(april.clients).toBe(3);
    const [payout] = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.externalId, 'bank_2'));
    expect(payout).toMatchObject({ kind: 'transfer', payoutProcessor: 'sumup', category: 'Card payouts' });
  });
});
