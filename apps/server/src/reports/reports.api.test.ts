import { REPORT_MESSAGES, ReportResponseSchema } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import { importTransactions } from '../ledger/import.js';
import { aprilLedger, TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let a: { id: string; access_token: string; email: string };
let b: { id: string; access_token: string };

// 15 April 2026 in London: reports may cover January to April 2026.
beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date('2026-04-15T12:00:00Z') });
  a = await signUpAndConfirm(server);
  b = await signUpAndConfirm(server);
  const business = await server.post(
    '/api/record_business_information',
    {
      id: a.id,
      full_name: 'Priya Shah',
      email: a.email,
      salon_name: 'Shah Studio',
      business_address: '3 Station Parade, Leeds',
      postcode: 'LS1 4DY',
      state: 'England',
      country: 'United Kingdom',
    },
    a.access_token,
  );
  expect(business.status).toBe(200);
  const { db } = server.ctx.database;
  await markConnected(db, a.id, 'stripe');
  await markConnected(db, a.id, 'square');
  await importTransactions(db, a.id, aprilLedger(), TEST_IMPORT);
});
afterAll(() => server.close());

const report = (body: unknown, owner: { id: string; access_token: string } = a, id = owner.id) =>
  server.post(`/api/database/get-report/${id}`, body, owner.access_token);

const line = (description: string, amount: number | null, flags: Record<string, unknown> = {}) => ({
  description,
  amount,
  header: false,
  total: false,
  net_income: false,
  ...flags,
});
/** A row's figures in the previous month and the same month last year (docs/finance.md, "Comparisons"). */
const was = (previous = 0, last_year = 0) => ({ compare: { previous, last_year } });
const one = { subtext: '1 transaction', ...was() };
const item = (description: string, amount: number, previous = 0) =>
  line(description, amount, { level: 1, ...was(previous) });

const shahStudio = {
  name: 'Shah Studio',
  address_lines: ['3 Station Parade, Leeds', 'LS1 4DY', 'England', 'United Kingdom'],
};
// April so far (see test/test-ledger.ts): the 00:30 BST sale on 1 April counts; the SumUp payout into the bank
// is revenue because SumUp is not connected; the refund of a March sale reduces April; the payout from the
// connected Stripe and the transfer to savings are not revenue or expenses. Beside each line: 1–15 March to 13:00
// (a month in progress compares like for like: the full head colour and the supplies) and 1–15 April 2025 (nothing).
const aprilSales = (withItems: boolean) => [
  line('Cuts and styling', 80, { subtext: '2 transactions', ...was() }),
  ...(withItems ? [item('Cut & finish', 50), item('Blow-dry', 30)] : []),
  line('Nails', 40, one),
  ...(withItems ? [item('Gel manicure', 40)] : []),
  // Colour sold in March and not yet in April: the line stays, at £0, so the change is explained.
  line('Colour', 0, was(100)),
  ...(withItems ? [item('Full head colour', 0, 100)] : []),
  line('Card payouts', 25, one),
  line('Refunds', -10, one),
];
const aprilExpenses = [
  line('Rent', 1200, one),
  line('Card processing fees', 1.2, one),
  line('Stock & supplies', 0, was(300)),
];
const april = {
  month: 4,
  year: 2026,
  period: { from: '2026-04-01', to: '2026-04-15' },
  report_to: shahStudio,
  comparison: {
    previous: { label: '1–15 Mar 2026 to 13:00', from: '2026-03-01', to: '2026-03-15', until: '13:00' },
    last_year: { label: '1–15 Apr 2025 to 13:00', from: '2025-04-01', to: '2025-04-15', until: '13:00' },
  },
};

