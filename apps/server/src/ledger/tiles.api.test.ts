import { addDays, bankHolidayOn } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { headlineFigure } from './figures.js';
import { importTransactions } from './import.js';

/**
 * The headline tiles compare like with like (docs/finance.md, "Comparisons"), worked out by hand on two salons:
 * a sparse one whose few sales sit either side of the time of day the tiles are read at, and a Monday-to-Saturday
 * salon taking £100 at 11:00 UTC on every open day, closed on England's bank holidays.
 */
let server: TestServer;
let sparse: string;
let steady: string;
const db = () => server.ctx.database.db;

const sale = (iso: string, pounds: number): SourceTransaction => ({
  provider: 'stripe',
  type: 'payment',
  externalId: `ch_${iso}`,
  occurredAt: new Date(iso),
  amountPence: pounds * 100,
  description: 'Cut & finish',
  customerId: `cus_${iso}`,
  items: [{ name: 'Cut & finish', quantity: 1, amountPence: pounds * 100 }],
});
const bill = (iso: string, pounds: number, counterparty: string): SourceTransaction => ({
  provider: 'bank',
  externalId: `bank_${iso}`,
  occurredAt: new Date(iso),
  amountPence: -pounds * 100,
  description: `DD ${counterparty}`,
  counterparty,
});

function steadySales(from: string, to: string): SourceTransaction[] {
  const rows: SourceTransaction[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const sunday = new Date(`${d}T00:00:00Z`).getUTCDay() === 0;
    if (!sunday && bankHolidayOn('england-and-wales', d) === null) rows.push(sale(`${d}T11:00:00Z`, 100));
  }
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  sparse = (await signUpAndConfirm(server)).id;
  steady = (await signUpAndConfirm(server)).id;
  for (const owner of [sparse, steady]) await markConnected(db(), owner, 'stripe');
  await importTransactions(
    db(),
    sparse,
    [
      sale('2026-09-02T10:00:00Z', 100),
      sale('2026-09-15T07:30:00Z', 40), // 08:30 BST: before 09:00
      sale('2026-09-15T09:00:00Z', 60), // 10:00 BST: after 09:00
      sale('2026-10-02T10:00:00Z', 150),
      sale('2026-10-15T07:45:00Z', 30), // 08:45 BST
      sale('2026-10-16T11:00:00Z', 500),
      sale('2026-10-31T12:00:00Z', 120),
      sale('2026-11-01T08:00:00Z', 20), // 08:00 GMT
      sale('2026-11-01T15:00:00Z', 80),
      sale('2026-11-30T13:00:00Z', 60), // 13:00 GMT, before the tiles are read at 14:00
      sale('2026-12-01T08:30:00Z', 25),
      // Bank lines carry their booking day only (12:00 UTC): they count for the whole day in both periods.
      bill('2026-09-15T12:00:00Z', 50, 'OCTOPUS ENERGY'),
      bill('2026-10-15T12:00:00Z', 40, 'OCTOPUS ENERGY'),
    ],
    TEST_IMPORT,
  );
  await importTransactions(
    db(),
    steady,
    [
      // Up to the day before the last reading (09:00 on 15 January 2027): the books hold nothing later than now.
      ...steadySales('2026-03-01', '2027-01-14'),
      bill('2026-05-12T07:00:00Z', 120, 'OCTOPUS ENERGY'),
      bill('2026-06-01T07:00:00Z', 2400, 'HARROGATE ESTATES RENT'),
      bill('2026-06-12T07:00:00Z', 100, 'OCTOPUS ENERGY'),
    ],
    TEST_IMPORT,
  );
});
afterAll(() => server.close());

