import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceTransaction } from '../../ledger/classify.js';
import { importTransactions } from '../../ledger/import.js';
import { grantAuthority, type IncomeTaxGrant, TEST_CLIENT, TEST_CLIENT_IP } from '../../test/hmrc-test-kit.js';
import { at, TEST_IMPORT } from '../../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../../test/test-server.js';
import { hmrcAuditLog } from '../tables.js';

/**
 * Quarterly updates worked out by hand and sent over HTTP (docs/finance.md, "Income Tax"; docs/hmrc.md, "Income
 * Tax"), on PGlite and on PostgreSQL: a VAT-registered sole trader on standard quarters, a correction after sending,
 * the owner's mapping and disallowable parts, the 5/6 April boundary, a trader who is not registered on calendar
 * quarters, and the refusals.
 */
// 20 July 2026: the 2026-27 quarter to 5 July has ended (due 7 August); the one to 5 October is in progress.
let now = new Date('2026-07-20T10:00:00Z');
let server: TestServer;
const db = () => server.ctx.database.db;
// The browser reaches Brade through one proxy (TRUST_PROXY=1) that forwards its public address and port; HMRC's
// simulator refuses any call whose fraud-prevention headers have an error.
const forwarded = { 'x-forwarded-for': TEST_CLIENT_IP, 'x-client-port': '50123' };
beforeAll(async () => {
  server = await startTestServer({ clock: () => now, env: { TRUST_PROXY: '1' } });
});
afterAll(() => server.close());

type Owner = Awaited<ReturnType<typeof signUpAndConfirm>>;
const post = (path: string, body: unknown, owner?: Owner) =>
  server.request('POST', path, { body, headers: forwarded, ...(owner ? { token: owner.access_token } : {}) });
const get = (path: string, owner?: Owner) =>
  server.request('GET', path, { headers: forwarded, ...(owner ? { token: owner.access_token } : {}) });

const pay = (
  id: string,
  iso: string,
  pence: number,
  type: 'payment' | 'refund' | 'fee' = 'payment',
): SourceTransaction =>
  ({
    provider: 'stripe',
    type,
    externalId: id,
    occurredAt: at(iso),
    amountPence: pence,
    description: type === 'fee' ? 'Stripe fee' : type === 'refund' ? 'Refund' : 'Cut and colour',
    customerId: `cus_${id}`,
  }) as SourceTransaction;
const bank = (
  id: string,
  iso: string,
  pence: number,
  description: string,
  counterparty: string,
): SourceTransaction => ({
  provider: 'bank',
  externalId: id,
  occurredAt: at(iso),
  amountPence: pence,
  description,
  counterparty,
});

/**
 * Standard quarters, VAT-registered from 2020 (amounts as paid, VAT included):
 *   5 April 2026 a £240 sale (2025-26: in no 2026-27 update);
 *   6 April £120 (net 100.00) and its Stripe fee £1.20 (exempt); 10 May £600 (500.00); 12 May a −£60 refund (−50.00);
 *   5 July, the quarter's last day, £36 (30.00); 6 July £1,200 (1,000.00, the next quarter);
 *   rent £1,000 (exempt), stock £240 (200.00 net), payroll £800 and PAYE £250 (outside the scope), a £500 VAT payment
 *   (wholly VAT: in no figure), room rent £150 (125.00 net), £25 from someone Brade cannot place (outside), an
 *   unknown £48 debit (Uncategorised), and out of every update: £3.21 interest, £1,500 drawings, a £5,000 loan.
 */
