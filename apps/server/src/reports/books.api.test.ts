import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import type { SourceTransaction } from '../ledger/classify.js';
import { importTransactions } from '../ledger/import.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';

/**
 * A June worked out by hand (docs/finance.md): every kind of bank line a UK salon's statement carries, read from
 * its text alone, and the card processors' own rows. The dashboard calls and the three reports must agree to the
 * penny, and disconnecting a processor whose sales are in the ledger must move no figure.
 */
let server: TestServer;
let owner: { id: string; access_token: string };
beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date('2026-06-30T20:00:00Z') });
  owner = await signUpAndConfirm(server);
  const { db } = server.ctx.database;
  await markConnected(db, owner.id, 'stripe');
  await markConnected(db, owner.id, 'square');
  await markConnected(db, owner.id, 'bank');
  await importTransactions(db, owner.id, june(), TEST_IMPORT);
});
afterAll(() => server.close());

const at = (day: string) => new Date(`2026-06-${day}T10:00:00Z`);
let n = 0;
const bank = (day: string, pence: number, description: string, counterparty: string | null = null) =>
  ({
    provider: 'bank',
    externalId: `bank_${++n}`,
    occurredAt: at(day),
    amountPence: pence,
    description,
    counterparty,
  }) satisfies SourceTransaction;
const card = (
  provider: 'stripe' | 'square',
  type: 'payment' | 'refund' | 'fee' | 'payout',
  id: string,
  day: string,
  pence: number,
  extra: { customerId?: string; cardFingerprint?: string; item?: string } = {},
) =>
  ({
    provider,
    type,
    externalId: id,
    occurredAt: at(day),
    amountPence: pence,
    description: id,
    customerId: extra.customerId,
    cardFingerprint: extra.cardFingerprint,
    ...(extra.item ? { items: [{ name: extra.item, quantity: 1, amountPence: pence }] } : {}),
  }) as SourceTransaction;

function june(): SourceTransaction[] {
  n = 0;
  return [
    card('stripe', 'payment', 'ch_1', '03', 6_000, { customerId: 'cus_a', item: 'Full head colour' }),
    card('stripe', 'fee', 'ch_1:fee', '03', 110),
    card('stripe', 'payout', 'po_1', '08', 5_890),
    card('square', 'payment', 'sq_1', '05', 4_800, { cardFingerprint: 'fp_1', item: 'Cut & finish' }),
    card('square', 'fee', 'sq_1:fee', '05', 84),
    card('square', 'payment', 'sq_2', '12', 3_500, { cardFingerprint: 'fp_2', item: 'Gel manicure' }),
    card('square', 'fee', 'sq_2:fee', '12', 61),
    card('square', 'refund', 'sq_r1', '13', 1_000),
    card('square', 'payout', 'sq_po1', '08', 4_716),
    bank('10', 5_890, 'FPI STRIPE PAYMENTS UK STRIPE'),
    bank('09', 4_716, 'FPI SQUAREUP EUROPE LTD SQUARE PAYOUT', 'Squareup Europe Ltd'),
    bank('15', 2_950, 'FPI SUMUP PAYMENTS LIMITED PID9-SUMUP'),
    bank('01', -95_000, 'SO HIGHGATE ESTATES LTD RENT JUN26'),
    bank('15', -16_000, 'DD LEEDS CITY COUNCIL NNDR'),
    bank('30', -140_000, 'FPO A JONES WAGES JUN26', 'Amy Jones'),
    bank('22', -32_000, 'FPO HMRC CUMBERNAULD 123PA001234562603', 'HMRC'),
    bank('18', -6_000, 'DD NEST PENSION CONTRIB'),
    bank('10', -210_000, 'DD HMRC VAT 123456789', 'HMRC'),
    bank('20', -150_000, 'FPO HMRC COTAX 1234567890A00108'),
    bank('25', -80_000, 'FPO HMRC CUMBERNAULD 9876543210K'),
    bank('02', 1_000_000, 'BGC FUNDING CIRCLE LOAN ADVANCE'),
    bank('26', -40_000, 'DD FUNDING CIRCLE REPAYMENT'),
    bank('26', -3_500, 'DD FUNDING CIRCLE LOAN INTEREST'),
    bank('27', -100_000, 'FPO DRAWINGS', 'A KHAN'),
    bank('28', -50_000, 'TFR 20-00-00 12345678 SAVINGS', 'A Khan (savings)'),
    bank('09', 30_000, 'TFR FROM SAVINGS'),
    bank('02', 20_000, 'FPI CAPITAL INTRODUCED', 'A KHAN'),
    bank('05', 12_000, 'FPI L TURNER ROOM RENT'),
    bank('12', 12_000, 'FPI L TURNER ROOM RENT'),
    bank('30', 150, 'INT GROSS INT'),
    bank('16', -2_500, 'FPO REF 7781', 'K WRIGHT'),
  ];
}

