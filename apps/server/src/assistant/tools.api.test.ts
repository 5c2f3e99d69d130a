import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import type { SourceTransaction } from '../ledger/classify.js';
import { goalsInEffect } from '../ledger/goals-in-effect.js';
import { importTransactions } from '../ledger/import.js';
import { retention as measureRetention } from '../ledger/retention.js';
import { saveFinancialGoals } from '../settings/financial-goals.js';
import { writeVatSettings } from '../settings/vat-settings.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { answerQuestion } from './analyst.js';
import { findPeriods } from './periods.js';
import {
  bankMovement,
  byWeekday,
  cardFigures,
  cash,
  clients,
  comparePeriods,
  expenseLine,
  goalProgress,
  matchingTransactions,
  monthlyFigures,
  monthSummary,
  projection,
  refundList,
  retention,
  salesByService,
  type ToolContext,
  topCounterparties,
  vatPosition,
} from './tools.js';

/**
 * BradeBot's tools on books worked out by hand (docs/finance.md, docs/assistant.md), today 20 June 2026:
 * April: a £40.00 sale. May: sales of £50.00 and £30.00 from two clients, a £10.00 refund, a £1.20 card fee, £500.00
 * rent, £300.00 VAT paid to HMRC and £200.00 chair rent received. June so far: a £60.00 sale.
 * May: revenue £70.00, other income £200.00, expenses £801.20, net income -£531.20, margin -758.9 %.
 */
const TODAY = '2026-06-20';
let server: TestServer;
let ctx: ToolContext;
let other: ToolContext;
const period = (text: string) => findPeriods(text, { today: TODAY })[0]!.period;

const card = (type: 'payment' | 'refund' | 'fee', id: string, day: string, pence: number, customerId?: string) =>
  ({
    provider: 'stripe',
    type,
    externalId: id,
    occurredAt: new Date(`${day}T10:00:00Z`),
    amountPence: pence,
    description: id,
    ...(customerId ? { customerId } : {}),
  }) as SourceTransaction;
const bank = (
  id: string,
  day: string,
  pence: number,
  description: string,
  counterparty: string,
): SourceTransaction => ({
  provider: 'bank',
  externalId: id,
  occurredAt: new Date(`${day}T08:00:00Z`),
  amountPence: pence,
  description,
  counterparty,
});

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(`${TODAY}T12:00:00Z`) });
  const owner = await signUpAndConfirm(server);
  const stranger = await signUpAndConfirm(server);
  const { db } = server.ctx.database;
  await markConnected(db, owner.id, 'stripe');
  await markConnected(db, owner.id, 'bank');
  await importTransactions(
    db,
    owner.id,
    [
      card('payment', 'ch_1', '2026-04-10', 4_000, 'cus_1'),
      card('payment', 'ch_2', '2026-05-03', 5_000, 'cus_1'),
      card('payment', 'ch_3', '2026-05-04', 3_000, 'cus_2'),
      card('refund', 're_1', '2026-05-06', 1_000),
      card('fee', 'ch_3:fee', '2026-05-04', 120),
      card('payment', 'ch_4', '2026-06-10', 6_000, 'cus_3'),
      bank('b1', '2026-05-01', -50_000, 'SO LANDLORD RENT MAY', 'LANDLORD'),
      bank('b2', '2026-05-07', -30_000, 'DD HMRC VAT', 'HMRC VAT'),
      bank('b3', '2026-05-08', 20_000, 'CHAIR RENT JANE', 'JANE DOE'),
    ],
    TEST_IMPORT,
  );
  await markConnected(db, stranger.id, 'stripe');
  await importTransactions(db, stranger.id, [card('payment', 'ch_x', '2026-05-03', 99_900, 'cus_x')], TEST_IMPORT);
  ctx = { db, userId: owner.id, today: TODAY };
  other = { db, userId: stranger.id, today: TODAY };
});
afterAll(() => server.close());

