import {
  addDays,
  addMonths,
  type ComparedPeriod,
  firstDayOf,
  lastDayOf,
  likeForLikePeriods,
  londonTimeOf,
  monthOf,
  NATIONAL_NEW_CLIENT_RETENTION_PERCENT,
  poundsToPence,
  VAT_REPORT_LABELS,
  VAT_THRESHOLD_PENCE,
  type VatSettings,
  vatDueDate,
  vatQuarterOf,
} from '@brade/contract';
import type { Db } from '../db/client.js';
import { cashInTheBank } from '../integrations/cash-in-the-bank.js';
import { expensesByCounterparty, transactionsMatching } from '../ledger/breakdowns.js';
import { clientFigures } from '../ledger/client-figures.js';
import {
  groupedLines,
  marginPercent,
  netIncomePence,
  type PeriodTotals,
  percentChange,
  revenuePerClientPence,
  totalsForRanges,
} from '../ledger/figures.js';
import { goalProgress as dashboardGoalProgress } from '../ledger/goal-progress.js';
import { goalsInEffect as readGoalsInEffect } from '../ledger/goals-in-effect.js';
import {
  bankFlow,
  firstBookDay,
  grossTakings,
  newClientsIn,
  processorFigures,
  refundsIn,
  topClients,
  voucherFigures,
  weekdayFigures,
} from '../ledger/insights.js';
import { clientVisits, retention as measureRetention } from '../ledger/retention.js';
import { salesByCategory, salesLineRank } from '../ledger/sales-lines.js';
import { teamBreakdown } from '../ledger/team-breakdown.js';
import { vatFigures, vatPayments } from '../ledger/vat-figures.js';
import { buildVatRows } from '../reports/vat-report.js';
import { readVatSettings } from '../settings/vat-settings.js';
import { monthName, monthsPeriod, type Period } from './periods.js';

/**
 * BradeBot's tools (docs/assistant.md, "The tools"): read-only, scoped to one owner, each returning structured
 * figures in pence from the same functions as the screens (the tiles' totalsForRanges and revenuePerClientPence, the
 * reports' groupedLines, the goals card's goalProgress, the VAT view's buildVatRows, retention, cash in the bank), so
 * a figure BradeBot states is the figure a screen shows. The built-in analyst and the language model call the same ones.
 */
export interface ToolContext {
  db: Db;
  userId: string;
  /** Today as a Europe/London day: ends every period. */
  today: string;
  /** The moment asked: a month so far compares with the previous month up to the same time of day, as the tiles do. */
  now?: Date;
  /** One question's answers so far, so that a figure asked twice while answering is read once. */
  memo?: Map<string, Promise<unknown>>;
}

/** Reads a figure once per question (the context's memo), else every time. */
function once<T>(ctx: ToolContext, key: string, load: () => Promise<T>): Promise<T> {
  if (!ctx.memo) return load();
  if (!ctx.memo.has(key)) ctx.memo.set(key, load());
  return ctx.memo.get(key) as Promise<T>;
}

/** About the owner's books: where they begin, and the VAT settings (registration, quarters). */
export interface BooksContext {
  booksFrom: string | null;
  vat: VatSettings;
}

export async function booksContext(ctx: ToolContext): Promise<BooksContext> {
  const [first, vat] = await Promise.all([firstBookDay(ctx.db, ctx.userId), readVatSettings(ctx.db, ctx.userId)]);
  // The books begin with the month of their first transaction: imports read whole months.
  return { booksFrom: first ? firstDayOf(monthOf(first)) : null, vat };
}

export interface MonthSummary {
  period: Period;
  revenuePence: number;
  otherIncomePence: number;
  /** Revenue + other income. */
  incomePence: number;
  expensesPence: number;
  /** Revenue + other income - expenses (docs/finance.md). */
  netIncomePence: number;
  /** Net income / revenue, one decimal, as the reports and goals compute it; null without revenue. */
  marginPercent: number | null;
  clients: number;
  /** The dashboard tile's revenue per client: sales for services ÷ clients who had a service; null without clients. */
  revenuePerClientPence: number | null;
}

