import { VAT_DECLARATION } from '@brade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VAT } from '../../demo/prepare-demo-account.js';
import type { SourceTransaction } from '../../ledger/classify.js';
import { importTransactions } from '../../ledger/import.js';
import { saveVatSettings } from '../../ledger/vat-settings-change.js';
import { grantAuthority, TEST_CLIENT, TEST_CLIENT_IP } from '../../test/hmrc-test-kit.js';
import { at, TEST_IMPORT } from '../../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../../test/test-server.js';
import { hmrcAuditLog } from '../tables.js';
import { vatReturns } from './tables.js';

// 20 April 2026: the quarter to 31 March has ended (due 7 May); the quarter to 30 June is in progress.
let now = new Date('2026-04-20T10:00:00Z');
let server: TestServer;
const db = () => server.ctx.database.db;
// The browser reaches Brade through one proxy (TRUST_PROXY=1) that forwards its public address and port; HMRC's
// simulator refuses any call whose fraud-prevention headers have an error (SANDBOX_HMRC_FRAUD_HEADERS=enforce).
const forwarded = { 'x-forwarded-for': TEST_CLIENT_IP, 'x-client-port': '50123' };
beforeAll(async () => {
  server = await startTestServer({ clock: () => now, env: { TRUST_PROXY: '1' } });
});
afterAll(() => server.close());

type Owner = Awaited<ReturnType<typeof signUpAndConfirm>>;
const post = (path: string, body: unknown, owner?: Owner) =>
  server.request('POST', path, { body, headers: forwarded, ...(owner ? { token: owner.access_token } : {}) });

const pay = (id: string, iso: string, pence: number): SourceTransaction => ({
  provider: 'stripe',
  type: 'payment',
  externalId: id,
  occurredAt: at(iso),
  amountPence: pence,
  description: 'Cut and blow-dry',
  customerId: `cus_${id}`,
});
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
 * January to March 2026, VAT-inclusive amounts (the quarter ledger/vat.api.test.ts works out):
 *   sales £120.00, £61.00, a −£12.00 refund, £600.00; room rent £150.00;
 *   a Stripe fee £1.20 (exempt), rent £1,000 (exempt), stock £240.00, water £60.00 (zero-rated), energy £126.00,
 *   wages £800 (outside the scope), a £500 VAT payment to HMRC.
 */
const QUARTER: SourceTransaction[] = [
  pay('a1', '2026-01-10T11:00:00Z', 12_000),
  {
    ...(pay('a1f', '2026-01-10T11:00:00Z', 120) as object),
    type: 'fee',
    description: 'Stripe fee',
  } as SourceTransaction,
  bank('b1', '2026-01-15T08:00:00Z', -100_000, 'DD HARROGATE ESTATES RENT', 'HARROGATE ESTATES'),
  bank('b2', '2026-01-20T10:00:00Z', -24_000, 'DEB SALON SERVICES', 'SALON SERVICES'),
  pay('a2', '2026-02-03T11:00:00Z', 6_100),
  {
    ...(pay('a2', '2026-02-05T11:00:00Z', 1_200) as object),
    externalId: 'r2',
    type: 'refund',
    description: 'Refund',
  } as SourceTransaction,
  bank('b3', '2026-02-09T06:00:00Z', -50_000, 'DD HMRC VAT', 'HMRC'),
  bank('b4', '2026-02-12T06:00:00Z', -6_000, 'DD CASTLE WATER LTD', 'CASTLE WATER LTD'),
  bank('b5', '2026-02-14T06:00:00Z', -12_600, 'DD OCTOPUS ENERGY', 'OCTOPUS ENERGY'),
  bank('b6', '2026-03-02T09:00:00Z', 15_000, 'FPI J SMITH ROOM RENT', 'J SMITH'),
  pay('a3', '2026-03-14T11:00:00Z', 60_000),
  bank('b7', '2026-03-31T09:00:00Z', -80_000, 'FPO PAYROLL MARCH', 'A JONES'),
];

async function owner(transactions: SourceTransaction[], settings: Record<string, unknown>) {
  const session = await signUpAndConfirm(server);
  await importTransactions(db(), session.id, transactions, TEST_IMPORT);
  const saved = await post(`/api/database/update-vat-settings/${session.id}`, settings, session);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return session;
}

