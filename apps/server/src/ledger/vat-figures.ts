import type { DayRange } from '@brade/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';

/** VAT of a range of Europe/London days, from the rows' own VAT (ledger/vat-rows.ts; docs/finance.md, "VAT"). */
export interface VatFigures {
  /** VAT in sales, refunds and other income (pence). */
  outputPence: number;
  /** VAT in expenses and fees, positive (pence). */
  inputPence: number;
  /** Flat Rate Scheme: the VAT-inclusive turnover the flat rate applied to, and the rates used (basis points). */
  flatTurnoverPence: number;
  flatRatesBp: number[];
  /** Takings and room rent, VAT-inclusive: the taxable turnover the registration threshold is measured on. */
  taxableTurnoverPence: number;
}

const TURNOVER = sql`(kind in ('sale', 'refund') or (kind = 'other_income' and category = 'Room rent'))`;

export async function vatFigures(db: Db, userId: string, range: DayRange): Promise<VatFigures> {
  const [row] = rowsOf<{ output: string; input: string; flat: string; rates: number[] | null; taxable: string }>(
    await db.execute(sql`
      select coalesce(sum(vat_pence) filter (where kind in ('sale', 'refund', 'other_income')), 0) as output,
        coalesce(-sum(vat_pence) filter (where kind in ('expense', 'fee')), 0) as input,
        coalesce(sum(amount_pence) filter (where ${TURNOVER} and vat_rate_bp <> 0), 0) as flat,
        array_agg(distinct vat_rate_bp) filter (where ${TURNOVER} and vat_rate_bp <> 0) as rates,
        coalesce(sum(amount_pence) filter (where ${TURNOVER}), 0) as taxable
      from ledger_transactions
      where user_id = ${userId} and local_date between ${range.from}::date and ${range.to}::date`),
  );
  return {
    outputPence: Number(row?.output ?? 0),
    inputPence: Number(row?.input ?? 0),
    flatTurnoverPence: Number(row?.flat ?? 0),
    flatRatesBp: (row?.rates ?? []).map(Number).sort((a, b) => a - b),
    taxableTurnoverPence: Number(row?.taxable ?? 0),
  };
}

/** Payments to HMRC for VAT in a range of days (positive pence; a repayment negative), oldest first. */
export async function vatPayments(
  db: Db,
  userId: string,
  range: DayRange,
): Promise<Array<{ day: string; pence: number }>> {
  const rows = rowsOf<{ day: string; pence: string }>(
    await db.execute(sql`
      select local_date::text as day, -amount_pence as pence from ledger_transactions
      where user_id = ${userId} and kind = 'vat_settlement'
        and local_date between ${range.from}::date and ${range.to}::date
      order by local_date, occurred_at`),
  );
  return rows.map((r) => ({ day: r.day, pence: Number(r.pence) }));
}
