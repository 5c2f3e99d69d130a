import {
  addMonths,
  daysInMonth,
  monthOf,
  poundsToPence,
  VAT_REPORT_LABELS,
  VAT_THRESHOLD_PENCE,
} from '@brade/contract';
import type { Db } from '../db/client.js';
import { cashInTheBank } from '../integrations/cash-in-the-bank.js';
import { expensesByCounterparty, salesByProcessor, transactionsMatching } from '../ledger/breakdowns.js';
import { clientFigures } from '../ledger/client-figures.js';
import {
  groupedLines,
  monthlySeries,
  type PeriodTotals,
  percentChange,
  revenuePerClientPence,
  totalsForRanges,
} from '../ledger/figures.js';
import { retention as measureRetention } from '../ledger/retention.js';
import { vatFigures, vatPayments } from '../ledger/vat-figures.js';
import { buildVatRows } from '../reports/vat-report.js';
import { readFinancialGoals } from '../settings/financial-goals.js';
import { readVatSettings } from '../settings/vat-settings.js';
import { monthName, monthsPeriod, type Period } from './periods.js';

/**
 * BradeBot's tools (docs/assistant.md, "The tools"): read-only, scoped to one owner, each returning structured
 * figures in pence from the same functions as the dashboard and the reports (ledger/figures.ts). The built-in analyst
 * and the language model call the same ones.
 */
export interface ToolContext {
  db: Db;
  userId: string;
  /** Today as a Europe/London day: ends every period. */
  today: string;
}

export interface MonthSummary {
  period: Period;
  revenuePence: number;
  otherIncomePence: number;
  expensesPence: number;
  /** Revenue + other income - expenses (docs/finance.md). */
  netIncomePence: number;
  /** Net income / revenue, one decimal; null without revenue. */
  marginPercent: number | null;
  clients: number;
  /** Revenue / distinct clients; null without clients. */
  revenuePerClientPence: number | null;
}

const oneDecimal = (x: number) => Math.round(x * 10) / 10;

function summaryOf(period: Period, t: PeriodTotals): MonthSummary {
  const net = t.revenuePence + t.otherIncomePence - t.expensesPence;
  return {
    period,
    revenuePence: t.revenuePence,
    otherIncomePence: t.otherIncomePence,
    expensesPence: t.expensesPence,
    netIncomePence: net,
    marginPercent: t.revenuePence === 0 ? null : oneDecimal((net / t.revenuePence) * 100),
    clients: t.clients,
    // The dashboard's own figure (docs/finance.md, "Clients"): known payers' sales over the clients they are.
    revenuePerClientPence: t.clients === 0 ? null : revenuePerClientPence(t),
  };
}

/** Sales, other income, expenses, net income, margin and clients of one or more periods. */
export async function summaries(ctx: ToolContext, periods: Period[]): Promise<MonthSummary[]> {
  const totals = await totalsForRanges(ctx.db, ctx.userId, periods);
  return periods.map((p, i) => summaryOf(p, totals[i]!));
}

