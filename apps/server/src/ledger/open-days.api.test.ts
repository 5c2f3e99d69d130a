import { addDays } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateProfile } from '../accounts/users.js';
import { markConnected } from '../integrations/connections.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { importTransactions } from './import.js';
import { openDaysBetween, salonCalendar } from './open-days.js';

let server: TestServer;
let ownerId: string;
const db = () => server.ctx.database.db;

/** A £40 card sale at 11:00 UTC on a day, and a bank payout on Mondays (a credit, not a day of trading). */
function tradingDays(from: string, to: string, weekdays: number[]): SourceTransaction[] {
  const rows: SourceTransaction[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekdays.includes(weekday)) {
      rows.push({
        provider: 'stripe',
        type: 'payment',
        externalId: `ch_${d}`,
        occurredAt: new Date(`${d}T11:00:00Z`),
        amountPence: 4000,
        description: 'Cut & finish',
        customerId: `cus_${d}`,
        items: [{ name: 'Cut & finish', quantity: 1, amountPence: 4000 }],
      });
    }
    if (weekday === 1) {
      rows.push({
        provider: 'bank',
        externalId: `bank_${d}`,
        occurredAt: new Date(`${d}T07:00:00Z`),
        amountPence: 2500,
        description: 'SUMUP PAYMENTS LIMITED',
        counterparty: 'SUMUP',
      });
    }
  }
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  ownerId = (await signUpAndConfirm(server)).id;
  await markConnected(db(), ownerId, 'stripe');
  // A Tuesday-to-Saturday salon from 1 September 2026, and open on the Scottish St Andrew's Day (Monday 30 November).
  await importTransactions(
    db(),
    ownerId,
    [...tradingDays('2026-09-01', '2026-12-05', [2, 3, 4, 5, 6]), ...tradingDays('2026-11-30', '2026-11-30', [1])],
    TEST_IMPORT,
  );
});
afterAll(() => server.close());

describe('salonCalendar: the open days of an owner’s salon from its books', () => {
  it('reads the days of the week from the last 8 weeks of card sales; bank payouts on Mondays do not open Mondays', async () => {
    const calendar = await salonCalendar(db(), ownerId, '2026-11-20');
    expect(calendar.basis).toBe('eight-weeks');
    expect(calendar.nation).toBe('england-and-wales');
    expect(calendar.openWeekdays).toEqual([false, false, true, true, true, true, true]);
    expect(openDaysBetween(calendar, '2026-11-01', '2026-11-30')).toHaveLength(20);
  });

  it('takes the nation from the State field: in Scotland, a Monday is still closed but St Andrew’s Day is a bank holiday', async () => {
    await updateProfile(db(), ownerId, { state: 'Scotland' });
    const calendar = await salonCalendar(db(), ownerId, '2026-12-05');
    expect(calendar.nation).toBe('scotland');
    // 30 November is a Monday (closed by day of the week) even though the salon sold that day.
    expect(openDaysBetween(calendar, '2026-11-30', '2026-12-05')).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
  });

  it('a salon whose history began less than 8 weeks ago is judged on the weeks since (short history)', async () => {
    const calendar = await salonCalendar(db(), ownerId, '2026-09-20');
    expect(calendar.basis).toBe('short-history');
    expect(calendar.openWeekdays).toEqual([false, false, true, true, true, true, true]);
  });

  it('an owner without sales is open Monday to Saturday', async () => {
    const other = (await signUpAndConfirm(server)).id;
    const calendar = await salonCalendar(db(), other, '2026-11-20');
    expect(calendar.basis).toBe('no-history');
    expect(openDaysBetween(calendar, '2026-11-01', '2026-11-30')).toHaveLength(25);
  });
});
