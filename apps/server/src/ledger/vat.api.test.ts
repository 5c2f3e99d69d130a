import type { ReportLine } from '@brade/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { summaryFigures } from '../reports/monthly-summary/summary-figures.js';
import { at, TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { monthlySeries, periodTotals } from './figures.js';
import { importTransactions } from './import.js';
import { refreshRowVat } from './vat-rows.js';
import { saveVatSettings } from './vat-settings-change.js';

// Pinned: the reports reach the current calendar year up to this month.
const NOW = new Date('2026-06-20T12:00:00Z');
let server: TestServer;
const db = () => server.ctx.database.db;

const pay = (id: string, iso: string, pence: number): Exclude<SourceTransaction, { provider: 'bank' }> => ({
  provider: 'stripe',
  type: 'payment',
  externalId: id,
  occurredAt: at(iso),
  amountPence: pence,
  description: 'Cut and blow-dry',
  customerId: `cus_${id}`,
});
const bank = (id: string, iso: string, pence: number, description: string, counterparty: string) =>
  ({ provider: 'bank', externalId: id, occurredAt: at(iso), amountPence: pence, description, counterparty }) as const;

/**
 * A quarter (January to March 2026) worked out by hand. VAT-inclusive amounts; a 20 % row's VAT is a sixth.
 *   sales   £120.00 (VAT £20.00), £61.00 (VAT £10.17, 1016.67p rounded), refund −£12.00 (VAT −£2.00), £600.00 (VAT £100.00)
 *   room rent £150.00 (VAT £25.00)
 *   Stripe fee £1.20 (exempt), rent £1,000 (exempt), Salon Services £240.00 (VAT £40.00), water £60.00 (zero-rated),
 *   energy £126.00 (VAT £21.00), wages £800 (outside), HMRC VAT £500 in February (last quarter's), £92.17 on 7 May.
 */
function quarter(): SourceTransaction[] {
  return [
    pay('a1', '2026-01-10T11:00:00Z', 12_000),
    { ...pay('a1f', '2026-01-10T11:00:00Z', 120), type: 'fee', description: 'Stripe fee' },
    bank('b1', '2026-01-15T08:00:00Z', -100_000, 'DD HARROGATE ESTATES RENT', 'HARROGATE ESTATES'),
    bank('b2', '2026-01-20T10:00:00Z', -24_000, 'DEB SALON SERVICES', 'SALON SERVICES'),
    pay('a2', '2026-02-03T11:00:00Z', 6_100),
    { ...pay('a2', '2026-02-05T11:00:00Z', 1_200), externalId: 'r2', type: 'refund', description: 'Refund' },
    bank('b3', '2026-02-09T06:00:00Z', -50_000, 'DD HMRC VAT', 'HMRC'),
    bank('b4', '2026-02-12T06:00:00Z', -6_000, 'DD CASTLE WATER LTD', 'CASTLE WATER LTD'),
    bank('b5', '2026-02-14T06:00:00Z', -12_600, 'DD OCTOPUS ENERGY', 'OCTOPUS ENERGY'),
    bank('b6', '2026-03-02T09:00:00Z', 15_000, 'FPI J SMITH ROOM RENT', 'J SMITH'),
    pay('a3', '2026-03-14T11:00:00Z', 60_000),
    bank('b7', '2026-03-31T09:00:00Z', -80_000, 'FPO PAYROLL MARCH', 'A JONES'),
    bank('b8', '2026-05-07T06:00:00Z', -9_217, 'DD HMRC VAT', 'HMRC'),
    // Either side of the Flat Rate Scheme's first year (registered 1 June 2025): 12 %, then 13 %.
    pay('a4', '2026-05-29T11:00:00Z', 10_000),
    pay('a5', '2026-06-10T11:00:00Z', 10_000),
  ];
}

async function owner(transactions: SourceTransaction[]) {
  const session = await signUpAndConfirm(server);
  await importTransactions(db(), session.id, transactions, TEST_IMPORT);
  return session;
}

async function report(session: { id: string; access_token: string }, type: string, month: number) {
  const res = await server.post(
    `/api/database/get-report/${session.id}`,
    { type, month, year: 2026 },
    session.access_token,
  );
  expect(res.status).toBe(200);
  return res.body.report as { rows: ReportLine[]; period: { from: string; to: string } };
}
const amountOf = (rows: ReportLine[], description: string) => rows.find((r) => r.description === description)?.amount;
const pence = (pounds: number | null | undefined) => Math.round((pounds ?? Number.NaN) * 100);

beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
});
afterAll(() => server.close());