function summaryOf(period: Period, t: PeriodTotals): MonthSummary {
  return {
    period,
    revenuePence: t.revenuePence,
    otherIncomePence: t.otherIncomePence,
    incomePence: t.revenuePence + t.otherIncomePence,
    expensesPence: t.expensesPence,
    netIncomePence: netIncomePence(t),
    marginPercent: marginPercent(t),
    clients: t.clients,
    revenuePerClientPence: t.clients === 0 ? null : revenuePerClientPence(t),
  };
}

/** Sales, other income, expenses, net income, margin and clients of one or more periods. */
export async function summaries(ctx: ToolContext, periods: Period[], withClients = true): Promise<MonthSummary[]> {
  const totals = await totalsForRanges(ctx.db, ctx.userId, periods.map(rangeOf), withClients);
  return periods.map((p, i) => summaryOf(p, totals[i]!));
}

/**
 * One period's summary, read once per question. Money alone (`clients: false`) skips counting the period's clients,
 * which over a long period is most of the work.
 */
export async function monthSummary(
  ctx: ToolContext,
  period: Period,
  options: { clients?: boolean } = {},
): Promise<MonthSummary> {
  const key = `summary:${period.from}:${period.to}:${period.until ?? ''}`;
  if (options.clients === false && ctx.memo?.has(key)) return monthSummary(ctx, period);
  return once(ctx, options.clients === false ? `${key}:money` : key, async () => ({
    ...(await summaries(ctx, [period], options.clients !== false))[0]!,
    period,
  }));
}

const rangeOf = (p: Period): ComparedPeriod => ({ from: p.from, to: p.to, ...(p.until ? { until: p.until } : {}) });

/**
 * The current month so far and the same part of the previous month, like for like (the tiles' rule,
 * docs/finance.md "Comparisons": up to the same time of day; the whole previous month on a month's last day).
 */
export function likeForLike(ctx: ToolContext): { current: Period; previous: Period } {
  const time = ctx.now ? londonTimeOf(ctx.now) : undefined;
  const { current, previous } = likeForLikePeriods(ctx.today, time);
  const month = monthOf(ctx.today);
  const prevMonth = addMonths(month, -1);
  const cur = monthsPeriod(month, month, ctx.today, 'month');
  const wholePrevious = previous.to === lastDayOf(prevMonth) && !previous.until;
  const prev = wholePrevious
    ? monthsPeriod(prevMonth, prevMonth, ctx.today, 'month')
    : {
        ...monthsPeriod(prevMonth, prevMonth, ctx.today, 'month'),
        to: previous.to,
        soFar: false,
        label: `the same days of ${monthName(prevMonth)} (${Number(previous.from.slice(8))}–${Number(previous.to.slice(8))} ${monthName(prevMonth)}${previous.until ? `, to ${previous.until}` : ''})`,
        ...(previous.until ? { until: previous.until } : {}),
      };
  return { current: { ...cur, from: current.from, to: current.to }, previous: prev };
}

export type CompareMeasure = 'revenue' | 'expenses' | 'netIncome' | 'otherIncome';
const pick = (s: MonthSummary, m: CompareMeasure) =>
  m === 'revenue'
    ? s.revenuePence
    : m === 'expenses'
      ? s.expensesPence
      : m === 'otherIncome'
        ? s.otherIncomePence
        : s.netIncomePence;

export interface Comparison {
  measure: CompareMeasure;
  current: MonthSummary;
  previous: MonthSummary;
  currentPence: number;
  previousPence: number;
  /** current - previous. */
  differencePence: number;
  /** One decimal; null when the earlier period is 0. */
  percentChange: number | null;
  /** The lines that moved most between the periods (sales or expense categories), for "why". */
  movers: Array<{
    line: string;
    group: 'sales' | 'expenses';
    changePence: number;
    currentPence: number;
    previousPence: number;
  }>;
}