const STANDARD_BOOKS: SourceTransaction[] = [
  pay('p0', '2026-04-05T10:00:00Z', 24_000),
  pay('p1', '2026-04-06T10:00:00Z', 12_000),
  pay('p1f', '2026-04-06T10:00:00Z', 120, 'fee'),
  pay('p2', '2026-05-10T10:00:00Z', 60_000),
  { ...pay('p2', '2026-05-12T10:00:00Z', 6_000, 'refund'), externalId: 'r2' },
  pay('p3', '2026-07-05T15:00:00Z', 3_600),
  pay('p4', '2026-07-06T10:00:00Z', 120_000),
  bank('b1', '2026-04-15T08:00:00Z', -100_000, 'DD HARROGATE ESTATES RENT', 'HARROGATE ESTATES'),
  bank('b2', '2026-04-20T10:00:00Z', -24_000, 'DEB SALON SERVICES', 'SALON SERVICES'),
  bank('b3', '2026-04-30T09:00:00Z', -80_000, 'FPO PAYROLL APRIL', 'A JONES'),
  bank('b4', '2026-05-22T09:00:00Z', -25_000, 'FPO HMRC PAYE', 'HMRC CUMBERNAULD'),
  bank('b5', '2026-05-01T06:00:00Z', -50_000, 'DD HMRC VAT', 'HMRC'),
  bank('b6', '2026-05-03T09:00:00Z', 15_000, 'FPI J SMITH ROOM RENT', 'J SMITH'),
  bank('b7', '2026-06-30T09:00:00Z', 321, 'GROSS INT', 'BANK'),
  bank('b8', '2026-06-01T09:00:00Z', -150_000, 'FPO DRAWINGS', 'AMELIA HART'),
  bank('b9', '2026-06-02T09:00:00Z', 500_000, 'FUNDING CIRCLE LOAN', 'FUNDING CIRCLE'),
  bank('b10', '2026-06-15T09:00:00Z', -4_800, 'DEB ZQX TRADING 4471', 'ZQX TRADING'),
  bank('b11', '2026-06-20T09:00:00Z', 2_500, 'FPI ZQX HOLDINGS', 'ZQX HOLDINGS'),
];

const NINO = 'AB123456C';
const Q1 = { start: '2026-04-06', end: '2026-07-05' };
const Q2 = { start: '2026-04-06', end: '2026-10-05' };

async function soleTrader(books: SourceTransaction[], details: Record<string, unknown>, vat?: Record<string, unknown>) {
  const o = await signUpAndConfirm(server);
  await importTransactions(db(), o.id, books, TEST_IMPORT);
  if (vat) expect((await post(`/api/database/update-vat-settings/${o.id}`, vat, o)).status).toBe(200);
  const saved = await post(`/api/income-tax/update-settings/${o.id}`, { legal_form: 'sole_trader', ...details }, o);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return o;
}