describe('VAT, standard scheme: a quarter worked out by hand', () => {
  let s: Awaited<ReturnType<typeof owner>>;
  beforeAll(async () => {
    s = await owner(quarter());
    await saveVatSettings(db(), s.id, {
      scheme: 'standard',
      registered_from: '2020-04-01',
      stagger: 'mar_jun_sep_dec',
    });
  });

  it('gives revenue and expenses net of VAT, and takes payments to HMRC out of the profit and loss', async () => {
    const q = await periodTotals(db(), s.id, { from: '2026-01-01', to: '2026-03-31' });
    // 100.00 + 50.83 − 10.00 + 500.00 = £640.83; room rent 125.00.
    expect(q.revenuePence).toBe(64_083);
    expect(q.otherIncomePence).toBe(12_500);
    // 1.20 fee + 1,000 rent + 200.00 stock + 60.00 water + 105.00 energy + 800 wages = £2,166.20 (no HMRC VAT).
    expect(q.expensesPence).toBe(216_620);
    const feb = await periodTotals(db(), s.id, { from: '2026-02-01', to: '2026-02-28' });
    expect(feb).toMatchObject({ revenuePence: 4_083, expensesPence: 16_500 });
  });

  it('the VAT view of any month of the quarter: output £153.17, input £61.00, due £92.17, paid 7 May', async () => {
    const vat = await report(s, 'vat', 2);
    expect(vat.period).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(vat.rows.map((r) => [r.description, r.amount, r.subtext])).toEqual([
      ['Output VAT', 153.17, 'VAT in sales, refunds and other income'],
      ['Input VAT', 61, 'VAT on purchases, reclaimed'],
      ['VAT due', 92.17, undefined],
      ['VAT paid', 92.17, 'Paid 7 May 2026'],
    ]);
    const next = await report(s, 'vat', 6);
    expect(amountOf(next.rows, 'VAT paid')).toBe(0);
    expect(next.rows.at(-1)!.subtext).toBe('Not paid yet; due by 7 August 2026');
  });

  it("the Monthly Summary of the quarter's last month gives its VAT due, as the VAT view does", async () => {
    expect((await summaryFigures(db(), s.id, '2026-03')).vat).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      duePence: 9_217,
      dueBy: '2026-05-07',
    });
    expect((await summaryFigures(db(), s.id, '2026-02')).vat).toBeNull();
  });

  it('agrees with the reports and the charts to the penny', async () => {
    let revenue = 0;
    let expenses = 0;
    for (const month of [1, 2, 3]) {
      const statement = await report(s, 'income_statement', month);
      revenue += pence(amountOf(statement.rows, 'Total Revenue'));
      expenses += pence(amountOf(statement.rows, 'Total Expenses'));
      expect(statement.rows.some((r) => r.description === 'VAT paid to HMRC')).toBe(false);
      const sales = await report(s, 'sales', month);
      const monthly = await monthlySeries(db(), s.id, '2026-06-20', 'revenue');
      expect(monthly.find((m) => m.month === `2026-0${month}`)!.amount).toBe(amountOf(sales.rows, 'Total'));
    }
    // Gross takings and room rent £919.00 = net £765.83 + output VAT £153.17.
    expect(revenue).toBe(76_583);
    expect(revenue + 15_317).toBe(91_900);
    // Gross costs £2,227.20 (without HMRC) = net £2,166.20 + input VAT £61.00.
    expect(expenses).toBe(216_620);
    expect(expenses + 6_100).toBe(222_720);
  });
});