/** Two periods side by side, the difference and the lines that explain most of it. */
export async function comparePeriods(
  ctx: ToolContext,
  measure: CompareMeasure,
  current: Period,
  previous: Period,
): Promise<Comparison> {
  const [a, b] = (await summaries(ctx, [current, previous])) as [MonthSummary, MonthSummary];
  const groups: Array<'sales' | 'expenses'> =
    measure === 'revenue' ? ['sales'] : measure === 'expenses' ? ['expenses'] : ['sales', 'expenses'];
  const movers: Comparison['movers'] = [];
  for (const group of groups) {
    const [now, then] = await Promise.all([
      groupedLines(ctx.db, ctx.userId, group, current),
      groupedLines(ctx.db, ctx.userId, group, previous),
    ]);
    const lines = new Map<string, { currentPence: number; previousPence: number }>();
    for (const l of now) lines.set(l.description, { currentPence: poundsToPence(l.amount), previousPence: 0 });
    for (const l of then) {
      const line = lines.get(l.description) ?? { currentPence: 0, previousPence: 0 };
      lines.set(l.description, { ...line, previousPence: poundsToPence(l.amount) });
    }
    for (const [line, v] of lines) {
      const changePence = v.currentPence - v.previousPence;
      if (changePence !== 0) movers.push({ line, group, changePence, ...v });
    }
  }
  movers.sort((x, y) => Math.abs(y.changePence) - Math.abs(x.changePence));
  const [x, y] = [pick(a, measure), pick(b, measure)];
  return {
    measure,
    current: a,
    previous: b,
    currentPence: x,
    previousPence: y,
    differencePence: x - y,
    percentChange: percentChange(x, y),
    movers: movers.slice(0, 3),
  };
}

export interface Line {
  name: string;
  pence: number;
  transactions: number;
}

const linesOf = (lines: Awaited<ReturnType<typeof groupedLines>>): Line[] =>
  lines.map((l) => ({
    name: l.description,
    pence: poundsToPence(l.amount),
    transactions: Number(l.subtext.replace(/\D/g, '')),
  }));

/** Sales by line (the sales report's lines) over a period, largest first. */
export async function salesByService(ctx: ToolContext, period: Period): Promise<Line[]> {
  return linesOf(await groupedLines(ctx.db, ctx.userId, 'sales', period));
}

/** Expense categories (the expense report's lines) over a period, largest first. */
export async function expenseCategories(ctx: ToolContext, period: Period): Promise<Line[]> {
  return once(ctx, `expenses:${period.from}:${period.to}`, async () =>
    linesOf(await groupedLines(ctx.db, ctx.userId, 'expenses', period)),
  );
}

/** Other income by category (the income statement's other-income lines). */
export async function otherIncomeLines(ctx: ToolContext, period: Period): Promise<Line[]> {
  return linesOf(await groupedLines(ctx.db, ctx.userId, 'otherIncome', period));
}

/** The owner's money note (drawings, savings, capital), signed as the business sees it (money in +, out -). */
export async function ownerMoney(ctx: ToolContext, period: Period): Promise<Line[]> {
  return linesOf(await groupedLines(ctx.db, ctx.userId, 'ownerMoney', period));
}

/** Staff costs: the three lines side by side (docs/finance.md). */
export const STAFF_LINES = ['Wages', 'PAYE and National Insurance', 'Pension contributions'] as const;

/** One expense category over a period (0 when the period has none), with the period's expenses. */
export async function expenseLine(ctx: ToolContext, category: string, period: Period) {
  const lines = await expenseCategories(ctx, period);
  const line = lines.find((l) => l.name === category);
  const totalPence = lines.reduce((sum, l) => sum + l.pence, 0);
  return { category, period, pence: line?.pence ?? 0, transactions: line?.transactions ?? 0, totalPence };
}

