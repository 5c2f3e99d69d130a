import { type ComparedPeriod, londonInstant } from '@brade/contract';
import { type SQL, sql } from 'drizzle-orm';
import { ledgerTransactions as lt } from './tables.js';

/**
 * Which ledger rows a period holds (docs/finance.md, "Comparisons"): its Europe/London days, and on a last day cut at
 * a time of day only the card rows before it (a bank line carries its booking day only, so bank lines compare day by
 * day). Written against `ledger_transactions` unaliased.
 */

/** The instant a period with `until` stops: the end of that minute of its last day (Europe/London). */
const cutoffOf = (period: ComparedPeriod & { until: string }) =>
  new Date(londonInstant(period.to, period.until).getTime() + 60_000).toISOString();

/** Rows of a period's cut last day that count: card rows before its time of day, and every bank line of the day. */
export const beforeCut = (period: ComparedPeriod & { until: string }) =>
  sql`(${lt.provider} = 'bank' or ${lt.occurredAt} < ${cutoffOf(period)}::timestamptz)`;

/** The rows of a period: its days, and on its last day only those before its time of day when it has one. */
export const inPeriod = (period: ComparedPeriod): SQL =>
  period.until
    ? sql`(${lt.localDate} between ${period.from} and ${period.to} and (${lt.localDate} < ${period.to} or ${beforeCut(period as ComparedPeriod & { until: string })}))`
    : sql`${lt.localDate} between ${period.from} and ${period.to}`;
