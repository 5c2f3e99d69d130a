import { addMonths, firstDayOf, lastDayOf, vatDueDate, vatQuarterOf } from '@brade/contract';
import type { Db } from '../../db/client.js';
import {
  marginPercent,
  netIncomePence,
  type PeriodTotals,
  percentChange,
  totalsForRanges,
} from '../../ledger/figures.js';
import { vatFigures } from '../../ledger/vat-figures.js';
import { readVatSettings } from '../../settings/vat-settings.js';

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
  /** When the month ends a VAT quarter of a registered business: the quarter's VAT due and its due date. */
  vat?: { from: string; to: string; duePence: number; dueBy: string } | null;
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

/** A whole Europe/London month against the whole month before, by docs/finance.md's definitions. */
export async function summaryFigures(db: Db, userId: string, month: string): Promise<SummaryFigures> {
  const [totals, vat] = await Promise.all([
    totalsForRanges(db, userId, [monthRange(month), monthRange(addMonths(month, -1))], false),
    quarterVat(db, userId, month),
  ]);
  const [current, previous] = totals.map(figuresOf) as [MonthFigures, MonthFigures];
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
  };
}