/** Card payments, refunds and fees by processor, with what actually landed from cards (sales − refunds − fees). */
export async function cardFigures(ctx: ToolContext, period: Period) {
  const rows = await once(ctx, `cards:${period.from}:${period.to}`, () => processorFigures(ctx.db, ctx.userId, period));
  const cards = rows.filter((r) => r.provider !== 'bank');
  const sum = (f: (r: (typeof rows)[number]) => number) => cards.reduce((s, r) => s + f(r), 0);
  return {
    period,
    processors: cards.map((r) => ({
      ...r,
      effectiveFeePercent: r.salesGrossPence === 0 ? null : Math.round((r.feesPence / r.salesGrossPence) * 1000) / 10,
    })),
    payoutSalesPence: rows.find((r) => r.provider === 'bank')?.salesNetPence ?? 0,
    payments: sum((r) => r.sales),
    salesGrossPence: sum((r) => r.salesGrossPence),
    refunds: sum((r) => r.refunds),
    refundsGrossPence: sum((r) => r.refundsGrossPence),
    refundsNetPence: sum((r) => r.refundsNetPence),
    feesPence: sum((r) => r.feesPence),
    landedPence: sum((r) => r.salesGrossPence - r.refundsGrossPence - r.feesPence),
  };
}

/** Sales and refunds as clients paid them (VAT included). */
export async function takingsIncludingVat(ctx: ToolContext, period: Period) {
  return { period, ...(await grossTakings(ctx.db, ctx.userId, period)) };
}

export async function refundList(ctx: ToolContext, period: Period) {
  return { period, refunds: await refundsIn(ctx.db, ctx.userId, period) };
}

export async function byWeekday(ctx: ToolContext, period: Period) {
  return { period, weekdays: await weekdayFigures(ctx.db, ctx.userId, period) };
}

export async function giftVouchers(ctx: ToolContext, period: Period) {
  return { period, ...(await voucherFigures(ctx.db, ctx.userId, period)) };
}

/** Revenue, expenses and net income of each whole month of a period (the reports' monthly sums). */
export async function monthlyFigures(ctx: ToolContext, months: string[]) {
  const periods = months.map((m) => monthsPeriod(m, m, ctx.today, 'month'));
  const rows = await summaries(ctx, periods, false);
  return rows.map((s, i) => ({
    month: months[i]!,
    label: monthName(months[i]!),
    revenuePence: s.revenuePence,
    expensesPence: s.expensesPence,
    netIncomePence: s.netIncomePence,
    incomePence: s.incomePence,
  }));
}

/** Clients of a period (the tile's count), and new clients: those whose first known visit falls in it. */
export async function clients(ctx: ToolContext, period: Period) {
  const [s, newClients] = await Promise.all([monthSummary(ctx, period), newClientsIn(ctx.db, ctx.userId, period)]);
  return {
    period,
    clients: s.clients,
    newClients,
    revenuePence: s.revenuePence,
    revenuePerClientPence: s.revenuePerClientPence,
  };
}

