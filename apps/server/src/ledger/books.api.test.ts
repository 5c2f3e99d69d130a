import { BOOKS_MESSAGES, DEMO_ACCOUNT, REPORT_MESSAGES } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import { aprilLedger, at, TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { importTransactions } from './import.js';
import { saveVatSettings } from './vat-settings-change.js';

type Owner = { id: string; access_token: string };
let server: TestServer;
let a: Owner;
let b: Owner;

const bank = (externalId: string, iso: string, amountPence: number, counterparty: string): SourceTransaction => ({
  provider: 'bank',
  externalId,
  occurredAt: at(iso),
  amountPence,
  description: `CARD PAYMENT ${counterparty.trim().toUpperCase()}`,
  counterparty,
});

// Three debits to a florist no rule knows (Uncategorised), one in March; the same counterparty typed differently
// once. A December 2025 month for the year selector: a sale and the rent.
const extras = (): SourceTransaction[] => [
  bank('flo_1', '2026-04-09T10:00:00Z', -4500, 'BRIGHTSIDE FLORIST'),
  bank('flo_2', '2026-03-20T10:00:00Z', -2000, 'BRIGHTSIDE FLORIST'),
  bank('flo_3', '2026-04-10T10:00:00Z', -1500, ' brightside  florist'),
  bank('rent_dec', '2025-12-01T08:00:00Z', -99000, 'HARROGATE ESTATES'),
  {
    provider: 'stripe',
    type: 'payment',
    externalId: 'ch_dec',
    occurredAt: at('2025-12-05T12:00:00Z'),
    amountPence: 8000,
    description: 'Balayage',
    customerId: 'cus_9',
    items: [{ name: 'Balayage', quantity: 1, amountPence: 8000 }],
  },
];
const books = () => [...aprilLedger(), ...extras()];

// 15 April 2026 in London.
beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date('2026-04-15T12:00:00Z') });
  a = await signUpAndConfirm(server);
  b = await signUpAndConfirm(server);
  const { db } = server.ctx.database;
  await markConnected(db, a.id, 'stripe');
  await markConnected(db, a.id, 'square');
  await importTransactions(db, a.id, books(), TEST_IMPORT);
});
afterAll(() => server.close());

const post = (path: string, body: unknown, owner: Owner = a, id = owner.id) =>
  server.post(`/api/database/${path}/${id}`, body, owner.access_token);
const get = (path: string, owner: Owner = a, id = owner.id) =>
  server.get(`/api/database/${path}/${id}`, owner.access_token);
const april = { month: 4, year: 2026 };
const lineOf = (body: Record<string, unknown>, owner: Owner = a, id = owner.id) =>
  post('get-line-transactions', { ...april, ...body }, owner, id);
const idOf = async (externalDescription: string, group = 'expenses', month = april) => {
  const res = await lineOf({ ...month, group, search: externalDescription, page_size: 200 });
  return res.body.transactions as Array<{ id: string; date: string; amount: number; category: string }>;
};
const report = (type: string, month = april) => post('get-report', { type, ...month });
const expensesTile = async () => (await get('get-current-month-expenses-total')).body.value as number;

/** Every category line of a report equals the sum of its transactions, and the lines add up to the Total. */
async function checkLines(type: 'sales' | 'expense', group: 'revenue' | 'expenses', month = april) {
  const rows = (await report(type, month)).body.report.rows as Array<{
    description: string;
    amount: number;
    total: boolean;
    level?: 1;
  }>;
  let sum = 0;
  let category = '';
  for (const row of rows.filter((r) => !r.total)) {
    // An item under a sales category is a breakdown of it: its own transactions, not added to the Total again.
    const item = row.level === 1 ? { item: row.description } : {};
    if (row.level !== 1) category = row.description;
    const line = await lineOf({ ...month, group, category, ...item, page_size: 1 });
    expect(line.body.total_amount, row.description).toBe(row.amount);
    if (row.level !== 1) sum += Math.round(row.amount * 100);
  }
  const total = rows.find((r) => r.total)!.amount;
  expect(sum).toBe(Math.round(total * 100));
  const whole = await lineOf({ ...month, group: type === 'sales' ? 'revenue' : 'expenses', page_size: 1 });
  if (type === 'expense') expect(whole.body.total_amount).toBe(total);
  return total;
}