describe('VAT, Flat Rate Scheme (13 %, registered 1 June 2025)', () => {
  let s: Awaited<ReturnType<typeof owner>>;
  beforeAll(async () => {
    // A second stock order (£60 on 10 March) takes Q1's goods to £300: more than £250 and than 2 % of turnover.
    s = await owner([...quarter(), bank('b9', '2026-03-10T09:00:00Z', -6_000, 'DEB SALON SERVICES', 'SALON SERVICES')]);
    const res = await server.post(
      `/api/database/update-vat-settings/${s.id}`,
      { scheme: 'flat_rate', flat_rate_percent: 13, registered_from: '2025-06-01', stagger: 'mar_jun_sep_dec' },
      s.access_token,
    );
    expect(res.body).toEqual({ message: 'VAT settings saved successfully!' });
  });

  it('a quarter that is no limited-cost trader: the sector rate, 12 % in the first year; expenses stay gross', async () => {
    const q = await periodTotals(db(), s.id, { from: '2026-01-01', to: '2026-03-31' });
    // Takings £769.00 less 12 % (£92.28) = £676.72; room rent £150.00 less £18.00 = £132.00.
    expect(q.revenuePence).toBe(67_672);
    expect(q.otherIncomePence).toBe(13_200);
    // Gross costs, without the payments to HMRC: £2,227.20 and the £60 order.
    expect(q.expensesPence).toBe(228_720);
    const vat = await report(s, 'vat', 3);
    expect(vat.rows.map((r) => [r.description, r.amount, r.subtext])).toEqual([
      ['Flat-rate turnover', 919, 'Takings and room rent, VAT-inclusive'],
      ['Flat rate', null, '12 %'],
      [
        'Limited-cost-trader test',
        null,
        "Goods £300.00 against 2 % of turnover (£18.38) and £250.00 a quarter: not a limited-cost trader, so the business's rate of 13 %",
      ],
      ['VAT due', 110.28, undefined],
      ['VAT paid', 92.17, 'Paid 7 May 2026'],
    ]);
  });

  it('a quarter with no goods is a limited-cost trader: 16.5 %, 15.5 % in the first year (£100 on 29 May leaves £84.50, on 10 June £83.50)', async () => {
    expect((await periodTotals(db(), s.id, { from: '2026-05-29', to: '2026-05-29' })).revenuePence).toBe(8_450);
    expect((await periodTotals(db(), s.id, { from: '2026-06-10', to: '2026-06-10' })).revenuePence).toBe(8_350);
    const vat = await report(s, 'vat', 6);
    expect(vat.rows.slice(0, 4).map((r) => [r.description, r.amount, r.subtext])).toEqual([
      ['Flat-rate turnover', 200, 'Takings and room rent, VAT-inclusive'],
      ['Flat rate', null, '15.5 %, then 16.5 %'],
      [
        'Limited-cost-trader test',
        null,
        'Goods £0.00 against 2 % of turnover (£4.00) and £250.00 a quarter: a limited-cost trader, so 16.5 %',
      ],
      ['VAT due', 32, undefined],
    ]);
  });

  it('refuses to join above £150,000 of taxable turnover in the last 12 months; warns to leave above £230,000', async () => {
    const big = Array.from({ length: 12 }, (_, i) =>
      pay(`big${i}`, new Date(Date.UTC(2025, 6 + i, 12, 12)).toISOString(), 2_000_000),
    );
    const b = await owner(big);
    const refused = await server.post(
      `/api/database/update-vat-settings/${b.id}`,
      { scheme: 'flat_rate', flat_rate_percent: 13, registered_from: '2025-06-01' },
      b.access_token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'The Flat Rate Scheme is for a business expecting taxable turnover of £150,000 or less, excluding VAT, in the next 12 months; yours was £240,000.00 in the last 12 months. Choose the standard scheme.',
    );
    // Already on the scheme (joined when smaller), it may save, and is told to leave once past £230,000.
    await saveVatSettings(
      db(),
      b.id,
      { scheme: 'flat_rate', flat_rate_percent: 13, registered_from: '2025-06-01', stagger: 'mar_jun_sep_dec' },
      '2024-01-01',
    );
    const june = await report(b, 'vat', 6);
    expect(june.rows.at(-1)).toMatchObject({ description: 'Leave the Flat Rate Scheme' });
    expect(june.rows.at(-1)!.subtext).toBe(
      'Warning: £240,000.00 VAT-inclusive in the 12 months to 20 June 2026, over £230,000: tell HMRC within 30 days and leave the scheme',
    );
  });
});