/** Clients seen before but not in the last `days` days, and how often regulars come (days between visits). */
export async function clientHabits(ctx: ToolContext, days = 90) {
  const visits = await clientVisits(ctx.db, ctx.userId);
  const byClient = new Map<string, string[]>();
  for (const v of visits) byClient.set(v.client, [...(byClient.get(v.client) ?? []), v.day]);
  const since = addDays(ctx.today, 1 - days);
  const yearAgo = addDays(ctx.today, -364);
  let lapsed = 0;
  const gaps: number[] = [];
  for (const list of byClient.values()) {
    list.sort();
    if (list.at(-1)! < since) lapsed += 1;
    const recent = list.filter((d) => d >= yearAgo);
    for (let i = 1; i < recent.length; i++) {
      gaps.push((Date.parse(`${recent[i]}T00:00:00Z`) - Date.parse(`${recent[i - 1]}T00:00:00Z`)) / 86_400_000);
    }
  }
  gaps.sort((a, b) => a - b);
  const regulars = [...byClient.values()].filter((l) => l.filter((d) => d >= yearAgo).length >= 2).length;
  return {
    clients: byClient.size,
    lapsed,
    lapsedSince: since,
    regulars,
    frequencyFrom: yearAgo,
    averageDaysBetweenVisits:
      gaps.length === 0 ? null : Math.round((gaps.reduce((a, b) => a + b, 0) / gaps.length) * 10) / 10,
    medianDaysBetweenVisits: gaps.length === 0 ? null : gaps[Math.floor(gaps.length / 2)]!,
  };
}

export async function bestClients(ctx: ToolContext, period: Period, n: number) {
  return { period, clients: await topClients(ctx.db, ctx.userId, period, n) };
}

/** The industry's overall 90-day retention (Phorest's salon benchmark; docs/finance.md, "Retention"). */
export const NATIONAL_OVERALL_RETENTION_PERCENT = 58;

/**
 * Client retention as the ledger measures it (docs/finance.md, "Retention"): new-client retention of the latest
 * measured month (or of `month` when it is measured) and overall retention at the latest measured month end, with the
 * owner's goal and the national figures.
 */
export async function retention(ctx: ToolContext, month?: string) {
  const [measured, goals] = await Promise.all([measureRetention(ctx.db, ctx.userId, ctx.today), goalsInEffect(ctx)]);
  return {
    newClient: (month && measured.new_client.find((m) => m.month === month)) || (measured.new_client.at(-1) ?? null),
    asked: month ? (measured.new_client.find((m) => m.month === month) ?? null) : null,
    overall: measured.overall.at(-1) ?? null,
    goalPercent: goals.financial_goals.retention_rate,
    /** False while the goal is Brade's suggestion, not one the owner saved (docs/finance.md). */
    goalSaved: goals.saved,
    nationalPercent: NATIONAL_NEW_CLIENT_RETENTION_PERCENT,
    nationalOverallPercent: NATIONAL_OVERALL_RETENTION_PERCENT,
  };
}

/**
 * The goals in effect, as the goals card and Settings read them (docs/finance.md, "Goals the owner chose, and
 * suggested ones"): the owner's once saved, else suggested from the books; `saved` says which.
 */
export function goalsInEffect(ctx: ToolContext) {
  return once(ctx, 'goals', () => readGoalsInEffect(ctx.db, ctx.userId, ctx.today));
}

/**
 * The dashboard's goals card: this month so far against the margin goal and revenue target, and last month's margin;
 * whether the goals are the owner's or suggested, and the months a suggested target averages.
 */
export async function goalProgress(ctx: ToolContext) {
  const [progress, inEffect] = await Promise.all([
    once(ctx, 'goal-progress', () => dashboardGoalProgress(ctx.db, ctx.userId, ctx.today)),
    goalsInEffect(ctx),
  ]);
  const goals = inEffect.financial_goals;
  const month = monthOf(ctx.today);
  const day = Number(ctx.today.slice(8, 10));
  const days = Number(lastDayOf(month).slice(8, 10));
  const toDatePence = poundsToPence(progress.sales.to_date);
  const targetPence = poundsToPence(progress.sales.target);
  return {
    month,
    daysSoFar: day,
    daysInMonth: days,
    daysLeftAfterToday: days - day,
    revenueSoFarPence: toDatePence,
    revenueTargetPence: targetPence,
    /** On track: the month so far is at least the target's share of the days gone (the projection reaches it). */
    onTrack: toDatePence * days >= targetPence * day,
    projectedRevenuePence: Math.round((toDatePence / day) * days),
    shortfallPence: poundsToPence(progress.sales.shortfall),
    remainingOpenDays: progress.sales.remaining_open_days,
    neededPerOpenDayPence:
      progress.sales.needed_per_open_day === null ? null : poundsToPence(progress.sales.needed_per_open_day),
    marginGoalPercent: goals.margin_goal,
    marginSoFarPercent: progress.margin.percent,
    lastMonth: progress.margin.last_month,
    retentionGoalPercent: goals.retention_rate,
    /** False while the goals are suggested from the books, not the owner's choice: no verdict is given on them. */
    goalsSaved: inEffect.saved,
    /** The whole months a suggested revenue target averages (empty when saved, or the spec's default stands). */
    suggestedFrom: inEffect.suggested_from,
  };
}