describe('the transactions behind a line', () => {
  it('lists a line with its total, sorted, searched and paged', async () => {
    const line = await lineOf({ group: 'expenses', category: 'Uncategorised', sort: 'amount', direction: 'asc' });
    expect(line.status).toBe(200);
    // 45.00 + 15.00 in April; the March 20.00 is another month.
    expect(line.body).toMatchObject({ total_count: 2, total_amount: 60, page: 1, page_size: 50 });
    expect(line.body.transactions.map((t: { amount: number }) => t.amount)).toEqual([15, 45]);
    expect(line.body.transactions[0]).toMatchObject({
      date: '2026-04-10',
      description: 'CARD PAYMENT BRIGHTSIDE  FLORIST',
      counterparty: ' brightside  florist',
      amount: 15,
      vat: 0,
      category: 'Uncategorised',
      provider: 'bank',
      corrected: false,
      correctable: true,
    });
    const second = await lineOf({ group: 'expenses', category: 'Uncategorised', sort: 'date', page: 2, page_size: 1 });
    expect(second.body).toMatchObject({ total_count: 2, page: 2, page_size: 1 });
    expect(second.body.transactions.map((t: { date: string }) => t.date)).toEqual(['2026-04-09']);
    const searched = await lineOf({ group: 'expenses', search: 'estates' });
    expect(searched.body).toMatchObject({ total_count: 1, total_amount: 1200 });
    // `%` is searched for as itself.
    expect((await lineOf({ group: 'expenses', search: '%' })).body.total_count).toBe(0);
    // Refunds are negative on the sales line, as on the report.
    expect((await lineOf({ group: 'revenue', category: 'Refunds' })).body.total_amount).toBe(-10);
  });

  it("answers 404 for another owner's id, 401 without a session, 400 with a sentence for bad input", async () => {
    expect((await lineOf({ group: 'expenses' }, b, a.id)).status).toBe(404);
    expect(
      (await server.post(`/api/database/get-line-transactions/${a.id}`, { ...april, group: 'expenses' })).status,
    ).toBe(401);
    const bad = await lineOf({ group: 'profits' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.group).toBe(BOOKS_MESSAGES.groupInvalid);
    const tooBig = await lineOf({ group: 'expenses', page_size: 5000 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.fields.page_size).toBe(BOOKS_MESSAGES.pageSizeInvalid);
    // Another owner sees none of a's rows through their own id.
    expect((await lineOf({ group: 'expenses' }, b)).body.total_count).toBe(0);
  });

  it("makes every report line equal to its transactions and the Totals equal to the dashboard's figures", async () => {
    const expenses = await checkLines('expense', 'expenses');
    expect(expenses).toBe(await expensesTile());
    const sales = await checkLines('sales', 'revenue');
    expect(sales).toBe((await get('get-current-month-sales-total')).body.value);
  });
});

describe('corrections and rules', () => {
  it('offer the categories of the direction and count the similar transactions', async () => {
    const [flo1] = await idOf('florist').then((rows) => rows.filter((r) => r.amount === 45));
    const options = await post('get-correction-options', { transaction_id: flo1!.id });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      category: 'Uncategorised',
      correctable: true,
      // The three debits from the florist, in March and April, however the counterparty was typed.
      similar: { counterparty: 'BRIGHTSIDE FLORIST', count: 3 },
    });
    expect(options.body.categories).toContain('Premises costs');
    expect(options.body.categories).toContain('Owner drawings');
    expect(options.body.categories).not.toContain('Room rent');
    expect(options.body.categories).not.toContain('Card payouts');
    // Another owner's transaction is not found; a bad id is a sentence.
    expect((await post('get-correction-options', { transaction_id: flo1!.id }, b)).status).toBe(404);
    const bad = await post('get-correction-options', { transaction_id: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.transaction_id).toBe(BOOKS_MESSAGES.transactionInvalid);
  });

  it('move one transaction and every figure at once, and survive a re-import', async () => {
    const before = await expensesTile();
    const [flo1] = (await idOf('florist')).filter((r) => r.amount === 45);
    const moved = await post('correct-transaction', { transaction_id: flo1!.id, category: 'Owner drawings' });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ message: BOOKS_MESSAGES.corrected, moved: 1, rule_id: null });
    // 45.00 leaves the expenses (daily totals rebuilt) for the owner's money note.
    expect(await expensesTile()).toBe(Math.round(before * 100 - 4500) / 100);
    expect((await lineOf({ group: 'owner_money', category: 'Owner drawings' })).body).toMatchObject({
      total_count: 1,
      total_amount: -45,
    });
    await checkLines('expense', 'expenses');
    await importTransactions(server.ctx.database.db, a.id, books(), TEST_IMPORT);
    expect(await expensesTile()).toBe(Math.round(before * 100 - 4500) / 100);
    const after = (await lineOf({ group: 'owner_money', category: 'Owner drawings' })).body.transactions[0];
    expect(after).toMatchObject({ id: flo1!.id, corrected: true });
  });

  it('refuse what cannot move, a category not offered and the demo account', async () => {
    const [refund] = (await lineOf({ group: 'revenue', category: 'Refunds' })).body.transactions;
    const card = await post('correct-transaction', { transaction_id: refund.id, category: 'Rent' });
    expect(card.status).toBe(400);
    expect(card.body.error).toBe(BOOKS_MESSAGES.notCorrectable);
    // A sold item moves between sales categories only.
    const [sale] = (await lineOf({ group: 'revenue', category: 'Cuts and styling', item: 'Blow-dry' })).body
      .transactions;
    const item = await post('correct-transaction', { transaction_id: sale.id, category: 'Rent' });
    expect(item.status).toBe(400);
    expect(item.body.fields.category).toBe(BOOKS_MESSAGES.categoryInvalid);
    const [rent] = (await lineOf({ group: 'expenses', category: 'Rent' })).body.transactions;
    const credit = await post('correct-transaction', { transaction_id: rent.id, category: 'Room rent' });
    expect(credit.status).toBe(400);
    expect(credit.body.fields.category).toBe(BOOKS_MESSAGES.categoryInvalid);
    expect((await post('correct-transaction', { transaction_id: rent.id, category: 'Wages' }, b)).status).toBe(404);

    const demo = (await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }))
      .body as Owner;
    // The demo account opens lines (its own books) but cannot change them.
    expect((await lineOf({ group: 'expenses' }, demo)).status).toBe(200);
    const refused = await post(
      'correct-transaction',
      { transaction_id: '00000000-0000-4000-8000-000000000000', category: 'Rent' },
      demo,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its transactions cannot be changed.');
  });

  it('apply a rule to the past and to future imports, and remove it restoring the past', async () => {
    const before = await expensesTile();
    const [flo3] = (await idOf('florist')).filter((r) => r.amount === 15);
    const ruled = await post('correct-transaction', {
      transaction_id: flo3!.id,
      category: 'Premises costs',
      apply_to_similar: true,
    });
    expect(ruled.status).toBe(200);
    expect(ruled.body).toMatchObject({ moved: 3 });
    // The hand-moved 45.00 is back in the expenses as Premises costs; March's 20.00 moved too.
    expect(await expensesTile()).toBe(Math.round(before * 100 + 4500) / 100);
    expect((await lineOf({ group: 'expenses', category: 'Premises costs' })).body.total_amount).toBe(60);
    expect(
      (await lineOf({ month: 3, year: 2026, group: 'expenses', category: 'Premises costs' })).body.total_amount,
    ).toBe(20);

    // A future import from the florist follows the rule.
    await importTransactions(
      server.ctx.database.db,
      a.id,
      [bank('flo_4', '2026-04-11T10:00:00Z', -700, 'Brightside Florist')],
      TEST_IMPORT,
    );
    expect((await lineOf({ group: 'expenses', category: 'Premises costs' })).body).toMatchObject({
      total_count: 3,
      total_amount: 67,
    });
    const listed = await get('get-category-rules');
    expect(listed.body.rules).toEqual([
      expect.objectContaining({
        id: ruled.body.rule_id,
        counterparty: 'brightside  florist',
        direction: 'debit',
        category: 'Premises costs',
        transactions: 4,
      }),
    ]);
    expect((await get('get-category-rules', b, a.id)).status).toBe(404);
    expect((await post('remove-category-rule', { rule_id: ruled.body.rule_id, restore: true }, b)).status).toBe(404);

    // Removed with restoring: the four go back to what the rule table said, Uncategorised.
    const removed = await post('remove-category-rule', { rule_id: ruled.body.rule_id, restore: true });
    expect(removed.body).toEqual({ message: BOOKS_MESSAGES.ruleRemoved, restored: 4 });
    expect((await get('get-category-rules')).body.rules).toEqual([]);
    expect((await lineOf({ group: 'expenses', category: 'Uncategorised' })).body.total_amount).toBe(67);
    expect((await lineOf({ group: 'expenses', category: 'Premises costs' })).body.total_count).toBe(0);
    await checkLines('expense', 'expenses');
  });

  it('removed without restoring, keep the category as the owner\u2019s own, also through a re-import', async () => {
    const [flo1] = (await idOf('florist')).filter((r) => r.amount === 45);
    const ruled = await post('correct-transaction', {
      transaction_id: flo1!.id,
      category: 'Wages',
      apply_to_similar: true,
    });
    expect(ruled.body.moved).toBe(4);
    const removed = await post('remove-category-rule', { rule_id: ruled.body.rule_id, restore: false });
    expect(removed.body).toEqual({ message: BOOKS_MESSAGES.ruleRemoved, restored: 0 });
    await importTransactions(server.ctx.database.db, a.id, books(), TEST_IMPORT);
    expect((await lineOf({ group: 'expenses', category: 'Wages' })).body).toMatchObject({
      total_count: 3,
      total_amount: 67,
    });
    // No rule any more: a new line from the florist is the rule table's again.
    await importTransactions(
      server.ctx.database.db,
      a.id,
      [bank('flo_5', '2026-04-12T10:00:00Z', -300, 'BRIGHTSIDE FLORIST')],
      TEST_IMPORT,
    );
    expect((await lineOf({ group: 'expenses', category: 'Uncategorised' })).body.total_amount).toBe(3);
    await checkLines('expense', 'expenses');
  });
});