async function connectHmrc(o: Owner, grant: IncomeTaxGrant) {
  const started = await post('/api/hmrc/authorization-url', { id: o.id }, o);
  expect(started.status).toBe(200);
  const back = await grantAuthority(started.body.url, '', 'mar_jun_sep_dec', grant);
  const done = await post(
    '/api/hmrc/connect',
    { id: o.id, code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    o,
  );
  expect(done.status).toBe(200);
  return new URL(started.body.url).searchParams.get('scope');
}

const figures = (o: Owner, period: { start: string; end: string }) =>
  post(`/api/income-tax/get-quarterly-figures/${o.id}`, period, o);
const obligations = (o: Owner, body: Record<string, unknown> = { client: TEST_CLIENT }) =>
  post(`/api/income-tax/get-obligations/${o.id}`, body, o);
const send = (o: Owner, body: Record<string, unknown>) =>
  post(
    `/api/income-tax/send-update/${o.id}`,
    { client: TEST_CLIENT, confirmed: true, expenses: 'itemised', ...body },
    o,
  );
const expenseLines = (body: { expenses: Array<{ hmrc_category: string; amount: number; disallowable: number }> }) =>
  Object.fromEntries(body.expenses.map((e) => [e.hmrc_category, [e.amount, e.disallowable]]));

describe('a VAT-registered sole trader on standard quarters', () => {
  let o: Owner;
  beforeAll(async () => {
    now = new Date('2026-07-20T10:00:00Z');
    o = await soleTrader(
      STANDARD_BOOKS,
      { nino: 'ab 12 34 56 c', quarter_type: 'standard' },
      { scheme: 'standard', registered_from: '2020-04-01', stagger: 'mar_jun_sep_dec' },
    );
  });

  it('asks for the qualifying income the books cannot tell, and says what the answer means', async () => {
    const before = await get(`/api/income-tax/get-settings/${o.id}`, o);
    expect(before.status).toBe(200);
    expect(before.body.settings).toMatchObject({
      legal_form: 'sole_trader',
      nino: NINO,
      quarter_type: 'standard',
      qualifying_income: null,
      mtd: null,
      question: { tax_year: '2024-25' },
    });
    const answered = await post(
      `/api/income-tax/update-settings/${o.id}`,
      { qualifying_income: { amount: 62_000, tax_year: '2024-25' } },
      o,
    );
    expect(answered.body.message).toBe('Income Tax details saved.');
    expect(answered.body.settings.mtd).toEqual({
      applies: true,
      decides: '2026-27',
      sentence:
        'Making Tax Digital for Income Tax applies to you from 6 April 2026: your qualifying income in 2024-25 was £62,000.00 (as you told us), over the £50,000 threshold.',
    });
    expect(answered.body.settings.question).toBeNull();
  });

  it('works out the first quarter by hand, net of VAT, in HMRC’s categories', async () => {
    // Turnover 100.00 + 500.00 − 50.00 + 30.00 = 580.00 (the 5 April sale is 2025-26's, the 6 July one the next
    // quarter's). Other income: room rent 125.00 + the unplaced 25.00 = 150.00. Expenses: stock 200.00; payroll and
    // PAYE 800.00 + 250.00; rent 1,000.00; the card fee 1.20; the unknown debit 48.00: 2,299.20.
    const answer = await figures(o, Q1);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const f = answer.body;
    expect(f).toMatchObject({
      tax_year: '2026-27',
      turnover: { amount: 580 },
      other_income: { amount: 150 },
      total_expenses: 2299.2,
      total_disallowable: 0,
      net_profit: -1569.2,
      consolidated_allowed: true,
      last_sent: null,
      changed_since_sent: false,
    });
    expect(f.basis).toBe('Turnover and expenses are net of VAT, as your books count them (VAT-registered).');
    expect(expenseLines(f)).toEqual({
      costOfGoods: [200, 0],
      wagesAndStaffCosts: [1050, 0],
      premisesRunningCosts: [1000, 0],
      financeCharges: [1.2, 0],
      otherExpenses: [48, 0],
    });
    expect(
      f.expenses.find((e: { hmrc_category: string }) => e.hmrc_category === 'wagesAndStaffCosts').categories,
    ).toEqual([
      { category: 'Wages', amount: 800, count: 1, disallowable: 0, mapped_by_owner: false },
      { category: 'PAYE and National Insurance', amount: 250, count: 1, disallowable: 0, mapped_by_owner: false },
    ]);
    expect(f.left_out.map((l: { category: string; amount: number }) => [l.category, l.amount])).toEqual([
      ['Loan received', 5000],
      ['Owner drawings', -1500],
      ['Interest received', 3.21],
    ]);
    expect(f.warnings.map((w: { code: string }) => w.code)).toEqual(['uncategorised', 'unknown_credits', 'no_bank']);
    expect(f.warnings[0].text).toBe(
      '1 payment (£48.00) in this period is Uncategorised: it goes to HMRC as other business expenses. Move it to its category first (Other business expenses → Uncategorised).',
    );
    // The transactions behind a line add up to it.
    const rows = await post(
      `/api/income-tax/get-transactions/${o.id}`,
      { ...Q1, section: 'turnover', category: 'Sales' },
      o,
    );
    expect(rows.status).toBe(200);
    expect(rows.body.total_amount).toBe(630);
    expect(rows.body.transactions.map((t: { amount: number }) => t.amount)).toEqual([36, 600, 120]);
  });

  it('lists Brade’s own periods before HMRC is connected: the ended quarter due, the next one open', async () => {
    const answer = await obligations(o, {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ source: 'brade', connection: 'not_connected', tax_year: '2026-27' });
    expect(
      answer.body.obligations.map((x: { end: string; due: string; status: string }) => `${x.end} ${x.due} ${x.status}`),
    ).toEqual([
      '2026-07-05 2026-08-07 due',
      '2026-10-05 2026-11-07 open',
      '2027-01-05 2027-02-07 open',
      '2027-04-05 2027-05-07 open',
    ]);
  });

  it('connects HMRC for VAT and Income Tax, reads HMRC’s obligations and sends the first quarter', async () => {
    const scope = await connectHmrc(o, { nino: NINO, tradingNames: 'Hair by Sam' });
    expect(scope).toBe('read:vat write:vat read:self-assessment write:self-assessment');
    const read = await obligations(o);
    expect(read.body).toMatchObject({
      source: 'hmrc',
      connection: 'connected',
      problem: null,
      business: { trading_name: 'Hair by Sam' },
      quarter_type: 'standard',
    });
    expect(read.body.obligations[0]).toMatchObject({ ...Q1, due: '2026-08-07', status: 'due', sent: null });

    const sent = await send(o, Q1);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe('Quarterly update sent to HMRC.');
    expect(sent.body.update).toMatchObject({
      tax_year: '2026-27',
      ...Q1,
      expenses: 'itemised',
      turnover: 580,
      other_income: 150,
      total_expenses: 2299.2,
      total_disallowable: 0,
      sandbox: true,
      hmrc_holds: { ...Q1, turnover: 580, other_income: 150, total_expenses: 2299.2, total_disallowable: 0 },
    });
    expect(sent.body.update.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
    const after = await obligations(o);
    expect(after.body.obligations[0]).toMatchObject({ status: 'sent', received: '2026-07-20' });
    expect(after.body.obligations[0].sent.id).toBe(sent.body.update.id);
    const [line] = await db().select().from(hmrcAuditLog).where(eq(hmrcAuditLog.action, 'send_quarterly_update'));
    expect(line).toMatchObject({ userId: o.id, outcome: 'sent', clientIp: TEST_CLIENT_IP });
  });

  it('shows a correction made after sending as changed since sent, and sends the corrected quarter again', async () => {
    // The unknown £48 was the owner's own: moved to drawings, it leaves the expenses.
    const [row] = (
      await post(
        `/api/income-tax/get-transactions/${o.id}`,
        { ...Q1, section: 'expenses', category: 'Uncategorised' },
        o,
      )
    ).body.transactions;
    const moved = await post(
      `/api/database/correct-transaction/${o.id}`,
      { transaction_id: row.id, category: 'Owner drawings' },
      o,
    );
    expect(moved.status).toBe(200);
    const changed = (await figures(o, Q1)).body;
    expect(changed).toMatchObject({ total_expenses: 2251.2, changed_since_sent: true });
    expect(changed.warnings.map((w: { code: string }) => w.code)).toContain('changed_since_sent');
    const again = await send(o, Q1);
    expect(again.status).toBe(200);
    expect(again.body.update.hmrc_holds.total_expenses).toBe(2251.2);
    expect((await figures(o, Q1)).body.changed_since_sent).toBe(false);
  });

  it('puts a category under another HMRC heading for the owner, and back', async () => {
    const moved = await post(
      `/api/income-tax/map-category/${o.id}`,
      { category: 'Stock & supplies', hmrc_category: 'maintenanceCosts' },
      o,
    );
    expect(moved.body.message).toBe('Category moved. Every quarterly update from now on uses it.');
    const mapped = (await figures(o, Q1)).body;
    expect(expenseLines(mapped).costOfGoods).toBeUndefined();
    expect(
      mapped.expenses.find((e: { hmrc_category: string }) => e.hmrc_category === 'maintenanceCosts'),
    ).toMatchObject({
      amount: 200,
      categories: [{ category: 'Stock & supplies', mapped_by_owner: true }],
    });
    expect((await get(`/api/income-tax/get-settings/${o.id}`, o)).body.settings.category_map).toEqual([
      { category: 'Stock & supplies', hmrc_category: 'maintenanceCosts' },
    ]);
    expect(mapped.changed_since_sent).toBe(true);
    await post(`/api/income-tax/map-category/${o.id}`, { category: 'Stock & supplies', hmrc_category: null }, o);
    expect(expenseLines((await figures(o, Q1)).body).costOfGoods).toEqual([200, 0]);
  });

  it('lets the owner mark part of an expense disallowable: it stays in the total and counts against the profit', async () => {
    const [payroll] = (
      await post(`/api/income-tax/get-transactions/${o.id}`, { ...Q1, section: 'expenses', category: 'Wages' }, o)
    ).body.transactions;
    const marked = await post(
      `/api/income-tax/mark-disallowable/${o.id}`,
      { transaction_id: payroll.id, amount: 300 },
      o,
    );
    expect(marked.body.message).toBe('Disallowable part saved.');
    const f = (await figures(o, Q1)).body;
    expect(expenseLines(f).wagesAndStaffCosts).toEqual([1050, 300]);
    expect(f).toMatchObject({ total_expenses: 2251.2, total_disallowable: 300, net_profit: -1221.2 });
    const rows = await post(
      `/api/income-tax/get-transactions/${o.id}`,
      { ...Q1, section: 'expenses', category: 'Wages' },
      o,
    );
    expect(rows.body.transactions[0].disallowable).toBe(300);
    const tooMuch = await post(
      `/api/income-tax/mark-disallowable/${o.id}`,
      { transaction_id: payroll.id, amount: 800.01 },
      o,
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe(
      'The disallowable part must be from £0.01 up to the transaction’s amount net of VAT.',
    );
    const sale = (
      await post(`/api/income-tax/get-transactions/${o.id}`, { ...Q1, section: 'turnover', category: 'Sales' }, o)
    ).body.transactions[0];
    const notCost = await post(`/api/income-tax/mark-disallowable/${o.id}`, { transaction_id: sale.id, amount: 1 }, o);
    expect(notCost.body.error).toBe('Only an expense can have a disallowable part.');
    await post(`/api/income-tax/mark-disallowable/${o.id}`, { transaction_id: payroll.id, amount: null }, o);
    expect((await figures(o, Q1)).body.total_disallowable).toBe(0);
  });

  it('sends the second quarter from 6 April; HMRC then refuses an earlier quarter with its sentence', async () => {
    now = new Date('2026-10-20T10:00:00Z');
    const q2 = await figures(o, Q2);
    // The first quarter's figures (after the correction) and the 6 July sale: 580.00 + 1,000.00.
    expect(q2.body.turnover.amount).toBe(1580);
    const sent = await send(o, Q2);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.update.hmrc_holds).toMatchObject({ ...Q2, turnover: 1580 });
    const read = await obligations(o);
    expect(read.body.obligations.slice(0, 2).map((x: { status: string }) => x.status)).toEqual(['sent', 'sent']);
    const earlier = await send(o, Q1);
    expect(earlier.status).toBe(422);
    expect(earlier.body).toEqual({
      code: 'hmrc_rule_submission_end_date_cannot_move_backwards',
      error:
        'HMRC already holds a later update for this year: corrections go with your latest quarter, whose figures run from the start of the year.',
    });
    now = new Date('2026-07-20T10:00:00Z');
  });

  it('keeps the tax year boundary: 5 April 2026 is in 2025-26’s last quarter, 6 April in 2026-27’s first', async () => {
    const q4 = (await figures(o, { start: '2025-04-06', end: '2026-04-05' })).body;
    expect(q4).toMatchObject({ tax_year: '2025-26', turnover: { amount: 200 } });
    const first = (await figures(o, { start: '2026-04-06', end: '2026-04-06' })).body;
    expect(first).toMatchObject({ tax_year: '2026-27', turnover: { amount: 100 } });
  });
});

describe('a sole trader who is not VAT-registered, on calendar quarters', () => {
  let o: Owner;
  beforeAll(async () => {
    now = new Date('2026-07-20T10:00:00Z');
    o = await soleTrader(
      [
        pay('c0', '2026-03-31T10:00:00Z', 5_000),
        pay('c1', '2026-04-01T10:00:00Z', 8_000),
        pay('c2', '2026-06-30T10:00:00Z', 10_000),
        pay('c3', '2026-07-01T10:00:00Z', 7_000),
        bank('d1', '2026-04-10T08:00:00Z', -50_000, 'DD HARROGATE ESTATES RENT', 'HARROGATE ESTATES'),
        bank('d2', '2026-05-05T10:00:00Z', -12_000, 'DEB SALON SERVICES', 'SALON SERVICES'),
      ],
      { nino: 'CE123456D', quarter_type: 'calendar', expenses: 'consolidated' },
    );
  });

  it('counts from 1 April, gross, and sends the expenses as one total while turnover allows it', async () => {
    const cal = { start: '2026-04-01', end: '2026-06-30' };
    const f = (await figures(o, cal)).body;
    // 1 April £80 and 30 June £100, as paid (no VAT); 31 March and 1 July are other quarters.
    expect(f).toMatchObject({
      turnover: { amount: 180 },
      total_expenses: 620,
      net_profit: -440,
      consolidated_allowed: true,
    });
    expect(f.basis).toBe('Turnover is your takings as they were paid (the business is not VAT-registered).');
    expect(expenseLines(f)).toEqual({ costOfGoods: [120, 0], premisesRunningCosts: [500, 0] });
    expect(await connectHmrc(o, { nino: 'CE123456D', quarterType: 'calendar' })).toBe(
      'read:self-assessment write:self-assessment',
    );
    const read = await obligations(o);
    expect(read.body).toMatchObject({ source: 'hmrc', quarter_type: 'calendar' });
    expect(read.body.obligations[0]).toMatchObject({ ...cal, due: '2026-08-07', status: 'due' });
    const sent = await send(o, { ...cal, expenses: 'consolidated' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.update).toMatchObject({ expenses: 'consolidated', turnover: 180, total_expenses: 620 });
    // A standard quarter is not one of this owner's: HMRC lists calendar ones.
    const standard = await send(o, Q1);
    expect(standard.status).toBe(400);
    expect(standard.body.error).toBe('Choose one of the quarterly update periods HMRC lists for you.');
  });
});

describe('what Brade refuses, and whose calls they are', () => {
  it('works out the MTD sentence from the books’ last full tax year where they hold one', async () => {
    now = new Date('2026-07-20T10:00:00Z');
    const o = await soleTrader(
      [pay('y0', '2025-04-06T10:00:00Z', 1_800_000), pay('y1', '2026-01-10T10:00:00Z', 1_400_000)],
      { nino: 'CE123456A' },
    );
    const settings = (await get(`/api/income-tax/get-settings/${o.id}`, o)).body.settings;
    expect(settings.qualifying_income).toEqual({ amount: 32_000, tax_year: '2025-26', source: 'books' });
    expect(settings.mtd.sentence).toBe(
      "Making Tax Digital for Income Tax applies to you from 6 April 2027: your qualifying income in 2025-26 was £32,000.00 (in Brade's books, 6 April 2025 to 5 April 2026), over the £30,000 threshold.",
    );
  });

  it('keeps Income Tax from a limited company and asks an owner who has not said how the business is set up', async () => {
    const company = await signUpAndConfirm(server);
    const unsaid = await figures(company, Q1);
    expect(unsaid.status).toBe(409);
    expect(unsaid.body.error).toBe('Tell Brade how the business is set up first.');
    await post(`/api/income-tax/update-settings/${company.id}`, { legal_form: 'limited_company' }, company);
    const refused = await figures(company, Q1);
    expect(refused.body.code).toBe('income_tax_not_sole_trader');
    expect((await post(`/api/income-tax/update-settings/${company.id}`, { nino: NINO }, company)).status).toBe(409);
    expect((await get(`/api/income-tax/get-settings/${company.id}`, company)).body.settings.legal_form).toBe(
      'limited_company',
    );
    // A company's grant asks for VAT only.
    const started = await post('/api/hmrc/authorization-url', { id: company.id }, company);
    expect(new URL(started.body.url).searchParams.get('scope')).toBe('read:vat write:vat');
  });

  it('tells a sole trader whose grant came before Income Tax to connect again', async () => {
    const o = await signUpAndConfirm(server);
    const started = await post('/api/hmrc/authorization-url', { id: o.id }, o);
    const back = await grantAuthority(started.body.url);
    await post(
      '/api/hmrc/connect',
      { id: o.id, code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      o,
    );
    await post(`/api/income-tax/update-settings/${o.id}`, { legal_form: 'sole_trader', nino: NINO }, o);
    const read = await obligations(o);
    expect(read.body).toMatchObject({
      source: 'brade',
      connection: 'no_scope',
      problem: 'Brade’s authority at HMRC does not cover Income Tax. Connect HMRC again to grant it.',
    });
    const refused = await send(o, Q1);
    expect(refused.body.code).toBe('income_tax_no_scope');
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const o = await soleTrader([pay('z1', '2026-05-01T10:00:00Z', 10_000)], { nino: NINO });
    const settings = (body: unknown) => post(`/api/income-tax/update-settings/${o.id}`, body, o);
    const prefix = await settings({ nino: 'BG123456A' });
    expect(prefix.status).toBe(400);
    expect(prefix.body.fields.nino).toBe(
      'BG is not a prefix HMRC gives National Insurance numbers: check the first two letters.',
    );
    expect((await settings({ nino: 'AB1234567' })).body.fields.nino).toBe(
      'Enter a National Insurance number of two letters, six numbers and A, B, C or D, like QQ 12 34 56 C.',
    );
    expect((await settings({ nino: `AB${'\u0000'}123456C` })).status).toBe(400);
    expect((await settings({ nino: 'ＡＢ１２３４５６Ｃ' })).status).toBe(400);
    expect((await settings({ quarter_type: 'monthly' })).body.fields.quarter_type).toBe(
      'Quarters must be standard or calendar.',
    );
    expect((await settings({ qualifying_income: { amount: 10.005, tax_year: '2024-25' } })).status).toBe(400);
    expect((await settings({ qualifying_income: { amount: 10, tax_year: '2024-26' } })).status).toBe(400);
    expect((await settings({ surprise: true })).status).toBe(400);
    expect((await get(`/api/income-tax/get-settings/${o.id}`, o)).body.settings).toMatchObject({
      nino: NINO,
      quarter_type: 'standard',
      owner_answer: null,
    });
    const huge = await post(
      `/api/income-tax/map-category/${o.id}`,
      { category: 'x'.repeat(5_000), hmrc_category: 'adminCosts' },
      o,
    );
    expect(huge.status).toBe(400);
    const unknown = await post(
      `/api/income-tax/map-category/${o.id}`,
      { category: 'Rocket fuel', hmrc_category: 'adminCosts' },
      o,
    );
    expect(unknown.body.error).toBe('Category must be one of the expense categories in your books.');
    const notHmrc = await post(`/api/income-tax/map-category/${o.id}`, { category: 'Rent', hmrc_category: 'rent' }, o);
    expect(notHmrc.body.fields.hmrc_category).toBe(
      'HMRC category must be one of HMRC’s self-employment expense categories.',
    );
    expect((await figures(o, { start: '2026-07-05', end: '2026-04-06' })).status).toBe(400);
    expect((await figures(o, { start: '2026-02-30', end: '2026-04-06' })).status).toBe(400);
    const unticked = await post(
      `/api/income-tax/send-update/${o.id}`,
      { client: TEST_CLIENT, ...Q1, expenses: 'itemised', confirmed: false },
      o,
    );
    expect(unticked.body.fields.confirmed).toBe('Tick the box to confirm the figures first.');
    const noFacts = await post(
      `/api/income-tax/send-update/${o.id}`,
      { ...Q1, expenses: 'itemised', confirmed: true },
      o,
    );
    expect(noFacts.status).toBe(400);
  });

  it('refuses consolidated expenses over £90,000 of turnover, and an update too early', async () => {
    now = new Date('2026-07-20T10:00:00Z');
    // £108,001.20 VAT-inclusive: £90,001.00 net of VAT.
    const o = await soleTrader(
      [pay('big', '2026-05-01T10:00:00Z', 10_800_120)],
      { nino: 'CE654321A' },
      { scheme: 'standard', registered_from: '2020-04-01', stagger: 'mar_jun_sep_dec' },
    );
    expect((await figures(o, Q1)).body).toMatchObject({ turnover: { amount: 90_001 }, consolidated_allowed: false });
    await connectHmrc(o, { nino: 'CE654321A' });
    const consolidated = await send(o, { ...Q1, expenses: 'consolidated' });
    expect(consolidated.status).toBe(400);
    expect(consolidated.body.error).toBe('Expenses can be sent as one total only while turnover is not over £90,000.');
    const early = await send(o, Q2);
    expect(early.status).toBe(400);
    expect(early.body.error).toBe('HMRC takes an update from 10 days before its period ends.');
  });

  it('answers another owner’s id with 404, no session with 401, and keeps the demo account from changing or sending', async () => {
    const a = await soleTrader([], { nino: NINO });
    const b = await signUpAndConfirm(server);
    for (const [path, body] of [
      [`/api/income-tax/get-quarterly-figures/${a.id}`, Q1],
      [`/api/income-tax/get-obligations/${a.id}`, {}],
      [`/api/income-tax/update-settings/${a.id}`, { nino: NINO }],
      [`/api/income-tax/map-category/${a.id}`, { category: 'Rent', hmrc_category: 'adminCosts' }],
      [`/api/income-tax/send-update/${a.id}`, { client: TEST_CLIENT, ...Q1, expenses: 'itemised', confirmed: true }],
    ] as const) {
      expect((await post(path, body, b)).status, path).toBe(404);
      expect((await post(path, body)).status, path).toBe(401);
    }
    expect((await get(`/api/income-tax/get-settings/${a.id}`, b)).status).toBe(404);
    expect((await get(`/api/income-tax/get-settings/${a.id}`)).status).toBe(401);

    const signedIn = await server.post('/api/signin_user', { email: 'demo@brade.app', password: 'Brade2026' });
    const demo = { id: signedIn.body.id as string, access_token: signedIn.body.access_token as string } as Owner;
    expect((await get(`/api/income-tax/get-settings/${demo.id}`, demo)).body.settings.legal_form).toBe('sole_trader');
    expect((await figures(demo, Q1)).status).toBe(200);
    expect((await obligations(demo, {})).body.source).toBe('brade');
    const refused = await post(`/api/income-tax/update-settings/${demo.id}`, { nino: NINO }, demo);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('demo_read_only');
    const sendRefused = await send(demo, Q1);
    expect(sendRefused.body.error).toBe('The demo account is read-only: its quarterly updates cannot be changed.');
  });
});