/** The current month so far, the pace per day and the month-end projection at that pace. */
export async function projection(ctx: ToolContext) {
  const g = await goalProgress(ctx);
  return {
    period: monthsPeriod(g.month, g.month, ctx.today, 'month'),
    daysSoFar: g.daysSoFar,
    daysInMonth: g.daysInMonth,
    revenueSoFarPence: g.revenueSoFarPence,
    projectedRevenuePence: g.projectedRevenuePence,
  };
}

export interface VatQuarterFigures {
  from: string;
  to: string;
  /** The quarter's last day (it may be after today while it is open). */
  end: string;
  open: boolean;
  outputPence: number | null;
  inputPence: number | null;
  duePence: number | null;
  paidPence: number;
  paidOn: string[];
  dueDate: string;
}

/** One VAT quarter as the VAT view shows it (docs/finance.md, "The VAT view"). */
export async function vatQuarter(ctx: ToolContext, settings: VatSettings, month: string): Promise<VatQuarterFigures> {
  const q = vatQuarterOf(month, settings.stagger);
  const view = await buildVatRows(ctx.db, ctx.userId, settings, month, ctx.today);
  const amountOf = (label: string) => {
    const row = view.rows.find((r) => r.description === label);
    return row?.amount == null ? null : poundsToPence(row.amount);
  };
  const paidRow = view.rows.find((r) => r.description === VAT_REPORT_LABELS.paid);
  const paidOn = /^Paid (.*)$/.exec(paidRow?.subtext ?? '')?.[1]?.split(', ') ?? [];
  return {
    from: q.from,
    to: view.period.to,
    end: q.to,
    open: q.to >= ctx.today,
    outputPence: amountOf(VAT_REPORT_LABELS.output),
    inputPence: amountOf(VAT_REPORT_LABELS.input),
    duePence: amountOf(VAT_REPORT_LABELS.due),
    paidPence: amountOf(VAT_REPORT_LABELS.paid) ?? 0,
    paidOn,
    dueDate: vatDueDate(q.to),
  };
}

/**
 * The VAT position (docs/finance.md, "VAT"): registration, taxable turnover over the 12 complete months before this one
 * against the threshold, the open quarter so far, the last completed quarter and whether it is paid, and what is still
 * owed (completed quarters not paid, and the open quarter's VAT so far, due after it ends).
 */
export function vatPosition(ctx: ToolContext) {
  return once(ctx, 'vat-position', () => readVatPosition(ctx));
}

