import { addDays, addMonths, type DayRange, lastDayOf, vatThresholdOn } from '@brade/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { FLAT_RATE_TURNOVER } from './flat-rate.js';

/**
 * When a business that is not registered must register (docs/finance.md, "The VAT view"): at the end of any month
 * whose last 12 months' taxable turnover is over the threshold then in force. The first such month end fixes the
 * dates: tell HMRC within 30 days, registered from the first day of the second month after it.
 */
export interface ThresholdCrossing {
  /** The last day of the month whose 12 months went over. */
  monthEnd: string;
  turnoverPence: number;
  thresholdPence: number;
  tellBy: string;
  effective: string;
}

/** Taxable turnover (takings and room rent, as the money moved) of each month with any, oldest first. */
async function monthlyTurnover(db: Db, userId: string, until: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ month: string; pence: string }>(
    await db.execute(sql`
      select to_char(local_date, 'YYYY-MM') as month, sum(amount_pence) as pence from ledger_transactions
      where user_id = ${userId} and ${FLAT_RATE_TURNOVER} and local_date <= ${until}::date
      group by 1 order by 1`),
  );
  return new Map(rows.map((r) => [r.month, Number(r.pence)]));
}

/** The first month end, up to `upToMonth`, at which the last 12 months' taxable turnover was over the threshold. */
export async function firstThresholdCrossing(
  db: Db,
  userId: string,
  upToMonth: string,
): Promise<ThresholdCrossing | null> {
  const months = await monthlyTurnover(db, userId, lastDayOf(upToMonth));
  const first = [...months.keys()][0];
  if (!first) return null;
  for (let month = first; month <= upToMonth; month = addMonths(month, 1)) {
    let turnover = 0;
    for (let back = 0; back < 12; back += 1) turnover += months.get(addMonths(month, -back)) ?? 0;
    const monthEnd = lastDayOf(month);
    const threshold = vatThresholdOn(monthEnd);
    if (turnover > threshold) {
      return {
        monthEnd,
        turnoverPence: turnover,
        thresholdPence: threshold,
        tellBy: addDays(monthEnd, 30),
        effective: `${addMonths(month, 2)}-01`,
      };
    }
  }
  return null;
}

/** Taxable turnover of the 30 days ending on a day (the forward-look rule looks at 30 days alone). */
export async function thirtyDayTurnover(
  db: Db,
  userId: string,
  lastDay: string,
): Promise<{ range: DayRange; pence: number }> {
  const range = { from: addDays(lastDay, -29), to: lastDay };
  const [row] = rowsOf<{ pence: string }>(
    await db.execute(sql`
      select coalesce(sum(amount_pence), 0) as pence from ledger_transactions
      where user_id = ${userId} and ${FLAT_RATE_TURNOVER} and local_date between ${range.from}::date and ${range.to}::date`),
  );
  return { range, pence: Number(row?.pence ?? 0) };
}

/** Taxable turnover of the 12 months ending on a day: gross (VAT-inclusive) and net of the VAT the rows carry. */
export async function yearTurnover(
  db: Db,
  userId: string,
  lastDay: string,
): Promise<{ grossPence: number; netPence: number }> {
  const from = addDays(lastDay, -364);
  const [row] = rowsOf<{ gross: string; net: string }>(
    await db.execute(sql`
      select coalesce(sum(amount_pence), 0) as gross, coalesce(sum(amount_pence - vat_pence), 0) as net
      from ledger_transactions
      where user_id = ${userId} and ${FLAT_RATE_TURNOVER} and local_date between ${from}::date and ${lastDay}::date`),
  );
  return { grossPence: Number(row?.gross ?? 0), netPence: Number(row?.net ?? 0) };
}