describe('VAT settings', () => {
  it('a rate change from a date reaches only the rows from that date, never a quarter already paid', async () => {
    const s = await owner(quarter());
    await saveVatSettings(db(), s.id, {
      scheme: 'standard',
      registered_from: '2020-04-01',
      stagger: 'mar_jun_sep_dec',
    });
    // The last payment (7 May) paid the quarter ending 31 March: a change from 1 March is refused.
    const refused = await server.post(
      `/api/database/update-vat-settings/${s.id}`,
      {
        scheme: 'standard',
        registered_from: '2020-04-01',
        category_rates: [{ category: 'Utilities', treatment: 'reduced', effective_from: '2026-03-01' }],
      },
      s.access_token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'A rate change cannot reach back into a VAT quarter already paid: choose a date after 2026-03-31.',
    );
    const ok = await server.post(
      `/api/database/update-vat-settings/${s.id}`,
      {
        scheme: 'standard',
        registered_from: '2020-04-01',
        category_rates: [{ category: 'Utilities', treatment: 'reduced', effective_from: '2026-04-01' }],
      },
      s.access_token,
    );
    expect(ok.status).toBe(200);
    const read = await server.get(`/api/database/get-vat-settings/${s.id}`, s.access_token);
    expect(read.body.vat_settings).toMatchObject({
      scheme: 'standard',
      category_rates: [{ category: 'Utilities', treatment: 'reduced', effective_from: '2026-04-01' }],
    });
    // February's energy keeps its 20 %.
    expect((await periodTotals(db(), s.id, { from: '2026-02-01', to: '2026-02-28' })).expensesPence).toBe(16_500);
  });

  it("re-derives the VAT of the rows named, and their days' totals, after a row changes category", async () => {
    const s = await owner(quarter());
    await saveVatSettings(db(), s.id, {
      scheme: 'standard',
      registered_from: '2020-04-01',
      stagger: 'mar_jun_sep_dec',
    });
    // As a correction would: the £60.00 water bill (zero-rated) becomes Stock & supplies (20 %): £50.00 net.
    const [row] = rowsOf<{ id: string }>(
      await db().execute(sql`update ledger_transactions set category = 'Stock & supplies'
        where user_id = ${s.id} and external_id = 'b4' returning id`),
    );
    await refreshRowVat(db(), s.id, { ids: [row!.id] });
    expect((await periodTotals(db(), s.id, { from: '2026-02-01', to: '2026-02-28' })).expensesPence).toBe(15_500);
    const vat = await report(s, 'vat', 2);
    expect(amountOf(vat.rows, 'Input VAT')).toBe(71);
  });

  it('refuses bad input with a sentence, another owner with 404, and the demo rules stay', async () => {
    const s = await signUpAndConfirm(server);
    const other = await signUpAndConfirm(server);
    const bad = await server.post(`/api/database/update-vat-settings/${s.id}`, { scheme: 'flat_rate' }, s.access_token);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      flat_rate_percent: 'A flat rate business needs its flat rate percentage.',
      registered_from: 'A VAT-registered business needs the date its registration took effect.',
    });
    const notADay = await server.post(
      `/api/database/update-vat-settings/${s.id}`,
      { scheme: 'standard', registered_from: '2026-02-30' },
      s.access_token,
    );
    expect(notADay.status).toBe(400);
    expect(notADay.body.fields).toEqual({ registered_from: 'Registration date must be a date (YYYY-MM-DD).' });
    const wrongScheme = await server.post(`/api/database/update-vat-settings/${s.id}`, { scheme: 'x' }, s.access_token);
    expect(wrongScheme.status).toBe(400);
    expect((await server.get(`/api/database/get-vat-settings/${other.id}`, s.access_token)).status).toBe(404);
    const fresh = await server.get(`/api/database/get-vat-settings/${s.id}`, s.access_token);
    expect(fresh.body.vat_settings).toEqual({
      scheme: 'not_registered',
      flat_rate_percent: null,
      registered_from: null,
      stagger: 'mar_jun_sep_dec',
      category_rates: [],
      vrn: null,
    });
  });
});