async function readVatPosition(ctx: ToolContext) {
  const current = monthOf(ctx.today);
  const twelve = monthsPeriod(
    addMonths(current, -12),
    addMonths(current, -1),
    ctx.today,
    'months',
    'the last 12 whole months',
  );
  const settings = await readVatSettings(ctx.db, ctx.userId);
  const registered = settings.scheme !== 'not_registered';
  const [turnover, payments] = await Promise.all([
    vatFigures(ctx.db, ctx.userId, twelve),
    vatPayments(ctx.db, ctx.userId, { from: firstDayOf(`${current.slice(0, 4)}-01`), to: ctx.today }),
  ]);
  const base = {
    scheme: settings.scheme,
    registeredFrom: settings.registered_from,
    stagger: settings.stagger,
    turnoverPeriod: twelve,
    turnoverPence: turnover.taxableTurnoverPence,
    thresholdPence: VAT_THRESHOLD_PENCE,
    overThreshold: turnover.taxableTurnoverPence > VAT_THRESHOLD_PENCE,
    paidThisYear: {
      from: `${current.slice(0, 4)}-01-01`,
      to: ctx.today,
      pence: payments.reduce((s, p) => s + p.pence, 0),
    },
  };
  if (!registered) return { ...base, registered: false as const, open: null, last: null, unpaid: [], owedPence: 0 };
  const lastMonth = addMonths(monthOf(vatQuarterOf(current, settings.stagger).from), -1);
  const [open, last] = await Promise.all([vatQuarter(ctx, settings, current), vatQuarter(ctx, settings, lastMonth)]);
  const unpaid: VatQuarterFigures[] = [];
  // Completed quarters not yet paid: the last one, and the one before when that is unpaid too.
  for (let q = last, i = 0; i < 2 && q.from >= (settings.registered_from ?? q.from); i++) {
    if (q.paidPence === 0 && (q.duePence ?? 0) !== 0) unpaid.push(q);
    else break;
    q = await vatQuarter(ctx, settings, addMonths(monthOf(q.from), -1));
  }
  const owedPence = unpaid.reduce((s, q) => s + (q.duePence ?? 0), 0) + (open.duePence ?? 0);
  return { ...base, registered: true as const, open, last, unpaid, owedPence };
}

/** Output and input VAT of any period (the rows' own VAT), for "VAT charged" and "VAT I can claim back". */
export async function vatOfPeriod(ctx: ToolContext, period: Period) {
  const f = await vatFigures(ctx.db, ctx.userId, period);
  return { period, outputPence: f.outputPence, inputPence: f.inputPence, duePence: f.outputPence - f.inputPence };
}

/** Payments to HMRC for VAT over a period (a repayment negative). */
export async function vatPaid(ctx: ToolContext, period: Period) {
  const payments = await vatPayments(ctx.db, ctx.userId, period);
  return { period, payments, pence: payments.reduce((s, p) => s + p.pence, 0) };
}

/** Flat-rate turnover (VAT-inclusive takings and room rent) and goods bought of a period, for the Flat Rate Scheme. */
export async function flatRateInputs(ctx: ToolContext, period: Period) {
  const [f, lines] = await Promise.all([vatFigures(ctx.db, ctx.userId, period), expenseCategories(ctx, period)]);
  const stock = lines.find((l) => l.name === 'Stock & supplies')?.pence ?? 0;
  return {
    period,
    turnoverPence: f.taxableTurnoverPence,
    outputPence: f.outputPence,
    inputPence: f.inputPence,
    goodsNetPence: stock,
  };
}

/** Transactions whose counterparty, description or category contains a word, over a period. */
export async function matchingTransactions(ctx: ToolContext, text: string, period: Period) {
  return { period, text, ...(await transactionsMatching(ctx.db, ctx.userId, text, period)) };
}

/** The suppliers paid most over a period: expenses by payee, staff (wages, PAYE, pensions) and VAT left out. */
export async function topCounterparties(ctx: ToolContext, period: Period, limit = 5) {
  return expensesByCounterparty(ctx.db, ctx.userId, period, limit, [
    ...STAFF_LINES,
    'VAT paid to HMRC',
    'Card processing fees',
  ]);
}

/** Cash in the bank from the last balances read (null without a linked bank). */
export async function cash(ctx: ToolContext) {
  const c = await cashInTheBank(ctx.db, ctx.userId);
  return c
    ? {
        bookedPence: c.bookedPence,
        availablePence: c.availablePence,
        balanceDate: c.balanceDate,
        readAt: c.readAt.toISOString(),
      }
    : null;
}

