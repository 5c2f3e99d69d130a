import { addDays, DEMO_ACCOUNT, firstDayOf, lastDayOf, lastMonths, londonDateOf } from '@brade/contract';
import { demo, generateSalonData } from '@brade/sandbox';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits.js';
import { findUserByEmail } from '../accounts/users.js';
import { rowsOf } from '../db/client.js';
import { connections } from '../integrations/tables.js';
import { clientFigures } from '../ledger/client-figures.js';
import { periodTotals } from '../ledger/figures.js';
import { retention } from '../ledger/retention.js';
import { startDemoSandbox } from '../sandbox/demo-sandbox.js';
import {
  clientTruth,
  monthRange,
  newClientRetentionTruth,
  salesByCategoryTruth,
  teamTruth,
  wholeMonthsBefore,
} from '../test/demo-sales-truth.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { ensureDemoConnections } from './demo-connections.js';
import { DEMO_GOALS } from './prepare-demo-account.js';

// A pinned afternoon: the simulators and the imports share it, so the books end exactly here. It lies ahead of the
// wall clock, which queue and lease times follow: a connection left waiting on those would never be claimed.
const NOW = new Date('2027-05-14T15:00:00Z');
let server: TestServer;
let demoId: string;
const db = () => server.ctx.database.db;

beforeAll(async () => {
  server = await startTestServer({ demo: true, clock: () => NOW });
  demoId = (await findUserByEmail(db(), DEMO_ACCOUNT.email))!.id;
});
afterAll(() => server.close());

async function demoToken(): Promise<string> {
  const signin = await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  return signin.body.access_token as string;
}