describe('every year', () => {
  it('lists this year and earlier years with data, and reports any month of them', async () => {
    expect((await get('get-report-years')).body).toEqual({ years: [2026, 2025] });
    expect((await get('get-report-years', b)).body).toEqual({ years: [2026] });
    expect((await get('get-report-years', b, a.id)).status).toBe(404);
    const december = { month: 12, year: 2025 };
    const expense = await report('expense', december);
    expect(expense.status).toBe(200);
    expect(expense.body.report.period).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(
      expense.body.report.rows.map((r: { description: string; amount: number }) => [r.description, r.amount]),
    ).toEqual([
      ['Rent', 990],
      ['Total', 990],
    ]);
    expect(await checkLines('sales', 'revenue', december)).toBe(80);
    const statement = await report('income_statement', december);
    expect(statement.body.report.rows.find((r: { net_income: boolean }) => r.net_income).amount).toBe(-910);
    // A year without data, and for another owner a year only a has, stay out of range.
    for (const [body, owner] of [
      [{ type: 'sales', month: 12, year: 2024 }, a],
      [{ type: 'sales', month: 12, year: 2025 }, b],
    ] as const) {
      const refused = await post('get-report', body, owner);
      expect(refused.status).toBe(400);
      expect(refused.body.fields.year).toBe(REPORT_MESSAGES.outOfRange);
    }
  });
});