/** Money into and out of the bank over a period: the change in the balance. */
export async function bankMovement(ctx: ToolContext, period: Period) {
  return { period, ...(await bankFlow(ctx.db, ctx.userId, period)) };
}

/** The VAT view of one month (the Reports screen's VAT tab), for report mode. */
export async function vatView(ctx: ToolContext, month: string) {
  const settings = await readVatSettings(ctx.db, ctx.userId);
  return { scheme: settings.scheme, ...(await buildVatRows(ctx.db, ctx.userId, settings, month, ctx.today)) };
}

/** Where a sales line sits: services, retail, gift vouchers, a processor's sales without item detail, payouts, refunds. */
export type SoldGroup = 'services' | 'retail' | 'vouchers' | 'noItems' | 'payouts' | 'refunds';
const GROUPS: SoldGroup[] = ['services', 'retail', 'vouchers', 'noItems', 'payouts', 'refunds'];

/**
 * What was sold over a period (docs/finance.md, "What was sold"): the sales report's categories and their items, net
 * of VAT, from the same function as the report, with the honest lines for sales no processor itemised.
 */
export async function soldLines(ctx: ToolContext, period: Period) {
  const lines = await once(ctx, `sold:${period.from}:${period.to}:${period.until ?? ''}`, () =>
    salesByCategory(ctx.db, ctx.userId, rangeOf(period)),
  );
  const out = lines.map((l) => ({
    key: l.key as string,
    name: l.name,
    group: GROUPS[salesLineRank(l.key)] ?? 'services',
    pence: l.pence,
    transactions: l.transactions,
    items: l.items.map((i) => ({ name: i.name, pence: i.pence, sold: i.parts })),
  }));
  const sum = (g: SoldGroup[]) => out.filter((l) => g.includes(l.group)).reduce((s, l) => s + l.pence, 0);
  return {
    period,
    lines: out,
    /** Sales (refunds not taken off), net of VAT. */
    salesPence: sum(['services', 'retail', 'vouchers', 'noItems', 'payouts']),
    itemisedPence: sum(['services', 'retail', 'vouchers']),
    noItemsPence: sum(['noItems', 'payouts']),
    refundsPence: -sum(['refunds']),
  };
}

/**
 * Sales by team member over a period (docs/finance.md, "Who sold it"), in pence: who took each payment where a
 * processor says (Square's till), and the sales no processor attributed.
 */
export async function teamSales(ctx: ToolContext, period: Period) {
  const t = await once(ctx, `team:${period.from}:${period.to}:${period.until ?? ''}`, () =>
    teamBreakdown(ctx.db, ctx.userId, rangeOf(period)),
  );
  return {
    period,
    team: t.team.map((m) => ({
      name: m.name,
      provider: m.provider,
      salesPence: poundsToPence(m.sales),
      payments: m.payments,
      services: m.services,
      clients: m.clients,
      averageTicketPence: m.average_ticket === null ? null : poundsToPence(m.average_ticket),
    })),
    notAttributedPence: poundsToPence(t.not_attributed.sales),
    notAttributedPayments: t.not_attributed.payments,
    note: t.note,
  };
}

/**
 * Clients and revenue per client of a period with the share of takings they are measured on (docs/finance.md,
 * "Clients"): the one source the dashboard's tile reads.
 */
export async function clientCoverage(ctx: ToolContext, period: Period) {
  const [f] = await once(ctx, `client-figures:${period.from}:${period.to}:${period.until ?? ''}`, () =>
    clientFigures(ctx.db, ctx.userId, [rangeOf(period)]),
  );
  return {
    period,
    clients: f!.clients,
    knownSalesPence: f!.knownSalesPence,
    serviceSalesPence: f!.serviceSalesPence,
    revenuePerClientPence: f!.revenuePerClientPence,
    knownPayerPercent: f!.knownPayerPercent,
  };
}
