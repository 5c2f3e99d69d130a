import {
  addMonths,
  firstDayOf,
  goalMet,
  lastDayOf,
  latestMeasuredRetention,
  vatDueDate,
  vatQuarterOf,
} from '@brade/contract';
import type { Db } from '../../db/client.js';
import { type UpdateDue, updatesDue } from '../../hmrc/income-tax/deadlines.js';
import { returnsDueSoon } from '../../hmrc/vat/reminders.js';
import {
  groupedLines,
  marginPercent,
  netIncomePence,
  type PeriodTotals,
  percentChange,
  totalsForRanges,
} from '../../ledger/figures.js';
import { retention } from '../../ledger/retention.js';
import { vatFigures } from '../../ledger/vat-figures.js';
import { readSavedGoals } from '../../settings/financial-goals.js';
import { readVatSettings } from '../../settings/vat-settings.js';

export interface MonthFigures {
  /** Sales less refunds. */
  revenuePence: number;
  otherIncomePence: number;
  /** What the other income was (room rent, interest received…), by category, largest first. */
  otherIncomeCategories?: string[];
  expensesPence: number;
  /** Revenue and other income less expenses (docs/finance.md). */
  netIncomePence: number;
  /** Net income ÷ revenue in percent, one decimal; null without revenue. */
  marginPercent: number | null;
}

export interface SummaryFigures {
  month: string;
  current: MonthFigures;
  previous: MonthFigures;
  /** Percent changes against the month before (one decimal), null when that month's figure was 0. */
  change: { revenue: number | null; expenses: number | null; netIncome: number | null };
  /** The margin's change in percentage points (one decimal); null when either month has no margin. */
  marginPoints: number | null;
  /** When the month ends a VAT quarter of a registered business: the quarter's VAT due and its due date. */
  vat?: { from: string; to: string; duePence: number; dueBy: string } | null;
  /** A VAT return HMRC shows open and due within 7 days of the day the summary is sent (hmrc/vat/reminders.ts). */
  vatReturnDue?: { start: string; end: string; due: string } | null;
  /**
   * Which of the owner's goals the month met (docs/finance.md, "Goal progress"); null when the owner never saved
   * any: a default is not the owner's choice, so no month is judged against it.
   */
  goals?: GoalsMet | null;
  /** A sole trader's quarterly updates still to send, as of the day the summary goes (docs/finance.md, "Income Tax"). */
  updatesDue?: UpdateDue[];
}

/** The month's margin and revenue against their goals, and the latest measured new-client retention against its. */
export interface GoalsMet {
  margin: { percent: number | null; goal: number; met: boolean | null };
  revenue: { revenuePence: number; targetPence: number; met: boolean };
  /** The latest month whose new clients have had their 90 days; null when none has yet. */
  retention: { month: string; percent: number; goal: number; met: boolean } | null;
}

/**
 * The goals the summarised month met, by the dashboard's definitions (docs/finance.md, "Goal progress"); null when
 * the owner has not saved goals.
 */
async function goalsMet(db: Db, userId: string, current: MonthFigures, today: string): Promise<GoalsMet | null> {
  const [goals, measured] = await Promise.all([readSavedGoals(db, userId), retention(db, userId, today)]);
  if (!goals) return null;
  const latest = latestMeasuredRetention(measured.new_client);
  const targetPence = goals.revenue_target * 100;
  return {
    margin: {
      percent: current.marginPercent,
      goal: goals.margin_goal,
      met: goalMet(current.marginPercent, goals.margin_goal),
    },
    revenue: { revenuePence: current.revenuePence, targetPence, met: current.revenuePence >= targetPence },
    retention:
      latest?.percent == null
        ? null
        : {
            month: latest.month,
            percent: latest.percent,
            goal: goals.retention_rate,
            met: latest.percent >= goals.retention_rate,
          },
  };
}

/** The VAT due for the quarter the month ends, as the VAT view works it out (docs/finance.md, "The VAT view"). */
async function quarterVat(db: Db, userId: string, month: string): Promise<SummaryFigures['vat']> {
  const settings = await readVatSettings(db, userId);
  if (settings.scheme === 'not_registered') return null;
  const quarter = vatQuarterOf(month, settings.stagger);
  if (quarter.endMonth !== month) return null;
  const figures = await vatFigures(db, userId, quarter);
  return {
    from: quarter.from,
    to: quarter.to,
    duePence: figures.outputPence - (settings.scheme === 'standard' ? figures.inputPence : 0),
    dueBy: vatDueDate(quarter.to),
  };
}

const monthRange = (month: string) => ({ from: firstDayOf(month), to: lastDayOf(month) });

function figuresOf(totals: PeriodTotals): MonthFigures {
  const { revenuePence, otherIncomePence, expensesPence } = totals;
  return {
    revenuePence,
    otherIncomePence,
    expensesPence,
    netIncomePence: netIncomePence(totals),
    marginPercent: marginPercent(totals),
  };
}

/**
 * A whole Europe/London month against the whole month before, by docs/finance.md's definitions, and the goals it
 * met; retention is the latest measured as of `today` (the day the summary is sent; by default the next month's 1st).
 */
export async function summaryFigures(
  db: Db,
  userId: string,
  month: string,
  today = firstDayOf(addMonths(month, 1)),
): Promise<SummaryFigures> {
  const [totals, vat, dueSoon, otherLines] = await Promise.all([
    totalsForRanges(db, userId, [monthRange(month), monthRange(addMonths(month, -1))], false),
    quarterVat(db, userId, month),
    returnsDueSoon(db, today, [userId]),
    groupedLines(db, userId, 'otherIncome', monthRange(month)),
  ]);
  const [current, previous] = totals.map(figuresOf) as [MonthFigures, MonthFigures];
  current.otherIncomeCategories = otherLines.map((line) => line.description);
  const [goals, due] = await Promise.all([goalsMet(db, userId, current, today), updatesDue(db, userId, today)]);
  return {
    month,
    current,
    previous,
    change: {
      revenue: percentChange(current.revenuePence, previous.revenuePence),
      expenses: percentChange(current.expensesPence, previous.expensesPence),
      netIncome: percentChange(current.netIncomePence, previous.netIncomePence),
    },
    marginPoints:
      current.marginPercent === null || previous.marginPercent === null
        ? null
        : Math.round((current.marginPercent - previous.marginPercent) * 10) / 10,
    vat,
    vatReturnDue: dueSoon[0] ? { start: dueSoon[0].start, end: dueSoon[0].end, due: dueSoon[0].due } : null,
    goals,
    updatesDue: due,
  };
}