describe('VAT, not registered: gross figures and the registration threshold', () => {
  let s: Awaited<ReturnType<typeof owner>>;
  beforeAll(async () => {
    // £6,000 of takings on the 15th of each month from April 2025 to March 2026, then £25,000 on 10 April 2026.
    const months = Array.from({ length: 12 }, (_, i) => {
      const m = new Date(Date.UTC(2025, 3 + i, 15, 12));
      return pay(`t${i}`, m.toISOString(), 600_000);
    });
    s = await owner([...months, pay('t12', '2026-04-10T12:00:00Z', 2_500_000)]);
  });

  it('counts every figure gross, as the money moved', async () => {
    const q = await periodTotals(db(), s.id, { from: '2026-01-01', to: '2026-03-31' });
    expect(q.revenuePence).toBe(1_800_000);
  });

  it('warns from 80 % of £90,000 and gives the dates once the threshold is crossed', async () => {
    const feb = await report(s, 'vat', 2);
    expect(feb.rows.map((r) => [r.description, r.amount, r.subtext])).toEqual([
      ['Taxable turnover, last 12 months', 66_000, 'Takings and room rent, VAT-inclusive'],
      ['Registration threshold', 90_000, '73.3 % of the threshold'],
    ]);
    const march = await report(s, 'vat', 3);
    expect(march.rows[1]!.subtext).toBe('Warning: 80.0 % of the threshold');
    const april = await report(s, 'vat', 4);
    expect(april.period).toEqual({ from: '2025-05-01', to: '2026-04-30' });
    expect(april.rows.map((r) => [r.description, r.amount, r.subtext])).toEqual([
      ['Taxable turnover, last 12 months', 91_000, 'Takings and room rent, VAT-inclusive'],
      ['Registration threshold', 90_000, 'Warning: 101.1 % of the threshold'],
      [
        'Registration due',
        null,
        'Over the threshold at 30 April 2026: tell HMRC by 30 May 2026; registration takes effect on 1 June 2026',
      ],
    ]);
  });

  it('keeps the dates the first crossing fixed in every later month, though June’s 12 months are under again', async () => {
    const june = await report(s, 'vat', 6);
    expect(june.rows.map((r) => [r.description, r.amount])).toEqual([
      ['Taxable turnover, last 12 months', 79_000],
      ['Registration threshold', 90_000],
      ['Registration due', null],
    ]);
    expect(june.rows[2]!.subtext).toBe(
      'Over the threshold at 30 April 2026: tell HMRC by 30 May 2026; registration takes effect on 1 June 2026',
    );
  });

  it('warns of the forward look when the last 30 days alone took most of the threshold', async () => {
    const busy = await owner([pay('fw1', '2026-06-10T12:00:00Z', 7_500_000)]);
    const june = await report(busy, 'vat', 6);
    expect(june.rows.map((r) => r.description)).toEqual([
      'Taxable turnover, last 12 months',
      'Registration threshold',
      'Next 30 days',
    ]);
    expect(june.rows[2]!.subtext).toBe(
      'Warning: £75,000.00 in the 30 days to 20 June 2026. If you expect more than £90,000 in the next 30 days alone, register now: tell HMRC by the end of those 30 days; registration takes effect from their start',
    );
  });
});