describe('corrections for a VAT-registered owner (docs/finance.md, "VAT")', () => {
  it("give a moved line its new category's VAT, list amounts as paid with their VAT, and total the line net", async () => {
    const c = await signUpAndConfirm(server);
    const { db } = server.ctx.database;
    await saveVatSettings(db, c.id, { scheme: 'standard', registered_from: '2020-04-01', stagger: 'mar_jun_sep_dec' });
    // £60.00 to a florist no rule knows (Uncategorised: outside the scope of VAT) and £500.00 paid to HMRC for VAT.
    await importTransactions(
      db,
      c.id,
      [
        bank('c_flo', '2026-04-09T10:00:00Z', -6000, 'BRIGHTSIDE FLORIST'),
        bank('c_vat', '2026-04-07T08:00:00Z', -50000, 'HMRC VAT'),
      ],
      TEST_IMPORT,
    );
    const tile = async () => (await get('get-current-month-expenses-total', c)).body.value as number;
    // The VAT payment is out of the profit and loss, and out of every line.
    expect(await tile()).toBe(60);
    const before = await lineOf({ group: 'expenses' }, c);
    expect(before.body).toMatchObject({ total_count: 1, total_amount: 60, total_vat: 0 });
    expect(before.body.transactions[0]).toMatchObject({ amount: 60, vat: 0, category: 'Uncategorised' });

    const moved = await post(
      'correct-transaction',
      { transaction_id: before.body.transactions[0].id, category: 'Stock & supplies' },
      c,
    );
    expect(moved.status).toBe(200);
    // Standard-rated: £60.00 paid holds £10.00 VAT, so the expense is £50.00 everywhere at once.
    expect(await tile()).toBe(50);
    const after = await lineOf({ group: 'expenses', category: 'Stock & supplies' }, c);
    expect(after.body).toMatchObject({ total_count: 1, total_amount: 50, total_vat: 10 });
    expect(after.body.transactions[0]).toMatchObject({ amount: 60, vat: 10, corrected: true });
    const expense = (await post('get-report', { type: 'expense', ...april }, c)).body.report.rows;
    expect(expense.map((r: { description: string; amount: number }) => [r.description, r.amount])).toEqual([
      ['Stock & supplies', 50],
      ['Total', 50],
    ]);
    const vat = (await post('get-report', { type: 'vat', ...april }, c)).body.report.rows;
    expect(vat.find((r: { description: string }) => r.description === 'Input VAT').amount).toBe(10);
  });
});