async function waitForWholeHistory(timeoutMs: number = TEST_LIMITS.api.background) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db().select().from(connections).where(eq(connections.userId, demoId));
    const settled = rows.filter((r) => r.syncState === 'idle' && r.lastSyncedAt && !r.backfillUntil);
    if (rows.length === 4 && settled.length === 4) return rows;
    if (Date.now() > until)
      throw new Error(
        `demo imports did not finish: ${JSON.stringify(rows.map((r) => [r.provider, r.syncState, r.lastError]))}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Sum of the generator's records per London month, worked out here from the generator alone. */
function generatorTruth(months: string[]) {
  const data = generateSalonData({
    seed: demo.DEMO_SALON.seed,
    salesPerDayScale: demo.DEMO_SALON.salesPerDayScale,
    legalForm: demo.DEMO_SALON.legalForm,
    from: firstDayOf(months[0]!),
    to: londonDateOf(NOW),
  });
  const visible = <T extends { occurredAt: Date }>(records: T[]) => records.filter((r) => r.occurredAt <= NOW);
  // Debits of today and yesterday are still pending at the bank, and pending lines are not imported
  // (docs/open-banking.md); credits are booked at once.
  const pendingFrom = addDays(londonDateOf(NOW), -1);
  const booked = visible(data.bank).filter((b) => b.amountPence > 0 || londonDateOf(b.occurredAt) < pendingFrom);
  const byMonth = <T extends { occurredAt: Date }>(records: T[], amount: (r: T) => number) =>
    Object.fromEntries(
      months.map((m) => [
        m,
        visible(records)
          .filter((r) => londonDateOf(r.occurredAt).startsWith(m))
          .reduce((s, r) => s + amount(r), 0),
      ]),
    );
  return {
    sales: byMonth(data.payments, (p) => p.amountPence),
    refunds: byMonth(data.refunds, (r) => r.amountPence),
    fees: byMonth(data.payments, (p) => p.feePence),
    bankIn: byMonth(booked, (b) => Math.max(b.amountPence, 0)),
    bankOut: byMonth(booked, (b) => Math.min(b.amountPence, 0)),
    bankLines: byMonth(booked, () => 1),
    redemptions: byMonth(data.redemptions, (r) => r.amountPence),
    ...netOfVat(byMonth, data.payments, data.refunds, booked),
  };
}

/**
 * The demo salon's months net of VAT, worked out from the generator's own categories by docs/finance.md ("VAT"), not
 * by the ledger's code: a standard-rated amount less a sixth of it (rounded per transaction, halves away from zero);
 * card fees, rent, rates, insurance, wages, PAYE, pensions, bank charges, water and refreshments carry none; room rent
 * is standard-rated; the quarterly VAT Direct Debit, the owner's savings and drawings and their Self Assessment are out
 * of the profit and loss.
 */
function netOfVat<T extends { occurredAt: Date }>(
  byMonth: <R extends { occurredAt: Date }>(records: R[], amount: (r: R) => number) => Record<string, number>,
  payments: Array<{ occurredAt: Date; amountPence: number; feePence: number }>,
  refunds: Array<{ occurredAt: Date; amountPence: number }>,
  booked: Array<T & { amountPence: number; category: string; description: string }>,
) {
  const net = (pence: number) => pence - Math.sign(pence) * Math.round(Math.abs(pence) / 6);
  const standardRated = new Set([
    'Stock & supplies',
    'Software',
    'Card terminal',
    'Professional fees',
    'Premises costs',
    'Licences',
    'Utilities',
  ]);
  const outOfProfitAndLoss = new Set(['Card payouts', 'VAT', "Owner's savings", 'Owner drawings', 'Self Assessment']);
  const vatable = (b: { category: string; description: string }) =>
    standardRated.has(b.category) && !b.description.includes('WATER');
  const revenue = byMonth(payments, (p) => net(p.amountPence));
  const refunded = byMonth(refunds, (r) => net(r.amountPence));
  const fees = byMonth(payments, (p) => p.feePence);
  const credits = booked.filter((b) => b.amountPence > 0 && !outOfProfitAndLoss.has(b.category));
  const debits = booked.filter((b) => b.amountPence < 0 && !outOfProfitAndLoss.has(b.category));
  const otherIncome = byMonth(credits, (b) =>
    b.description.includes('ROOM RENT') ? net(b.amountPence) : b.amountPence,
  );
  const costs = byMonth(debits, (b) => -(vatable(b) ? net(b.amountPence) : b.amountPence));
  const months = Object.keys(revenue);
  const netRevenue = Object.fromEntries(months.map((m) => [m, revenue[m]! - refunded[m]!]));
  const netExpenses = Object.fromEntries(months.map((m) => [m, costs[m]! + fees[m]!]));
  return {
    netRevenue,
    netOtherIncome: otherIncome,
    netExpenses,
    netIncome: Object.fromEntries(months.map((m) => [m, netRevenue[m]! + otherIncome[m]! - netExpenses[m]!])),
  };
}

/**
 * A quarterly update of the demo salon worked out from the generator's records alone (docs/finance.md, "Income Tax"):
 * turnover and room rent net of VAT, each expense under HMRC's category by the generator's own category (net of VAT
 * where it is standard-rated, water and refreshments zero-rated), and out of it the payouts, VAT payments, the owner's
 * savings, drawings and Self Assessment.
 */
function quarterTruth(from: string, to: string) {
  const data = generateSalonData({
    seed: demo.DEMO_SALON.seed,
    salesPerDayScale: demo.DEMO_SALON.salesPerDayScale,
    legalForm: demo.DEMO_SALON.legalForm,
    from,
    to,
  });
  const net = (pence: number) => pence - Math.sign(pence) * Math.round(Math.abs(pence) / 6);
  const standardRated = [
    'Stock & supplies',
    'Software',
    'Card terminal',
    'Professional fees',
    'Premises costs',
    'Licences',
    'Utilities',
  ];
  const hmrcOf: Record<string, string> = {
    'Stock & supplies': 'costOfGoods',
    Wages: 'wagesAndStaffCosts',
    Pension: 'wagesAndStaffCosts',
    'PAYE/NI': 'wagesAndStaffCosts',
    Rent: 'premisesRunningCosts',
    'Business rates': 'premisesRunningCosts',
    Insurance: 'premisesRunningCosts',
    Utilities: 'premisesRunningCosts',
    'Premises costs': 'maintenanceCosts',
    Software: 'adminCosts',
    'Card terminal': 'financeCharges',
    'Bank charges': 'financeCharges',
    'Professional fees': 'professionalFees',
    Licences: 'otherExpenses',
    Refreshments: 'otherExpenses',
  };
  const expenses: Record<string, number> = { financeCharges: data.payments.reduce((s, p) => s + p.feePence, 0) };
  for (const line of data.bank.filter((b) => b.amountPence < 0 && b.category in hmrcOf)) {
    const vatable = standardRated.includes(line.category) && !line.description.includes('WATER');
    const hmrc = hmrcOf[line.category]!;
    expenses[hmrc] = (expenses[hmrc] ?? 0) - (vatable ? net(line.amountPence) : line.amountPence);
  }
  return {
    turnover:
      data.payments.reduce((s, p) => s + net(p.amountPence), 0) -
      data.refunds.reduce((s, r) => s + net(r.amountPence), 0),
    other: data.bank.filter((b) => b.category === 'Other income').reduce((s, b) => s + net(b.amountPence), 0),
    expenses,
  };
}

// Each test may wait for the whole history (waitForWholeHistory allows 90 s): on a loaded machine that outlasts
// the project's 30-second test timeout.
describe('the demo salon, imported through the providers like any owner', () => {
  it('connects the demo owner to its private simulators and imports every row through a sync run', async () => {
    const rows = await waitForWholeHistory();
    expect(rows.every((r) => r.demo && r.sandbox && r.status === 'connected' && r.lastError === null)).toBe(true);
    const [untagged] = rowsOf<{ n: string }>(
      await db().execute(sql`
        select count(*) as n from ledger_transactions l
        left join connections c on c.id = l.connection_id
        where l.user_id = ${demoId}
          and (l.sync_run_id is null or c.id is null or c.user_id <> l.user_id
               or c.provider <> l.provider)`),
    );
    expect(Number(untagged!.n)).toBe(0);
    // Payers are known by keyed hashes only: Stripe's and Square's customers, cards and e-mails, none in clear.
    const [payers] = rowsOf<{ emails: string; customers: string; clear: string; deposits: string; vouchers: string }>(
      await db().execute(sql`
        select count(*) filter (where payer_email_key is not null) as emails,
          count(*) filter (where payer_customer_key is not null) as customers,
          count(*) filter (where client_key like '%@%' or client_key like 'customer:%' or client_key like 'card:%'
            or payer_email_key like '%@%') as clear,
          count(*) filter (where sale_purpose = 'deposit') as deposits,
          count(*) filter (where sale_purpose = 'voucher_sale') as vouchers
        from ledger_transactions where user_id = ${demoId}`),
    );
    expect(Number(payers!.emails)).toBeGreaterThan(100);
    expect(Number(payers!.customers)).toBeGreaterThan(100);
    expect(Number(payers!.clear)).toBe(0);
    expect(Number(payers!.deposits)).toBeGreaterThan(10);
    expect(Number(payers!.vouchers)).toBeGreaterThan(0);
    const [total] = rowsOf<{ n: string; oldest: string; newest: string }>(
      await db().execute(
        sql`select count(*) as n, min(local_date)::text as oldest, max(occurred_at)::text as newest
            from ledger_transactions where user_id = ${demoId}`,
      ),
    );
    expect(Number(total!.n)).toBeGreaterThan(5_000);
    // The first of the month 17 months back, and nothing after "now".
    expect(total!.oldest).toBe('2025-12-01');
    expect(new Date(total!.newest).getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it("holds the generator's sales, refunds and card fees for each of the last 12 months", async () => {
    await waitForWholeHistory();
    const months = lastMonths(londonDateOf(NOW), 12);
    const truth = generatorTruth(months);
    const result = rowsOf<{ month: string; sales: string; refunds: string; fees: string; redemptions: string }>(
      await db().execute(sql`
        select to_char(local_date, 'YYYY-MM') as month,
          coalesce(sum(amount_pence) filter (where kind = 'sale'), 0) as sales,
          coalesce(-sum(amount_pence) filter (where kind = 'refund'), 0) as refunds,
          coalesce(-sum(amount_pence) filter (where kind = 'fee' and provider <> 'bank'), 0) as fees,
          coalesce(sum(amount_pence) filter (where kind = 'voucher_redemption'), 0) as redemptions
        from ledger_transactions where user_id = ${demoId} and local_date >= ${firstDayOf(months[0]!)}
        group by 1 order by 1`),
    );
    const ledger = (field: 'sales' | 'refunds' | 'fees' | 'redemptions') =>
      Object.fromEntries(months.map((m) => [m, Number(result.find((r) => r.month === m)?.[field] ?? 0)]));
    expect(ledger('sales')).toEqual(truth.sales);
    expect(ledger('refunds')).toEqual(truth.refunds);
    expect(ledger('fees')).toEqual(truth.fees);
    // Gift vouchers spent at the Square till: visits with no new money, never sales.
    expect(ledger('redemptions')).toEqual(truth.redemptions);
    expect(Object.values(truth.redemptions).filter((pence) => pence > 0).length).toBeGreaterThan(6);
    // A small VAT-registered salon: between £110,000 and £200,000 of card takings a year.
    const year = Object.values(truth.sales).reduce((s, v) => s + v, 0);
    expect(year).toBeGreaterThan(110_000_00);
    expect(year).toBeLessThan(200_000_00);
  });

  it("gives revenue, expenses and net income net of VAT, as worked out from the generator's data alone", async () => {
    await waitForWholeHistory();
    const months = lastMonths(londonDateOf(NOW), 12);
    const truth = generatorTruth(months);
    const signin = await server.post('/api/signin_user', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    const token = signin.body.access_token as string;
    const vat = await server.get(`/api/database/get-vat-settings/${demoId}`, token);
    expect(vat.body.vat_settings).toMatchObject({ scheme: 'standard', stagger: 'mar_jun_sep_dec' });
    const perMonth = (list: Array<{ month: string; amount: number }>) =>
      Object.fromEntries(list.map((m) => [m.month, Math.round(m.amount * 100)]));
    const sales = await server.get(`/api/database/get-monthly-sales/${demoId}`, token);
    const expenses = await server.get(`/api/database/get-monthly-expenses/${demoId}`, token);
    expect(perMonth(sales.body.monthly_sales)).toEqual(truth.netRevenue);
    expect(perMonth(expenses.body.monthly_expenses)).toEqual(truth.netExpenses);
    const netIncome: Record<string, number> = {};
    for (const month of months) {
      const t = await periodTotals(db(), demoId, { from: firstDayOf(month), to: lastDayOf(month) });
      netIncome[month] = t.revenuePence + t.otherIncomePence - t.expensesPence;
    }
    expect(netIncome).toEqual(truth.netIncome);
  });

  it("works out its first two quarterly updates of 2026-27 as the generator's records give them", async () => {
    await waitForWholeHistory();
    const signin = await server.post('/api/signin_user', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    const token = signin.body.access_token as string;
    const settings = await server.get(`/api/income-tax/get-settings/${demoId}`, token);
    expect(settings.body.settings.legal_form).toBe('sole_trader');
    for (const end of ['2026-07-05', '2026-10-05']) {
      const truth = quarterTruth('2026-04-06', end);
      const answer = await server.post(
        `/api/income-tax/get-quarterly-figures/${demoId}`,
        { start: '2026-04-06', end },
        token,
      );
      expect(answer.status).toBe(200);
      const pence = (pounds: number) => Math.round(pounds * 100);
      expect(pence(answer.body.turnover.amount), end).toBe(truth.turnover);
      expect(pence(answer.body.other_income.amount), end).toBe(truth.other);
      expect(
        Object.fromEntries(
          answer.body.expenses.map((e: { hmrc_category: string; amount: number }) => [
            e.hmrc_category,
            pence(e.amount),
          ]),
        ),
        end,
      ).toEqual(truth.expenses);
      // The owner's drawings and Self Assessment, the VAT Direct Debits and the savings are never in it.
      expect(answer.body.left_out.map((l: { category: string }) => l.category).sort(), end).toEqual(
        ['Owner drawings', ...(end === '2026-10-05' ? ['Self Assessment'] : []), "To the owner's savings"].sort(),
      );
    }
  });

  it("banks at Enable Banking's simulator: the statement line for line, and cash in the bank", async () => {
    const rows = await waitForWholeHistory();
    const bank = rows.find((r) => r.provider === 'bank')!;
    expect(bank).toMatchObject({ bankProvider: 'enable_banking', institutionName: 'Mock ASPSP' });
    const months = lastMonths(londonDateOf(NOW), 12);
    const truth = generatorTruth(months);
    const result = rowsOf<{ month: string; credits: string; debits: string; lines: string }>(
      await db().execute(sql`
        select to_char(local_date, 'YYYY-MM') as month,
          coalesce(sum(amount_pence) filter (where amount_pence > 0), 0) as credits,
          coalesce(sum(amount_pence) filter (where amount_pence < 0), 0) as debits,
          count(*) as lines
        from ledger_transactions
        where user_id = ${demoId} and provider = 'bank' and local_date >= ${firstDayOf(months[0]!)}
        group by 1 order by 1`),
    );
    const ledger = (field: 'credits' | 'debits' | 'lines') =>
      Object.fromEntries(months.map((m) => [m, Number(result.find((r) => r.month === m)?.[field] ?? 0)]));
    expect(ledger('credits')).toEqual(truth.bankIn);
    expect(ledger('debits')).toEqual(truth.bankOut);
    expect(ledger('lines')).toEqual(truth.bankLines);

    const signin = await server.post('/api/signin_user', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    const cash = await server.get(`/api/database/get-cash-in-the-bank/${demoId}`, signin.body.access_token);
    expect(cash.status).toBe(200);
    expect(cash.body.cash_in_the_bank).toMatchObject({ currency: 'GBP' });
  });

  it('reports the connections as connected with their last sync, and the goals its owner set', async () => {
    await waitForWholeHistory();
    const signin = await server.post('/api/signin_user', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    const token = signin.body.access_token as string;
    const tokens = await server.get(`/api/database/get-access-tokens/${demoId}`, token);
    expect(tokens.status).toBe(200);
    const all = [
      ...Object.values(tokens.body.sales_access_tokens),
      ...Object.values(tokens.body.expenses_access_tokens),
    ];
    expect(Object.keys(tokens.body.sales_access_tokens).sort()).toEqual(['square', 'stripe', 'sumup']);
    for (const summary of all as Array<Record<string, unknown>>) {
      expect(summary).toMatchObject({ status: 'connected', sandbox: true, last_sync: NOW.toISOString() });
      expect(summary.history).toEqual({ from: '2025-12-01T00:00:00.000Z', complete: true, recent_from: null });
    }
    const goals = await server.get(`/api/database/get-financial-goals/${demoId}`, token);
    expect(goals.body.financial_goals).toEqual(DEMO_GOALS);
    // Its owner set them: they are judged against, not suggested.
    expect(goals.body.saved).toBe(true);
  });

  it('tops up as an ordinary sync run: a later hour brings only the new rows, no duplicates', async () => {
    await waitForWholeHistory();
    const count = async () =>
      Number(
        rowsOf<{ n: string }>(
          await db().execute(sql`select count(*) as n from ledger_transactions where user_id = ${demoId}`),
        )[0]!.n,
      );
    const before = await count();
    const due = await db()
      .update(connections)
      .set({ nextSyncAt: new Date(0) })
      .where(and(eq(connections.userId, demoId), eq(connections.provider, 'square')))
      .returning();
    expect(due).toHaveLength(1);
    await server.ctx.integrations.scheduler.sweep();
    const until = Date.now() + TEST_LIMITS.api.wait;
    for (;;) {
      const [row] = await db().select().from(connections).where(eq(connections.id, due[0]!.id));
      if (row!.syncState === 'idle' && row!.nextSyncAt! > new Date(0)) break;
      if (Date.now() > until) throw new Error('the top-up did not run');
      await new Promise((r) => setTimeout(r, 100));
    }
    // The clock has not moved, so a second run re-reads its overlap and finds nothing new.
    expect(await count()).toBe(before);
  });

  it('reports what was sold by category, each of the last 12 whole months within 1 % of the generator’s records', async () => {
    await waitForWholeHistory();
    const token = await demoToken();
    const today = londonDateOf(NOW);
    const data = generateSalonData({
      seed: demo.DEMO_SALON.seed,
      salesPerDayScale: demo.DEMO_SALON.salesPerDayScale,
      from: '2025-12-01',
      to: today,
    });
    for (const month of wholeMonthsBefore(today, 12)) {
      const truth = salesByCategoryTruth(data, month, NOW);
      const res = await server.post(
        `/api/database/get-report/${demoId}`,
        { type: 'sales', month: Number(month.slice(5)), year: Number(month.slice(0, 4)) },
        token,
      );
      const lines = (res.body.report.rows as Array<{ description: string; amount: number; level?: 1; total: boolean }>)
        .filter((r) => r.level === undefined && !r.total)
        .map((r) => [r.description, Math.round(r.amount * 100)] as const);
      const shown = new Map(lines.filter(([, pence]) => pence !== 0));
      // No catch-all "Sales" that reads like a service: every line is a category, a processor's sales without item
      // detail, card payouts or refunds.
      expect([...shown.keys()], month).not.toContain('Sales');
      expect(new Set(shown.keys()), month).toEqual(new Set(truth.keys()));
      for (const [line, pence] of truth) {
        expect(
          Math.abs(shown.get(line)! - pence),
          `${month} ${line}: ${shown.get(line)} against ${pence}`,
        ).toBeLessThanOrEqual(Math.max(1, Math.abs(pence) * 0.01));
      }
    }
  });

  it('counts clients and revenue per client from known payers, and new-client retention, against the generator', async () => {
    await waitForWholeHistory();
    const today = londonDateOf(NOW);
    const data = generateSalonData({
      seed: demo.DEMO_SALON.seed,
      salesPerDayScale: demo.DEMO_SALON.salesPerDayScale,
      from: '2025-12-01',
      to: today,
    });
    const months = wholeMonthsBefore(today, 12);
    const figures = await clientFigures(db(), demoId, months.map(monthRange));
    figures.forEach((f, i) => {
      const truth = clientTruth(data, months[i]!, NOW);
      expect(Math.abs(f.clients - truth.clients) / truth.clients, `${months[i]} clients`).toBeLessThanOrEqual(0.02);
      const perClient = f.revenuePerClientPence!;
      expect(Math.abs(perClient - truth.revenuePerClient) / truth.revenuePerClient, `${months[i]}`).toBeLessThanOrEqual(
        0.02,
      );
      // SumUp's payments name nobody: the coverage says how much of the takings the figures stand on.
      expect(f.knownPayerPercent).toBeGreaterThan(60);
      expect(f.knownPayerPercent).toBeLessThan(100);
    });
    const measured = await retention(db(), demoId, today);
    expect(measured.new_client.length).toBeGreaterThan(0);
    expect(measured.coverage).toMatch(/^Measured over the \d+ % of visits whose payer is known\.$/);
    const truth = newClientRetentionTruth(
      data,
      NOW,
      measured.new_client.map((m) => m.month),
    );
    for (const m of measured.new_client) {
      expect(
        Math.abs(m.percent! - truth.get(m.month)!),
        `${m.month}: ${m.percent} against ${truth.get(m.month)}`,
      ).toBeLessThanOrEqual(3);
    }
  });

  it("breaks each month's sales down by team member, equal to the generator's takings per stylist on Square to the penny", async () => {
    await waitForWholeHistory();
    const token = await demoToken();
    const today = londonDateOf(NOW);
    const data = generateSalonData({
      seed: demo.DEMO_SALON.seed,
      salesPerDayScale: demo.DEMO_SALON.salesPerDayScale,
      from: '2025-12-01',
      to: today,
    });
    for (const month of wholeMonthsBefore(today, 12)) {
      const res = await server.post(
        `/api/database/get-team-breakdown/${demoId}`,
        { month: Number(month.slice(5)), year: Number(month.slice(0, 4)) },
        token,
      );
      expect(res.status).toBe(200);
      const team = res.body.team as Array<{ name: string; sales: number; payments: number; clients: number }>;
      const shown = new Map(team.map((m) => [m.name, Math.round(m.sales * 100)]));
      expect(shown, month).toEqual(teamTruth(data, month, NOW));
      expect(team.every((m) => m.payments > 0 && m.clients > 0)).toBe(true);
      expect(res.body.note).toBe(
        'Square names who took each payment on its till; Stripe and SumUp do not, so those sales are not attributed.',
      );
    }
  });

  // Last: it leaves the demo's connections pointing at a bank this server's adapters do not serve.
  it("starts the books again, once, when the demo's bank moves to another provider: nothing counted twice", async () => {
    await waitForWholeHistory();
    const other = await startDemoSandbox({ now: () => NOW, bank: 'gocardless' });
    try {
      await ensureDemoConnections(db(), server.ctx.integrations.cipher, demoId, other, NOW);
      const rows = await db().select().from(connections).where(eq(connections.userId, demoId));
      expect(rows.map((r) => r.provider).sort()).toEqual(['bank', 'square', 'stripe', 'sumup']);
      expect(rows.find((r) => r.provider === 'bank')).toMatchObject({
        bankProvider: 'gocardless',
        institutionName: 'Sandbox Finance',
        syncCursor: null,
        lastSyncedAt: null,
      });
      const [left] = rowsOf<{ n: string }>(
        await db().execute(sql`select count(*) as n from ledger_transactions where user_id = ${demoId}`),
      );
      expect(Number(left!.n)).toBe(0);
      // A second start with the same bank keeps what it has.
      await db()
        .update(connections)
        .set({ syncCursor: { kept: true } })
        .where(eq(connections.userId, demoId));
      await ensureDemoConnections(db(), server.ctx.integrations.cipher, demoId, other, NOW);
      const again = await db().select().from(connections).where(eq(connections.userId, demoId));
      expect(again.map((r) => r.syncCursor)).toEqual(again.map(() => ({ kept: true })));
    } finally {
      await other.close();
    }
  });
});
