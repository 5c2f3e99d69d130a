import { addMonths, firstDayOf, lastDayOf } from '@brade/contract';
import type { Db } from '../../db/client.js';
import { type PeriodTotals, percentChange, totalsForRanges } from '../../ledger/figures.js';

export interface MonthFigures {
  /** Sales less refunds. */
  revenuePence: number;
  otherIncomePence: number;
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
}

const monthRange = (month: string) => ({ from: firstDayOf(month), to: lastDayOf(month) });

function figuresOf({ revenuePence, otherIncomePence, expensesPence }: PeriodTotals): MonthFigures {
  const netIncomePence = revenuePence + otherIncomePence - expensesPence;
  return {
    revenuePence,
    otherIncomePence,
    expensesPence,
    netIncomePence,
    marginPercent: revenuePence === 0 ? null : Math.round((netIncomePence / revenuePence) * 1000) / 10,
  };
}

/** A whole Europe/London month against the whole month before, by docs/finance.md's definitions. */
export async function summaryFigures(db: Db, userId: string, month: string): Promise<SummaryFigures> {
  const [current, previous] = (
    await totalsForRanges(db, userId, [monthRange(month), monthRange(addMonths(month, -1))], false)
  ).map(figuresOf) as [MonthFigures, MonthFigures];
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
  };
}