async function connectHmrc(o: Owner, vrn: string, periods = 'mar_jun_sep_dec') {
  const started = await post('/api/hmrc/authorization-url', { id: o.id }, o);
  const back = await grantAuthority(started.body.url, vrn, periods);
  const done = await post(
    '/api/hmrc/connect',
    { id: o.id, code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    o,
  );
  expect(done.status).toBe(200);
}

const draft = (o: Owner, period: Record<string, unknown>) => post(`/api/hmrc/vat/return/${o.id}`, period, o);
const obligations = (o: Owner) => post(`/api/hmrc/vat/obligations/${o.id}`, { client: TEST_CLIENT }, o);
const submit = (o: Owner, body: Record<string, unknown>) =>
  post(`/api/hmrc/vat/submit/${o.id}`, { declaration: true, client: TEST_CLIENT, ...body }, o);

const Q1 = { start: '2026-01-01', end: '2026-03-31' };
const Q1_BOXES = {
  box1: 153.17,
  box2: 0,
  box3: 153.17,
  box4: 61,
  box5: 92.17,
  box6: 765,
  box7: 1366,
  box8: 0,
  box9: 0,
};

describe('the VAT return from the books, filed with HMRC (standard scheme, quarters to March)', () => {
  let o: Owner;
  beforeAll(async () => {
    now = new Date('2026-04-20T10:00:00Z');
    o = await owner(QUARTER, {
      scheme: 'standard',
      registered_from: '2020-04-01',
      stagger: 'mar_jun_sep_dec',
      vrn: 'GB 980 7806 84',
    });
  });

  it('works out the nine boxes by hand, box by box', async () => {
    // Box 1: output VAT 20.00 + 10.17 − 2.00 + 100.00 + room rent 25.00 = 153.17. Box 4: stock 40.00 + energy 21.00.
    // Box 6: sales and room rent net of VAT, 640.83 + 125.00 = 765.83, whole pounds 765.
    // Box 7: purchases net of VAT without wages or the VAT payment: 1.20 + 1,000 + 200 + 60 + 105 = 1,366.20 → 1366.
    const answer = await draft(o, Q1);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      period: { start: '2026-01-01', end: '2026-03-31', due: '2026-05-07' },
      period_key: null,
      scheme: 'standard',
      boxes: Q1_BOXES,
      boxes_with_rows: [1, 4, 6, 7],
      flat_rate_test: null,
      declaration: VAT_DECLARATION,
      cannot_file: 'Connect HMRC to file this return from Brade.',
      receipt: null,
    });
    expect(answer.body.warnings).toContain(
      'No business bank account is connected: Brade reads costs from the bank, so boxes 4 and 7 may leave costs out.',
    );
    const box = async (n: number) =>
      (await post(`/api/hmrc/vat/box-transactions/${o.id}`, { ...Q1, box: n, page_size: 200 }, o)).body;
    expect(await box(1)).toMatchObject({ total_count: 5, box_total: 153.17 });
    expect(await box(4)).toMatchObject({ total_count: 2, box_total: 61 });
    expect(await box(6)).toMatchObject({ total_count: 5, box_total: 765.83 });
    const seven = await box(7);
    expect(seven).toMatchObject({ total_count: 5, box_total: 1366.2 });
    expect(seven.transactions.map((t: { category: string }) => t.category)).not.toContain('Wages');
  });

  it('without HMRC shows the quarters of the settings; connected, HMRC’s obligations with their status', async () => {
    const books = await obligations(o);
    expect(books.body.source).toBe('books');
    expect(books.body.obligations.slice(0, 2)).toEqual([
      {
        period_key: null,
        start: '2026-04-01',
        end: '2026-06-30',
        due: '2026-08-07',
        status: 'open',
        ended: false,
        received: null,
      },
      {
        period_key: null,
        start: '2026-01-01',
        end: '2026-03-31',
        due: '2026-05-07',
        status: 'open',
        ended: true,
        received: null,
      },
    ]);
    await connectHmrc(o, '980780684');
    const hmrc = await obligations(o);
    expect(hmrc.status).toBe(200);
    expect(hmrc.body.source).toBe('hmrc');
    expect(hmrc.body.obligations.slice(0, 3)).toEqual([
      {
        period_key: '26A2',
        start: '2026-04-01',
        end: '2026-06-30',
        due: '2026-08-07',
        status: 'open',
        ended: false,
        received: null,
      },
      {
        period_key: '26A1',
        start: '2026-01-01',
        end: '2026-03-31',
        due: '2026-05-07',
        status: 'open',
        ended: true,
        received: null,
      },
      {
        period_key: '25A4',
        start: '2025-10-01',
        end: '2025-12-31',
        due: '2026-02-07',
        status: 'filed',
        ended: true,
        received: '2026-02-04',
      },
    ]);
    now = new Date('2026-05-02T10:00:00Z');
    expect((await obligations(o)).body.obligations[1].status).toBe('due_soon');
    now = new Date('2026-04-20T10:00:00Z');
  });

  it('files once: the receipt kept and shown, the obligation filed, HMRC’s copy served back, an audit record', async () => {
    const ready = await draft(o, { ...Q1, period_key: '26A1' });
    expect(ready.body.cannot_file).toBeNull();
    const filed = await submit(o, { ...Q1, period_key: '26A1', boxes: ready.body.boxes });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.message).toBe('Your VAT return has been filed with HMRC.');
    expect(filed.body.receipt).toMatchObject({
      period_key: '26A1',
      processing_date: '2026-04-20T10:00:00.000+0000',
      payment_indicator: 'DD',
      filed_at: '2026-04-20T10:00:00.000Z',
    });
    expect(filed.body.receipt.form_bundle_number).toMatch(/^\d{12}$/);
    expect(filed.body.receipt.charge_ref_number).toMatch(/^.{1,16}$/);

    const after = await draft(o, { ...Q1, period_key: '26A1' });
    expect(after.body).toMatchObject({ cannot_file: 'HMRC has this return.', receipt: filed.body.receipt });
    expect((await obligations(o)).body.obligations[1]).toMatchObject({
      period_key: '26A1',
      status: 'filed',
      received: '2026-04-20',
    });
    const past = await server.get(`/api/hmrc/vat/returns/${o.id}`, o.access_token);
    expect(past.body.returns).toEqual([
      { start: '2026-01-01', end: '2026-03-31', boxes: Q1_BOXES, receipt: filed.body.receipt },
    ]);
    const held = await post(`/api/hmrc/vat/view-return/${o.id}`, { ...Q1, period_key: '26A1', client: TEST_CLIENT }, o);
    expect(held.body).toEqual({
      held: Q1_BOXES,
      liabilities: [{ type: 'VAT Return Debit Charge', original: 92.17, outstanding: 92.17, due: '2026-05-07' }],
      payments: [],
    });

    const again = await submit(o, { ...Q1, period_key: '26A1', boxes: ready.body.boxes });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'vat_return_filed', error: 'HMRC has this return.' });
    const log = await db()
      .select()
      .from(hmrcAuditLog)
      .where(and(eq(hmrcAuditLog.userId, o.id), eq(hmrcAuditLog.action, 'submit_vat_return')));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ outcome: 'filed', clientIp: TEST_CLIENT_IP });
    expect(log[0]!.detail).toMatchObject({ periodKey: '26A1', boxes: { vatDueSales: 153.17, netVatDue: 92.17 } });
  });

  it('refuses what would file the wrong thing: changed books, no declaration, a period not ended, no browser facts', async () => {
    const q2 = { start: '2026-04-01', end: '2026-06-30', period_key: '26A2' };
    const notEnded = await submit(o, { ...q2, boxes: (await draft(o, q2)).body.boxes });
    expect(notEnded.status).toBe(400);
    expect(notEnded.body.error).toBe('This period ends on 2026-06-30: HMRC takes its return once it has ended.');
    const other = await owner(QUARTER, { scheme: 'standard', registered_from: '2020-04-01', vrn: '234567847' });
    await connectHmrc(other, '234567847');
    await obligations(other);
    const p = { ...Q1, period_key: '26A1' };
    const changed = await submit(other, { ...p, boxes: { ...Q1_BOXES, box1: 150 } });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe(
      'Your books changed since you opened this return. Check the new figures and file again.',
    );
    const undeclared = await submit(other, { ...p, boxes: Q1_BOXES, declaration: false });
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.fields).toEqual({ declaration: 'Tick the declaration to file the return.' });
    const noFacts = await post(`/api/hmrc/vat/submit/${other.id}`, { ...p, boxes: Q1_BOXES, declaration: true }, other);
    expect(noFacts.status).toBe(400);
    const wrongPeriod = await submit(other, {
      start: '2026-01-01',
      end: '2026-02-28',
      period_key: '26A1',
      boxes: Q1_BOXES,
    });
    expect(wrongPeriod.status).toBe(400);
    expect(wrongPeriod.body.error).toBe('These dates are not one of your VAT periods.');
    // None of these reached HMRC: the return can still be filed.
    expect((await submit(other, { ...p, boxes: Q1_BOXES })).status).toBe(200);
  });
});