/** A row; every row with an amount has May's and June 2025's beside it, both empty (docs/finance.md, "Comparisons"). */
const line = (
  description: string,
  amount: number | null,
  flags: { subtext?: string; header?: boolean; total?: boolean; net_income?: boolean; level?: 1 } = {},
) => ({
  description,
  amount,
  header: false,
  total: false,
  net_income: false,
  ...flags,
  ...(amount === null ? {} : { compare: { previous: 0, last_year: 0 } }),
});
const count = (k: number) => ({ subtext: `${k} transaction${k === 1 ? '' : 's'}` });

// Sales 60 + 48 + 35 + 29.50 SumUp payout (no SumUp sales in the ledger) − 10 refund = £162.50, by what was sold:
// the sales report lists each category's items under it (docs/finance.md, "What was sold").
const salesLines = (withItems: boolean) => [
  line('Colour', 60, count(1)),
  ...(withItems ? [line('Full head colour', 60, { level: 1 })] : []),
  line('Cuts and styling', 48, count(1)),
  ...(withItems ? [line('Cut & finish', 48, { level: 1 })] : []),
  line('Nails', 35, count(1)),
  ...(withItems ? [line('Gel manicure', 35, { level: 1 })] : []),
  line('Card payouts', 29.5, count(1)),
  line('Refunds', -10, count(1)),
];
const SALES = salesLines(false);
// Room rent 2 × £120 and £1.50 interest: £241.50 of other income.
const OTHER_INCOME = [line('Room rent', 240, count(2)), line('Interest received', 1.5, count(1))];
// 2,100 + 1,400 + 950 + 320 + 160 + 60 + 35 + 25 + 2.55 = £5,052.55. Not expenses: the loan, its repayment,
// drawings, savings, Self Assessment, Corporation Tax, the Stripe and Square payouts.
const EXPENSES = [
  line('VAT paid to HMRC', 2100, count(1)),
  line('Wages', 1400, count(1)),
  line('Rent', 950, count(1)),
  line('PAYE and National Insurance', 320, count(1)),
  line('Business rates', 160, count(1)),
  line('Pension contributions', 60, count(1)),
  line('Loan interest', 35, count(1)),
  line('Uncategorised', 25, count(1)),
  line('Card processing fees', 2.55, count(3)),
];

const call = (path: string, body?: unknown) =>
  body === undefined
    ? server.get(`/api/database/${path}/${owner.id}`, owner.access_token)
    : server.post(`/api/database/${path}/${owner.id}`, body, owner.access_token);
const reportRows = async (type: string) => (await call('get-report', { type, month: 6, year: 2026 })).body.report.rows;