describe('the headline tiles, like for like', () => {
  it('on the 15th at 09:00: 1–15 October to 09:00 (£150 + £30 = £180) against 1–15 September to 09:00 (£100 + £40 = £140)', async () => {
    const tile = await headlineFigure(db(), sparse, new Date('2026-10-15T08:00:00Z'), 'revenue');
    // Whole days would have put £60 more in September: −10.0 %.
    expect(tile).toMatchObject({
      value: 180,
      percent_change: 28.6,
      comparison: {
        current: { from: '2026-10-01', to: '2026-10-15', until: '09:00' },
        previous: { from: '2026-09-01', to: '2026-09-15', until: '09:00' },
      },
    });
  });

  it('counts the bank lines of the 15th in both periods, whatever the time: £40 against £50, −20.0 %', async () => {
    const tile = await headlineFigure(db(), sparse, new Date('2026-10-15T08:00:00Z'), 'expenses');
    expect(tile).toMatchObject({ value: 40, percent_change: -20 });
  });

  it('on the 1st at 09:00: 1 December to 09:00 (£25) against 1 November to 09:00 (£20): +25.0 %', async () => {
    const tile = await headlineFigure(db(), sparse, new Date('2026-12-01T09:00:00Z'), 'revenue');
    expect(tile).toMatchObject({
      value: 25,
      percent_change: 25,
      comparison: {
        current: { from: '2026-12-01', to: '2026-12-01', until: '09:00' },
        previous: { from: '2026-11-01', to: '2026-11-01', until: '09:00' },
      },
    });
  });

  it('on the last day of a month at 14:00: 1–30 November so far (£160) against the whole of October (£800): −80.0 %', async () => {
    const tile = await headlineFigure(db(), sparse, new Date('2026-11-30T14:00:00Z'), 'revenue');
    // November: £20 + £80 on the 1st, £60 on the 30th before 14:00. October: £150 + £30 + £500 + £120.
    expect(tile).toMatchObject({
      value: 160,
      percent_change: -80,
      comparison: {
        current: { from: '2026-11-01', to: '2026-11-30', until: '14:00' },
        previous: { from: '2026-10-01', to: '2026-10-31' },
      },
    });
  });

  it('a period with two more open days: June (26) against May (24, two bank holiday Mondays), and the rent behind the expenses', async () => {
    const at = new Date('2026-06-30T17:00:00Z'); // 18:00 BST on the last day of June
    const revenue = await headlineFigure(db(), steady, at, 'revenue');
    // £100 on each open day, all before 18:00: £2,600 against £2,400.
    expect(revenue).toMatchObject({
      value: 2600,
      percent_change: 8.3,
      comparison: { open_days: { current: 26, previous: 24 } },
      hint: null,
    });
    const expenses = await headlineFigure(db(), steady, at, 'expenses');
    // £2,400 rent + £100 energy against £120 energy: the rise of £2,380 is mostly the rent.
    expect(expenses).toMatchObject({
      value: 2500,
      percent_change: 1983.3,
      hint: 'Most of the rise is rent: £2,400 paid on 1 Jun',
    });
  });

  it('across a year end: 1–15 January 2027 to 09:00 (£1,100, New Year’s Day closed) against 1–15 December 2026 (£1,200)', async () => {
    const tile = await headlineFigure(db(), steady, new Date('2027-01-15T09:00:00Z'), 'revenue');
    // 15 December's sale came at 11:00, after 09:00. Open days: the 15th counts in both (Friday, Tuesday).
    expect(tile).toMatchObject({
      value: 1100,
      percent_change: -8.3,
      comparison: {
        current: { from: '2027-01-01', to: '2027-01-15', until: '09:00' },
        previous: { from: '2026-12-01', to: '2026-12-15', until: '09:00' },
        open_days: { current: 12, previous: 13 },
      },
    });
  });

  it('revenue per client compares the same clients’ periods and gives no hint', async () => {
    const tile = await headlineFigure(db(), sparse, new Date('2026-10-15T08:00:00Z'), 'revenuePerClient');
    // October to 09:00: 2 clients, £90 each; September to 09:00: 2 clients, £70 each.
    expect(tile).toMatchObject({ value: 90, percent_change: 28.6, hint: null });
  });
});

describe('the revenue tile names the other income net income counts (docs/finance.md, "The figures")', () => {
  const credit = (iso: string, pounds: number, description: string, counterparty: string): SourceTransaction => ({
    provider: 'bank',
    externalId: `credit_${iso}`,
    occurredAt: new Date(iso),
    amountPence: pounds * 100,
    description,
    counterparty,
  });

  it('gives this month so far by category, largest first, so revenue + other income − expenses is net income', async () => {
    const owner = await signUpAndConfirm(server);
    await importTransactions(
      db(),
      owner.id,
      [
        sale('2026-11-03T10:00:00Z', 900),
        credit('2026-11-02T12:00:00Z', 500, 'FPI CHAIR RENT NOV', 'SOPHIE TAYLOR'),
        credit('2026-11-09T12:00:00Z', 30, 'FPI CHAIR RENT EXTRA DAY', 'SOPHIE TAYLOR'),
        credit('2026-11-20T12:00:00Z', 2, 'GROSS INT', 'BANK'),
        // October's room rent is not this month's.
        credit('2026-10-02T12:00:00Z', 480, 'FPI CHAIR RENT OCT', 'SOPHIE TAYLOR'),
        bill('2026-11-04T12:00:00Z', 300, 'OCTOPUS ENERGY'),
      ],
      TEST_IMPORT,
    );
    const now = new Date('2026-11-27T12:00:00Z');
    const revenue = await headlineFigure(db(), owner.id, now, 'revenue');
    expect(revenue.value).toBe(900);
    expect(revenue.other_income).toEqual({
      amount: 532,
      categories: [
        { category: 'Room rent', amount: 530 },
        { category: 'Interest received', amount: 2 },
      ],
    });
    // The other tiles do not carry it; a month without other income carries null.
    expect(await headlineFigure(db(), owner.id, now, 'expenses')).not.toHaveProperty('other_income');
    expect((await headlineFigure(db(), sparse, new Date('2026-10-15T08:00:00Z'), 'revenue')).other_income).toBeNull();
  });
});