describe('filing safely', () => {
  it('two submissions at once file once; HMRC’s own duplicate refusal is the second guard', async () => {
    now = new Date('2026-04-20T10:00:00Z');
    const o = await owner(QUARTER, { scheme: 'standard', registered_from: '2020-04-01', vrn: '345678912' });
    await connectHmrc(o, '345678912');
    await obligations(o);
    const body = { ...Q1, period_key: '26A1', boxes: Q1_BOXES };
    const both = await Promise.all([submit(o, body), submit(o, body)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(['vat_return_filing', 'vat_return_filed']).toContain(refused.body.code);
    const rows = await db().select().from(vatReturns).where(eq(vatReturns.userId, o.id));
    expect(rows.map((r) => r.state)).toEqual(['filed']);

    // As if Brade had lost HMRC's answer and freed the period: HMRC refuses the second return itself.
    await db().update(vatReturns).set({ state: 'failed' }).where(eq(vatReturns.userId, o.id));
    const duplicate = await submit(o, body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({
      code: 'hmrc_duplicate_submission',
      error: 'HMRC already has a return for this period: it accepts one per period, so nothing more was filed.',
    });
    expect((await obligations(o)).body.obligations[1]).toMatchObject({ period_key: '26A1', status: 'filed' });
  });

  it('the demo account sees its return read-only and cannot file', async () => {
    const demo = await server.post('/api/signin_user', { email: 'demo@brade.app', password: 'Brade2026' });
    const d = { id: demo.body.id as string, access_token: demo.body.access_token as string } as Owner;
    // The demo salon's settings, as preparing the demo account saves them (demo/prepare-demo-account.ts).
    await saveVatSettings(db(), d.id, DEMO_VAT);
    const view = await draft(d, Q1);
    expect(view.status).toBe(200);
    expect(view.body.cannot_file).toBe('The demo account shows its returns read-only: it cannot file with HMRC.');
    const refused = await submit(d, { ...Q1, period_key: '26A1', boxes: view.body.boxes });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its VAT returns cannot be changed.');
  });

  it('answers another owner’s id with 404, no session with 401, and a business not registered with a sentence', async () => {
    const o = await owner([], { scheme: 'not_registered' });
    const other = await signUpAndConfirm(server);
    const bodies: Record<string, unknown> = {
      obligations: { client: TEST_CLIENT },
      return: Q1,
      'box-transactions': { ...Q1, box: 1 },
      submit: { ...Q1, period_key: '26A1', boxes: Q1_BOXES, declaration: true, client: TEST_CLIENT },
      'view-return': { ...Q1, period_key: '26A1', client: TEST_CLIENT },
    };
    for (const [path, body] of Object.entries(bodies))
      expect((await post(`/api/hmrc/vat/${path}/${other.id}`, body, o)).status, path).toBe(404);
    expect((await server.get(`/api/hmrc/vat/returns/${other.id}`, o.access_token)).status).toBe(404);
    expect((await post(`/api/hmrc/vat/return/${o.id}`, Q1)).status).toBe(401);
    const notRegistered = await draft(o, Q1);
    expect(notRegistered.status).toBe(400);
    expect(notRegistered.body.error).toBe(
      'Your business is not VAT-registered (Settings → VAT), so it files no VAT returns.',
    );
    const badVrn = await post(
      `/api/database/update-vat-settings/${o.id}`,
      { scheme: 'standard', registered_from: '2020-04-01', vrn: '123456789' },
      o,
    );
    expect(badVrn.body.fields).toEqual({ vrn: 'That is not a valid UK VAT registration number: check the digits.' });
    const shortVrn = await post(
      `/api/database/update-vat-settings/${o.id}`,
      { scheme: 'standard', registered_from: '2020-04-01', vrn: '12345' },
      o,
    );
    expect(shortVrn.body.fields).toEqual({
      vrn: 'VAT registration number must be 9 digits (for example 980 7806 84).',
    });
  });
});

describe('other returns worked out by hand', () => {
  it('the Flat Rate Scheme with an Uncategorised line: the flat rate on VAT-inclusive turnover, nothing in box 4', async () => {
    now = new Date('2026-04-20T10:00:00Z');
    const o = await owner(
      [
        ...QUARTER,
        bank('b9', '2026-03-10T09:00:00Z', -6_000, 'DEB SALON SERVICES', 'SALON SERVICES'),
        bank('b10', '2026-03-12T09:00:00Z', -4_500, 'DEB BLUE HORIZON TRADING', 'BLUE HORIZON TRADING'),
      ],
      { scheme: 'flat_rate', flat_rate_percent: 13, registered_from: '2025-06-01', vrn: '456789039' },
    );
    const answer = await draft(o, Q1);
    // Goods £300 (more than £250 and than 2 % of £919): the sector rate, 12 % in the first year.
    // Box 1: 12 % of each turnover row: 14.40 + 7.32 − 1.44 + 72.00 + 18.00 = 110.28. Box 6: £919 VAT-inclusive.
    // Box 7: gross purchases (no VAT reclaimed) without wages: 1.20 + 1,000 + 240 + 60 + 126 + 60 + 45 = 1,532.20.
    expect(answer.body).toMatchObject({
      scheme: 'flat_rate',
      boxes: { box1: 110.28, box2: 0, box3: 110.28, box4: 0, box5: 110.28, box6: 919, box7: 1532, box8: 0, box9: 0 },
      boxes_with_rows: [1, 6, 7],
      flat_rate_test: {
        turnover: 919,
        goods: 300,
        two_percent: 18.38,
        quarter_floor: 250,
        limited_cost: false,
        rates: [12],
      },
    });
    expect(answer.body.warnings).toContain(
      '1 payment (£45.00) in this period is Uncategorised: it counts in box 7 with no VAT reclaimed. Move it to its category first (Reports → a line’s transactions).',
    );
    await connectHmrc(o, '456789039');
    await obligations(o);
    const filed = await submit(o, { ...Q1, period_key: '26A1', boxes: answer.body.boxes });
    expect(filed.status).toBe(200);
  });

  it('quarters ending April, July, October and January: the quarter to 30 April', async () => {
    now = new Date('2026-05-20T10:00:00Z');
    const o = await owner(
      [
        pay('s1', '2026-02-10T11:00:00Z', 24_000),
        bank('s2', '2026-03-05T10:00:00Z', -12_000, 'DEB SALON SERVICES', 'SALON SERVICES'),
        bank('s3', '2026-04-01T08:00:00Z', -50_000, 'DD HARROGATE ESTATES RENT', 'HARROGATE ESTATES'),
        pay('s4', '2026-04-28T11:00:00Z', 36_000),
        // Outside the quarter: 31 January and 1 May.
        pay('s5', '2026-01-31T11:00:00Z', 60_000),
        pay('s6', '2026-05-01T11:00:00Z', 60_000),
      ],
      { scheme: 'standard', registered_from: '2020-04-01', stagger: 'apr_jul_oct_jan', vrn: '567890134' },
    );
    const period = { start: '2026-02-01', end: '2026-04-30' };
    // Box 1: 40.00 + 60.00; box 4: the stock's 20.00; box 6: 200 + 300; box 7: 100 + 500 (rent is exempt).
    const answer = await draft(o, period);
    expect(answer.body.boxes).toEqual({
      box1: 100,
      box2: 0,
      box3: 100,
      box4: 20,
      box5: 80,
      box6: 500,
      box7: 600,
      box8: 0,
      box9: 0,
    });
    await connectHmrc(o, '567890134', 'apr_jul_oct_jan');
    const list = await obligations(o);
    expect(list.body.obligations[1]).toEqual({
      period_key: '26A2',
      start: '2026-02-01',
      end: '2026-04-30',
      due: '2026-06-07',
      status: 'open',
      ended: true,
      received: null,
    });
    const filed = await submit(o, { ...period, period_key: '26A2', boxes: answer.body.boxes });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.receipt.period_key).toBe('26A2');
  });
});