describe('a June worked out by hand', () => {
  it('lists the sales lines, then the other income, then Total Revenue; Net Income, Corporation Tax and the notes after', async () => {
    expect(await reportRows('income_statement')).toEqual([
      line('Revenue', null, { header: true }),
      ...SALES,
      ...OTHER_INCOME,
      line('Total Revenue', 404, { total: true }),
      line('Expenses', null, { header: true }),
      ...EXPENSES,
      line('Total Expenses', 5052.55, { total: true }),
      // 404 − 5,052.55
      line('Net Income', -4648.55, { net_income: true }),
      line('Corporation Tax paid', 1500, count(1)),
      line('Profit after tax', -6148.55, { total: true }),
      line("Owner's money (not in the profit and loss)", null, { header: true }),
      line('Owner drawings', -1000, count(1)),
      line('Self Assessment', -800, count(1)),
      line("To the owner's savings", -500, count(1)),
      line("From the owner's savings", 300, count(1)),
      line('Capital introduced', 200, count(1)),
      line("Owner's money, net", -1800, { total: true }),
      line('Loans (not in the profit and loss)', null, { header: true }),
      line('Loan received', 10000, count(1)),
      line('Loan repayments', -400, count(1)),
      line('Loans, net', 9600, { total: true }),
    ]);
  });

  it('keeps the sales report and the sales calls to sales: other income is not revenue per client', async () => {
    expect(await reportRows('sales')).toEqual([...salesLines(true), line('Total', 162.5, { total: true })]);
    expect((await call('get-sales-for-month', { month: 6, year: 2026 })).body.sales).toEqual(
      SALES.map(({ description, amount, subtext }) => ({ description, amount, subtext })),
    );
    expect((await call('get-current-month-sales-total')).body).toMatchObject({ value: 162.5, percent_change: null });
    // £143 of sales whose payer is known over 3 clients (cus_a, fp_1, fp_2): the SumUp payout names nobody.
    expect((await call('get-current-month-revenue-per-client')).body).toMatchObject({
      value: 47.67,
      coverage: 'From the 83 % of takings whose payer is known.',
    });
  });

  it('keeps the expense report to expenses', async () => {
    expect(await reportRows('expense')).toEqual([...EXPENSES, line('Total', 5052.55, { total: true })]);
    expect((await call('get-current-month-expenses-total')).body).toMatchObject({
      value: 5052.55,
      percent_change: null,
    });
  });

  it('agrees with the dashboard to the penny', async () => {
    const figures = await allFigures();
    expect(figures.monthlySales).toBe(162.5);
    expect(figures.monthlyExpenses).toBe(5052.55);
    expect(figures.salesTile).toBe(figures.monthlySales);
    expect(figures.expensesTile).toBe(figures.monthlyExpenses);
    expect(figures.salesReportTotal).toBe(figures.monthlySales);
    expect(figures.expenseReportTotal).toBe(figures.monthlyExpenses);
    expect(figures.statement.totalRevenue).toBe(162.5 + 241.5);
    expect(figures.statement.totalExpenses).toBe(figures.monthlyExpenses);
    expect(figures.statement.netIncome).toBe(
      Math.round((figures.statement.totalRevenue - figures.statement.totalExpenses) * 100) / 100,
    );
  });
});

async function allFigures() {
  const month = (list: Array<{ month: string; amount: number }>) => list.find((m) => m.month === '2026-06')!.amount;
  const amountOf = async (type: string, description: string) =>
    ((await reportRows(type)) as Array<{ description: string; amount: number }>).find(
      (r) => r.description === description,
    )?.amount;
  return {
    monthlySales: month((await call('get-monthly-sales')).body.monthly_sales),
    monthlyExpenses: month((await call('get-monthly-expenses')).body.monthly_expenses),
    salesTile: (await call('get-current-month-sales-total')).body.value,
    expensesTile: (await call('get-current-month-expenses-total')).body.value,
    perClientTile: (await call('get-current-month-revenue-per-client')).body.value,
    salesReportTotal: await amountOf('sales', 'Total'),
    expenseReportTotal: await amountOf('expense', 'Total'),
    allSales: (await call('get-all-sales')).body.sales,
    allExpenses: (await call('get-all-expenses')).body.expenses,
    statement: {
      rows: await reportRows('income_statement'),
      totalRevenue: (await amountOf('income_statement', 'Total Revenue'))!,
      totalExpenses: (await amountOf('income_statement', 'Total Expenses'))!,
      netIncome: (await amountOf('income_statement', 'Net Income'))!,
    },
  };
}

describe('disconnecting a processor whose sales are in the ledger', () => {
  it('moves no figure: its payouts stay transfers, its sales stay sales', async () => {
    const before = await allFigures();
    const res = await server.post(
      '/api/database/delete-tokens',
      { id: owner.id, processor: 'square' },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    expect(res.body.connection.status).toBe('disconnected');
    expect(await allFigures()).toEqual(before);
  });

  it('counts as sales a later payout for days whose sales the ledger does not hold', async () => {
    // Square's rows end on 13 June; a payout on 30 June pays for sales after them (none imported since).
    await importTransactions(
      server.ctx.database.db,
      owner.id,
      [{ ...bank('30', 7_000, 'FPI SQUAREUP EUROPE LTD SQUARE PAYOUT'), externalId: 'bank_late_square' }],
      TEST_IMPORT,
    );
    expect((await call('get-current-month-sales-total')).body.value).toBe(162.5 + 70);
    expect((await reportRows('sales')).find((r: { description: string }) => r.description === 'Card payouts')).toEqual(
      line('Card payouts', 99.5, count(2)),
    );
  });
});
