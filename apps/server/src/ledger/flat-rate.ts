import {
  addDays,
  addMonths,
  type DayRange,
  lastDayOf,
  monthOf,
  type VatSettings,
  type VatStagger,
} from '@brade/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';

/**
 * The Flat Rate Scheme's rate of a quarter (docs/finance.md, "Flat Rate Scheme: which rate"): 16.5 % for a
 * limited-cost trader, else the business's sector rate (13 % for hairdressing), 1 point less in the first year of
 * registration. A limited-cost trader spends on goods less than 2 % of its VAT-inclusive turnover, or less than
 * £1,000 a year (£250 a quarter); HMRC has the test applied each VAT period.
 */
export const LIMITED_COST_RATE_BP = 1650;
export const GOODS_SHARE = 0.02;
export const QUARTER_FLOOR_PENCE = 25_000;

/** The takings and the room rent, VAT-inclusive (docs/finance.md, "VAT"). */
export const FLAT_RATE_TURNOVER = sql`(kind in ('sale', 'refund') or (kind = 'other_income' and category = 'Room rent'))`;
/**
 * "Relevant goods" (VAT Notice 733): goods used only for the business; not capital items, food or drink for staff,
 * vehicles or fuel, nor services. In a salon's books: its stock and supplies.
 */
export const RELEVANT_GOODS = sql`(kind = 'expense' and category = 'Stock & supplies')`;

const START_MONTH: Record<VatStagger, number> = { mar_jun_sep_dec: 1, apr_jul_oct_jan: 2, may_aug_nov_feb: 3 };

/** The first day of the VAT quarter holding a row's day, for a stagger, in SQL. */
export function quarterStartOf(stagger: VatStagger, day: SQL = sql`local_date`): SQL {
  const first = START_MONTH[stagger];
  return sql`(date_trunc('month', ${day}) - make_interval(months => ((((extract(month from ${day})::int - ${first}) % 3) + 3) % 3)))::date`;
}

/** The day after the first year of registration; from 29 February it is 1 March of the next year. */
export function firstYearEnds(registeredFrom: string): string {
  const sameDayNextYear = `${addMonths(monthOf(registeredFrom), 12)}-${registeredFrom.slice(8)}`;
  const lastOfMonth = lastDayOf(addMonths(monthOf(registeredFrom), 12));
  return sameDayNextYear > lastOfMonth ? addDays(lastOfMonth, 1) : sameDayNextYear;
}

/** Is a quarter's spending on goods that of a limited-cost trader? */
export const limitedCost = (goods: SQL | number, turnover: SQL | number) =>
  typeof goods === 'number' && typeof turnover === 'number'
    ? goods < turnover * GOODS_SHARE || goods < QUARTER_FLOOR_PENCE
    : sql`(${goods} < ${turnover} * ${GOODS_SHARE}::numeric or ${goods} < ${QUARTER_FLOOR_PENCE}::int)`;

/**
 * A row's flat rate in basis points, given its quarter's `goods` and `turnover` (columns of the query it sits in):
 * 0 off the turnover and before registration.
 */
export function flatRateOf(settings: VatSettings, quarter: { goods: SQL; turnover: SQL }): SQL {
  const sector = Math.round((settings.flat_rate_percent ?? 0) * 100);
  const reg = settings.registered_from!;
  return sql`case
    when not ${FLAT_RATE_TURNOVER} then 0
    when local_date < ${reg}::date then 0
    else greatest(0, case when ${limitedCost(quarter.goods, quarter.turnover)} then ${LIMITED_COST_RATE_BP}::int else ${sector}::int end
      - case when local_date < ${firstYearEnds(reg)}::date then 100 else 0 end)::int end`;
}

export interface FlatRateTestFigures {
  turnoverPence: number;
  goodsPence: number;
  limitedCost: boolean;
  /** The rates the quarter's turnover rows carry (basis points). */
  ratesBp: number[];
}

/** The limited-cost-trader test of one quarter, with its figures (from the day registration took effect). */
export async function flatRateTest(
  db: Db,
  userId: string,
  quarter: DayRange,
  settings: VatSettings,
): Promise<FlatRateTestFigures> {
  const from =
    settings.registered_from && settings.registered_from > quarter.from ? settings.registered_from : quarter.from;
  const [row] = rowsOf<{ turnover: string; goods: string; rates: number[] | null }>(
    await db.execute(sql`
      select coalesce(sum(amount_pence) filter (where ${FLAT_RATE_TURNOVER}), 0) as turnover,
        coalesce(-sum(amount_pence) filter (where ${RELEVANT_GOODS}), 0) as goods,
        array_agg(distinct vat_rate_bp) filter (where ${FLAT_RATE_TURNOVER} and vat_rate_bp <> 0) as rates
      from ledger_transactions
      where user_id = ${userId} and local_date between ${from}::date and ${quarter.to}::date`),
  );
  const turnoverPence = Number(row?.turnover ?? 0);
  const goodsPence = Number(row?.goods ?? 0);
  return {
    turnoverPence,
    goodsPence,
    limitedCost: limitedCost(goodsPence, turnoverPence) as boolean,
    ratesBp: (row?.rates ?? []).map(Number).sort((a, b) => a - b),
  };
}