describe("BradeBot's tools", () => {
  it('summarises a month: sales, other income, expenses, net income, margin and clients', async () => {
    expect(await monthSummary(ctx, period('in May'))).toMatchObject({
      revenuePence: 7_000,
      otherIncomePence: 20_000,
      expensesPence: 80_120,
      netIncomePence: -53_120,
      marginPercent: -758.9,
      clients: 2,
      // The tile's figure: £80 of known payers' sales over 2 clients; a refund is nobody's (docs/finance.md).
      revenuePerClientPence: 4_000,
    });
    expect(await monthSummary(other, period('in May'))).toMatchObject({ revenuePence: 99_900, expensesPence: 0 });
  });

  it('compares two periods with the difference, the percent change and the lines that moved', async () => {
    const c = await comparePeriods(ctx, 'revenue', period('in May'), period('in April'));
    expect(c).toMatchObject({ currentPence: 7_000, previousPence: 4_000, differencePence: 3_000, percentChange: 75 });
    expect(c.movers).toEqual([
      // The sales name nothing they paid for: their processor's honest line (docs/finance.md, "What was sold").
      {
        line: 'Stripe card sales without item detail',
        group: 'sales',
        changePence: 4_000,
        currentPence: 8_000,
        previousPence: 4_000,
      },
      { line: 'Refunds', group: 'sales', changePence: -1_000, currentPence: -1_000, previousPence: 0 },
    ]);
  });

  it('breaks sales down by service and processor, and expenses by category and payee', async () => {
    expect(await salesByService(ctx, period('in May'))).toEqual([
      { name: 'Stripe card sales without item detail', pence: 8_000, transactions: 2 },
      { name: 'Refunds', pence: -1_000, transactions: 1 },
    ]);
    expect(await cardFigures(ctx, period('in May'))).toMatchObject({
      payments: 2,
      salesGrossPence: 8_000,
      refunds: 1,
      refundsGrossPence: 1_000,
      feesPence: 120,
      landedPence: 6_880,
      processors: [{ provider: 'stripe', sales: 2, feesPence: 120, effectiveFeePercent: 1.5 }],
    });
    expect(await refundList(ctx, period('in May'))).toMatchObject({
      refunds: [{ day: '2026-05-06', pence: 1_000, provider: 'stripe' }],
    });
    // 3 and 4 May 2026 are a Sunday and a Monday; the refund on Wednesday 6 May.
    const days = (await byWeekday(ctx, period('in May'))).weekdays;
    expect(days[6]).toMatchObject({ revenuePence: 5_000, payments: 1 });
    expect(days[0]).toMatchObject({ revenuePence: 3_000, payments: 1 });
    expect(days[2]).toMatchObject({ revenuePence: -1_000, payments: 0 });
    expect(await expenseLine(ctx, 'Rent', period('in May'))).toMatchObject({ pence: 50_000, totalPence: 80_120 });
    expect((await topCounterparties(ctx, period('in May')))[0]).toMatchObject({
      counterparty: 'LANDLORD',
      pence: 50_000,
    });
  });

  it('counts clients, and gives retention as the ledger measures it, beside the goal and the national figure', async () => {
    // cus_1 came first in April, cus_2 is new in May.
    expect(await clients(ctx, period('in May'))).toMatchObject({
      clients: 2,
      newClients: 1,
      // The tile's figure: £80 of known payers' sales over 2 clients; a refund is nobody's (docs/finance.md).
      revenuePerClientPence: 4_000,
    });
    const measured = await measureRetention(ctx.db, ctx.userId, ctx.today);
    expect(await retention(ctx)).toEqual({
      newClient: measured.new_client.at(-1) ?? null,
      asked: null,
      overall: measured.overall.at(-1) ?? null,
      goalPercent: (await goalsInEffect(ctx.db, ctx.userId, TODAY)).financial_goals.retention_rate,
      goalSaved: false,
      nationalPercent: 30,
      nationalOverallPercent: 58,
    });
  });

  it('projects the month from the pace so far and measures it against the goals in effect, saying when they are suggested', async () => {
    expect(await projection(ctx)).toMatchObject({
      revenueSoFarPence: 6_000,
      daysSoFar: 20,
      projectedRevenuePence: 9_000,
    });
    // No goals saved: the target in effect is suggested from the books (docs/finance.md, "Goals the owner chose, and
    // suggested ones"): May is the one whole month before June after the month the books begin in (April), £70.00 of
    // takings, to the nearest £100: £100.00.
    const suggested = await goalsInEffect(ctx.db, ctx.userId, TODAY);
    expect(suggested).toMatchObject({
      saved: false,
      suggested_from: ['2026-05'],
      financial_goals: { revenue_target: 100 },
    });
    expect(await goalProgress(ctx)).toMatchObject({
      revenueTargetPence: suggested.financial_goals.revenue_target * 100,
      goalsSaved: false,
      suggestedFrom: ['2026-05'],
      shortfallPence: 4_000,
      daysLeftAfterToday: 10,
    });
    const unsaved = (await answerQuestion(ctx, 'am i on track for my target?')).text;
    expect(unsaved).toContain('£100.00');
    expect(unsaved).toContain("haven't set a revenue target");
    expect(unsaved).toContain('May 2026');
    expect(unsaved).toMatch(/suggest/);
    // A suggestion gets no verdict: neither on track nor behind.
    expect(unsaved).not.toMatch(/on track|behind/);

    // Once the owner saves goals, they are the owner's, with a verdict.
    const owner = await signUpAndConfirm(server);
    const { db } = server.ctx.database;
    await markConnected(db, owner.id, 'stripe');
    await importTransactions(db, owner.id, [card('payment', 'g_1', '2026-06-02', 6_000, 'cus_g')], TEST_IMPORT);
    await saveFinancialGoals(db, owner.id, { margin_goal: 10, revenue_target: 6_000, retention_rate: 20 });
    const own: ToolContext = { db, userId: owner.id, today: TODAY };
    expect(await goalProgress(own)).toMatchObject({
      revenueTargetPence: 600_000,
      goalsSaved: true,
      suggestedFrom: [],
      onTrack: false,
      shortfallPence: 594_000,
    });
    const saved = (await answerQuestion(own, 'am i on track for my target?')).text;
    expect(saved).toContain('Your revenue target is £6,000.00 a month');
    expect(saved).toContain('behind');
    expect(saved).not.toMatch(/suggest/);
  });

  it('gives the VAT threshold position (takings and room rent) and the VAT paid this year', async () => {
    expect(await vatPosition(ctx)).toMatchObject({
      scheme: 'not_registered',
      turnoverPence: 4_000 + 7_000 + 20_000,
      thresholdPence: 9_000_000,
      overThreshold: false,
      paidThisYear: { pence: 30_000 },
      registered: false,
      owedPence: 0,
    });
  });

  it("gives each whole month's figures, matching transactions, and no cash without a bank balance read", async () => {
    expect(await monthlyFigures(ctx, ['2026-04', '2026-05'])).toMatchObject([
      { month: '2026-04', revenuePence: 4_000, expensesPence: 0 },
      { month: '2026-05', revenuePence: 7_000, expensesPence: 80_120, netIncomePence: -53_120 },
    ]);
    expect(await matchingTransactions(ctx, 'landlord', period('this year'))).toMatchObject({
      count: 1,
      totalPence: -50_000,
    });
    expect(await matchingTransactions(other, 'landlord', period('this year'))).toMatchObject({ count: 0 });
    // The bank's own lines in May: rent and VAT out, chair rent in.
    expect(await bankMovement(ctx, period('in May'))).toMatchObject({
      inPence: 20_000,
      outPence: 80_000,
      netPence: -60_000,
    });
    expect(await cash(ctx)).toBeNull();
  });

  it('gives a registered business the VAT due so far this quarter, from the VAT view (standard scheme)', async () => {
    // Registered from 1 January 2026, quarters ending March/June/…: the quarter holding 20 June is April to June.
    // Output VAT: a sixth of £12.00 (April) and of £60.00 (June) = £2.00 + £10.00; input VAT: a sixth of £24.00 of
    // stock (May) = £4.00. VAT due so far: £8.00.
    const registered = await signUpAndConfirm(server);
    const { db } = server.ctx.database;
    await markConnected(db, registered.id, 'stripe');
    await markConnected(db, registered.id, 'bank');
    await writeVatSettings(db, registered.id, {
      scheme: 'standard',
      registered_from: '2026-01-01',
      stagger: 'mar_jun_sep_dec',
    });
    await importTransactions(
      db,
      registered.id,
      [
        card('payment', 'v_1', '2026-04-10', 1_200, 'cus_1'),
        card('payment', 'v_2', '2026-06-10', 6_000, 'cus_2'),
        bank('v_b1', '2026-05-12', -2_400, 'SALON SERVICES LTD', 'SALON SERVICES'),
      ],
      TEST_IMPORT,
    );
    const own: ToolContext = { db, userId: registered.id, today: TODAY };
    expect(await vatPosition(own)).toMatchObject({
      scheme: 'standard',
      registered: true,
      open: {
        from: '2026-04-01',
        to: TODAY,
        end: '2026-06-30',
        outputPence: 1_200,
        inputPence: 400,
        duePence: 800,
        dueDate: '2026-08-07',
      },
      owedPence: 800,
    });
    const answer = (await answerQuestion(own, 'How much VAT will I owe?')).text;
    expect(answer).toContain('£8.00');
    expect(answer).toContain('7 August 2026');
  });
});