describe('the report table model', () => {
  it('lists April sales by category then item, with counts, ending in the Total (80 + 40 + 25 - 10)', async () => {
    const res = await report({ type: 'sales', month: 'April', year: 2026 });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      report: {
        type: 'sales',
        title: 'Sales Report',
        ...april,
        rows: [...aprilSales(true), line('Total', 135, { total: true, ...was(100) })],
      },
    });
    expect(ReportResponseSchema.parse(res.body)).toEqual(res.body);
  });

  it('lists April expenses, ending in the Total (1,200 + 1.20)', async () => {
    const res = await report({ type: 'expense', month: 4, year: '2026' });
    expect(res.body.report).toEqual({
      type: 'expense',
      title: 'Expense Report',
      ...april,
      rows: [...aprilExpenses, line('Total', 1201.2, { total: true, ...was(300) })],
    });
  });

  it('puts April revenue over expenses with Net Income = 135 - 1,201.20', async () => {
    const res = await report({ type: 'income_statement', month: 'apr', year: 2026 });
    expect(res.body.report).toEqual({
      type: 'income_statement',
      title: 'Income Statement',
      ...april,
      rows: [
        line('Revenue', null, { header: true }),
        ...aprilSales(false),
        line('Total Revenue', 135, { total: true, ...was(100) }),
        line('Expenses', null, { header: true }),
        ...aprilExpenses,
        line('Total Expenses', 1201.2, { total: true, ...was(300) }),
        line('Net Income', -1066.2, { net_income: true, ...was(-200) }),
      ],
    });
  });

  it('covers the whole of a past month: March is 1 to 31 March, with its sale and its supplies, against whole months', async () => {
    const res = await report({ type: 'income_statement', month: 3, year: 2026 });
    expect(res.body.report.period).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(res.body.report.comparison).toEqual({
      previous: { label: 'February 2026', from: '2026-02-01', to: '2026-02-28' },
      last_year: { label: 'March 2025', from: '2025-03-01', to: '2025-03-31' },
    });
    expect(res.body.report.rows).toEqual([
      line('Revenue', null, { header: true }),
      line('Colour', 100, one),
      line('Total Revenue', 100, { total: true, ...was() }),
      line('Expenses', null, { header: true }),
      line('Stock & supplies', 300, one),
      line('Total Expenses', 300, { total: true, ...was() }),
      line('Net Income', -200, { net_income: true, ...was() }),
    ]);
  });

  it('gives zero totals for a month without transactions', async () => {
    const sales = await report({ type: 'sales', month: 1, year: 2026 });
    expect(sales.status).toBe(200);
    expect(sales.body.report.period).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(sales.body.report.rows).toEqual([line('Total', 0, { total: true, ...was() })]);
    expect((await report({ type: 'expense', month: 1, year: 2026 })).body.report.rows).toEqual([
      line('Total', 0, { total: true, ...was() }),
    ]);
    expect((await report({ type: 'income_statement', month: 2, year: 2026 })).body.report.rows).toEqual([
      line('Revenue', null, { header: true }),
      line('Total Revenue', 0, { total: true, ...was() }),
      line('Expenses', null, { header: true }),
      line('Total Expenses', 0, { total: true, ...was() }),
      line('Net Income', 0, { net_income: true, ...was() }),
    ]);
  });

  it("reconciles to the penny with the dashboard's monthly figures, month by month", async () => {
    const get = (call: string) => server.get(`/api/database/${call}/${a.id}`, a.access_token);
    const monthlySales = (await get('get-monthly-sales')).body.monthly_sales as Array<{
      month: string;
      amount: number;
    }>;
    const monthlyExpenses = (await get('get-monthly-expenses')).body.monthly_expenses as typeof monthlySales;
    for (const month of [1, 2, 3, 4]) {
      const key = `2026-0${month}`;
      const rows = async (type: string) =>
        (await report({ type, month, year: 2026 })).body.report.rows as Array<{ description: string; amount: number }>;
      const amountOf = (list: Array<{ description: string; amount: number }>, description: string) =>
        list.find((r) => r.description === description)?.amount;
      const statement = await rows('income_statement');
      const revenue = monthlySales.find((m) => m.month === key)!.amount;
      const expenses = monthlyExpenses.find((m) => m.month === key)!.amount;
      expect(amountOf(statement, 'Total Revenue'), key).toBe(revenue);
      expect(amountOf(statement, 'Total Expenses'), key).toBe(expenses);
      expect(amountOf(statement, 'Net Income'), key).toBe(Math.round((revenue - expenses) * 100) / 100);
      expect(amountOf(await rows('sales'), 'Total'), key).toBe(revenue);
      expect(amountOf(await rows('expense'), 'Total'), key).toBe(expenses);
    }
    // This month also matches the headline tiles (month to date).
    expect((await get('get-current-month-sales-total')).body.value).toBe(135);
    expect((await get('get-current-month-expenses-total')).body.value).toBe(1201.2);
  });

  it('reports to the owner by name, without address lines, before business details are given', async () => {
    const res = await report({ type: 'sales', month: 4, year: 2026 }, b);
    expect(res.body.report.report_to).toEqual({ name: 'Priya Shah', address_lines: [] });
    expect(res.body.report.rows).toEqual([line('Total', 0, { total: true, ...was() })]);
  });
});

describe('who may ask', () => {
  it("answers 404 for another owner's id and 401 without a token", async () => {
    const crossed = await report({ type: 'sales', month: 4, year: 2026 }, b, a.id);
    expect(crossed.status).toBe(404);
    const anonymous = await server.post(`/api/database/get-report/${a.id}`, { type: 'sales', month: 4, year: 2026 });
    expect(anonymous.status).toBe(401);
  });
});

describe('bad input gets a 400 with a sentence', () => {
  it.each([
    [{ type: 'profit', month: 4, year: 2026 }, 'type', REPORT_MESSAGES.typeInvalid],
    [{ month: 4, year: 2026 }, 'type', REPORT_MESSAGES.typeInvalid],
    [{ type: 'sales', month: 'Smarch', year: 2026 }, 'month', 'Month must be 1 to 12 or an English month name'],
    [{ type: 'sales', month: 13, year: 2026 }, 'month', 'Month must be 1 to 12 or an English month name'],
    [{ type: 'sales', year: 2026 }, 'month', 'Month is required'],
    [{ type: 'sales', month: 4, year: 'soon' }, 'year', 'Year must be a whole number from 2000 to next year'],
    [{ type: 'sales', month: 4 }, 'year', 'Year is required'],
    // Outside the current calendar year up to the current month.
    [{ type: 'sales', month: 5, year: 2026 }, 'month', REPORT_MESSAGES.outOfRange],
    [{ type: 'income_statement', month: 12, year: 2026 }, 'month', REPORT_MESSAGES.outOfRange],
    [{ type: 'expense', month: 12, year: 2025 }, 'year', REPORT_MESSAGES.outOfRange],
    [{ type: 'sales', month: 1, year: 2027 }, 'year', REPORT_MESSAGES.outOfRange],
  ])('%j', async (body, field, message) => {
    const res = await report(body);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    expect(res.body.error).toBeTypeOf('string');
  });

  it('answers a body that is not JSON with a 400', async () => {
    const res = await server.request('POST', `/api/database/get-report/${a.id}`, {
      raw: 'type=sales',
      token: a.access_token,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});