export async function monthSummary(ctx: ToolContext, period: Period): Promise<MonthSummary> {
  return (await summaries(ctx, [period]))[0]!;
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
  movers: Array<{ line: string; group: 'sales' | 'expenses'; changePence: number }>;
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
    const change = new Map<string, number>();
    for (const l of now) change.set(l.description, poundsToPence(l.amount));
    for (const l of then) change.set(l.description, (change.get(l.description) ?? 0) - poundsToPence(l.amount));
    for (const [line, pence] of change) if (pence !== 0) movers.push({ line, group, changePence: pence });
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

/** Sales by service (the sales report's lines) over a period, largest first. */
export async function salesByService(ctx: ToolContext, period: Period): Promise<Line[]> {
  return linesOf(await groupedLines(ctx.db, ctx.userId, 'sales', period));
}

/** Expense categories (the expense report's lines) over a period, largest first. */
export async function expenseCategories(ctx: ToolContext, period: Period): Promise<Line[]> {
  return linesOf(await groupedLines(ctx.db, ctx.userId, 'expenses', period));
}

const linesOf = (lines: Awaited<ReturnType<typeof groupedLines>>): Line[] =>
  lines.map((l) => ({
    name: l.description,
    pence: poundsToPence(l.amount),
    transactions: Number(l.subtext.replace(/\D/g, '')),
  }));

export async function salesByCardProcessor(ctx: ToolContext, period: Period) {
  return salesByProcessor(ctx.db, ctx.userId, period);
}

export async function topCounterparties(ctx: ToolContext, period: Period) {
  return expensesByCounterparty(ctx.db, ctx.userId, period);
}

/** One expense category over a period (0 when the period has none). */
export async function expenseLine(ctx: ToolContext, category: string, period: Period) {
  const lines = await expenseCategories(ctx, period);
  const line = lines.find((l) => l.name === category);
  const totalPence = lines.reduce((sum, l) => sum + l.pence, 0);
  return { category, period, pence: line?.pence ?? 0, transactions: line?.transactions ?? 0, totalPence };
}

/** Clients and revenue per client of a period (docs/finance.md, "Clients"). */
export async function clients(ctx: ToolContext, period: Period) {
  const [s, [f]] = await Promise.all([monthSummary(ctx, period), clientFigures(ctx.db, ctx.userId, [period])]);
  return {
    period,
    clients: f!.clients,
    revenuePence: s.revenuePence,
    revenuePerClientPence: f!.revenuePerClientPence,
    coverage: f!.coverage,
  };
}

/**
 * Client retention as the ledger measures it (docs/finance.md, "Retention"): the new-client retention of the period's
 * last month when it is measured, else of the latest measured month; overall retention at the latest measured month
 * end; the owner's goal and the national figure beside them.
 */
export async function retention(ctx: ToolContext, period: Period) {
  const [measured, goals] = await Promise.all([
    measureRetention(ctx.db, ctx.userId, ctx.today),
    readFinancialGoals(ctx.db, ctx.userId),
  ]);
  const wanted = monthOf(period.to);
  return {
    newClient: measured.new_client.find((m) => m.month === wanted) ?? measured.new_client.at(-1) ?? null,
    overall: measured.overall.at(-1) ?? null,
    goalPercent: goals.retention_rate,
    nationalPercent: measured.national_new_client_percent,
  };
}

/** The current month so far, the pace per day and the month-end projection at that pace. */
export async function projection(ctx: ToolContext) {
  const month = monthOf(ctx.today);
  const period = monthsPeriod(month, month, ctx.today);
  const s = await monthSummary(ctx, period);
  const day = Number(ctx.today.slice(8, 10));
  const days = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  return {
    period,
    daysSoFar: day,
    daysInMonth: days,
    revenueSoFarPence: s.revenuePence,
    expensesSoFarPence: s.expensesPence,
    projectedRevenuePence: Math.round((s.revenuePence / day) * days),
    projectedExpensesPence: Math.round((s.expensesPence / day) * days),
  };
}

/** This month's revenue and margin so far against the owner's goals, with the month-end projection. */
export async function goalProgress(ctx: ToolContext) {
  const [goals, pace] = await Promise.all([readFinancialGoals(ctx.db, ctx.userId), projection(ctx)]);
  const s = await monthSummary(ctx, pace.period);
  const targetPence = poundsToPence(goals.revenue_target);
  return {
    ...pace,
    revenueTargetPence: targetPence,
    marginGoalPercent: goals.margin_goal,
    marginSoFarPercent: s.marginPercent,
    retentionGoalPercent: goals.retention_rate,
    onTrack: pace.projectedRevenuePence >= targetPence,
    gapPence: Math.abs(targetPence - pace.projectedRevenuePence),
  };
}

/**
 * The VAT position (docs/assistant.md, "The tools"), from the VAT work's own functions (docs/finance.md, "VAT"):
 * taxable turnover over the 12 complete months before this one against the registration threshold, VAT paid to HMRC
 * this year, and for a registered business the VAT view of the quarter so far (output, input, VAT due, paid).
 */
export async function vatPosition(ctx: ToolContext) {
  const current = monthOf(ctx.today);
  const twelve = monthsPeriod(addMonths(current, -12), addMonths(current, -1), ctx.today);
  const year = monthsPeriod(`${current.slice(0, 4)}-01`, current, ctx.today);
  const settings = await readVatSettings(ctx.db, ctx.userId);
  const registered = settings.scheme !== 'not_registered';
  const [turnover, payments, quarter] = await Promise.all([
    vatFigures(ctx.db, ctx.userId, twelve),
    vatPayments(ctx.db, ctx.userId, year),
    registered ? buildVatRows(ctx.db, ctx.userId, settings, current, ctx.today) : null,
  ]);
  const amountOf = (label: string) => {
    const row = quarter?.rows.find((r) => r.description === label);
    return row?.amount == null ? null : poundsToPence(row.amount);
  };
  return {
    scheme: settings.scheme,
    turnoverPeriod: twelve,
    turnoverPence: turnover.taxableTurnoverPence,
    thresholdPence: VAT_THRESHOLD_PENCE,
    overThreshold: turnover.taxableTurnoverPence > VAT_THRESHOLD_PENCE,
    paidThisYear: { period: year, pence: payments.reduce((sum, p) => sum + p.pence, 0) },
    /** The quarter holding today, so far (registered businesses only). */
    quarter: quarter
      ? {
          from: quarter.period.from,
          to: quarter.period.to,
          outputPence: amountOf(VAT_REPORT_LABELS.output),
          inputPence: amountOf(VAT_REPORT_LABELS.input),
          duePence: amountOf(VAT_REPORT_LABELS.due),
        }
      : null,
  };
}

/** The VAT view of one month (the Reports screen's VAT tab), for report mode. */
export async function vatView(ctx: ToolContext, month: string) {
  const settings = await readVatSettings(ctx.db, ctx.userId);
  return { scheme: settings.scheme, ...(await buildVatRows(ctx.db, ctx.userId, settings, month, ctx.today)) };
}

/** The best and worst complete months of the last 12 (the dashboard charts' months, the current one left out). */
export async function bestAndWorstMonths(ctx: ToolContext, measure: 'revenue' | 'expenses') {
  const series = (await monthlySeries(ctx.db, ctx.userId, ctx.today, measure))
    .filter((p) => p.month !== monthOf(ctx.today))
    .map((p) => ({ month: p.month, label: monthName(p.month), pence: poundsToPence(p.amount) }));
  const sorted = [...series].sort((a, b) => b.pence - a.pence || a.month.localeCompare(b.month));
  return { measure, months: series, highest: sorted[0] ?? null, lowest: sorted.at(-1) ?? null };
}

/** The last 12 months of a measure, oldest first, and the trend: the last three complete months against the three before. */
export async function trend(ctx: ToolContext, measure: 'revenue' | 'expenses') {
  const series = (await monthlySeries(ctx.db, ctx.userId, ctx.today, measure)).map((p) => ({
    month: p.month,
    pence: poundsToPence(p.amount),
  }));
  const complete = series.filter((p) => p.month !== monthOf(ctx.today));
  const sum = (xs: typeof complete) => xs.reduce((s, p) => s + p.pence, 0);
  const recent = sum(complete.slice(-3));
  const before = sum(complete.slice(-6, -3));
  return {
    measure,
    series,
    recentThreePence: recent,
    previousThreePence: before,
    percentChange: percentChange(recent, before),
  };
}

/** Transactions whose counterparty, description or category contains a word, over a period. */
export async function matchingTransactions(ctx: ToolContext, text: string, period: Period) {
  return { period, text, ...(await transactionsMatching(ctx.db, ctx.userId, text, period)) };
}

/** Cash in the bank from the last balances read (null without a linked bank). */
export async function cash(ctx: ToolContext) {
  const c = await cashInTheBank(ctx.db, ctx.userId);
  return c ? { bookedPence: c.bookedPence, availablePence: c.availablePence, balanceDate: c.balanceDate } : null;
}

/** A whole month as a period (for the report mode's month). */
export const monthPeriod = (ctx: ToolContext, month: string) => monthsPeriod(month, month, ctx.today);
