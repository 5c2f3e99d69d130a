import { type DayRange, DEFAULT_CATEGORY_VAT, type VatScheme } from '@brade/contract';
import { and, between, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { type LineQuery, transactionsPage } from './line-transactions.js';
import { ledgerTransactions as lt } from './tables.js';

/**
 * The nine boxes of a VAT return from the books (docs/finance.md, "The VAT return"): which rows each box adds, over
 * exactly the period's Europe/London days, from the VAT each row carries (vat-rows.ts). Boxes 2, 3, 5, 8 and 9
 * follow from these or are the owner's (hmrc/vat builds the return).
 */
export type BoxWithRows = 1 | 4 | 6 | 7;
export const BOXES_WITH_ROWS: readonly BoxWithRows[] = [1, 4, 6, 7];
type RegisteredScheme = Exclude<VatScheme, 'not_registered'>;

/**
 * Outside the scope of VAT (VAT Notice 700/12): left out of box 7 whatever they cost. Staff pay, PAYE and National
 * Insurance and pensions are not supplies; business rates are a tax. VAT payments, the owner's money and loans are
 * other kinds, never in a box.
 */
export const NOT_PURCHASES = ['Wages', 'PAYE and National Insurance', 'Pension contributions', 'Business rates'];
/** Income outside the scope by default ("Other income": a grant, an insurance pay-out): not a sale in box 6. */
const OUTSIDE_OUTPUTS = Object.entries(DEFAULT_CATEGORY_VAT)
  .filter(([, treatment]) => treatment === 'outside')
  .map(([category]) => category)
  .filter((category) => !NOT_PURCHASES.includes(category) && category !== 'Uncategorised');
/** Flat Rate Scheme turnover: the takings and the room rent (docs/finance.md, "VAT"). */
const FLAT_TURNOVER = sql`(${lt.kind} in ('sale', 'refund') or (${lt.kind} = 'other_income' and ${lt.category} = 'Room rent'))`;
const OUTPUTS = sql`${lt.kind} in ('sale', 'refund', 'other_income')`;
const PURCHASES = sql`${lt.kind} in ('expense', 'fee')`;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The rows a box adds, and the sign the box shows them in (a purchase positive). */
function boxRows(box: BoxWithRows, scheme: RegisteredScheme): { rows: SQL; sign: 1 | -1 } {
  if (scheme === 'flat_rate') {
    if (box === 1 || box === 6) return { rows: FLAT_TURNOVER, sign: 1 };
    if (box === 4) return { rows: sql`false`, sign: -1 };
  } else {
    if (box === 1) return { rows: OUTPUTS, sign: 1 };
    if (box === 4) return { rows: sql`${PURCHASES} and ${lt.vatPence} <> 0`, sign: -1 };
    if (box === 6)
      return {
        rows: sql`${OUTPUTS} and (${lt.category} not in (${list(OUTSIDE_OUTPUTS)}) or ${lt.vatRateBp} <> 0)`,
        sign: 1,
      };
  }
  return { rows: sql`${PURCHASES} and ${lt.category} not in (${list(NOT_PURCHASES)})`, sign: -1 };
}

export interface VatReturnFigures {
  /** VAT in the box-1 rows (output VAT, or the flat-rate VAT on turnover), pence. */
  box1Pence: number;
  /** Input VAT reclaimed, pence (0 on the Flat Rate Scheme). */
  box4Pence: number;
  /** Sales and other outputs: net of VAT on the standard scheme, VAT-inclusive turnover on the flat rate, pence. */
  box6Pence: number;
  /** Purchases and other inputs net of VAT, pence. */
  box7Pence: number;
  /** Debits still Uncategorised in the period: in box 7 with no VAT reclaimed until the owner moves them. */
  uncategorised: { count: number; pence: number };
  /** Flat Rate Scheme: single purchases of £2,000 or more, VAT included, that may be capital goods. */
  largePurchases: Array<{ day: string; description: string; pence: number }>;
}

const within = (userId: string, range: DayRange) =>
  and(eq(lt.userId, userId), between(lt.localDate, range.from, range.to))!;

export async function vatReturnFigures(
  db: Db,
  userId: string,
  range: DayRange,
  scheme: RegisteredScheme,
): Promise<VatReturnFigures> {
  const box = (n: BoxWithRows) => boxRows(n, scheme);
  const vatOf = (n: BoxWithRows) =>
    sql`coalesce(${box(n).sign === 1 ? sql`` : sql`-`}sum(${lt.vatPence}) filter (where ${box(n).rows}), 0)`;
  const netOf = (n: BoxWithRows) =>
    sql`coalesce(${box(n).sign === 1 ? sql`` : sql`-`}sum(${lt.amountPence} - ${lt.vatPence}) filter (where ${box(n).rows}), 0)`;
  const grossOf = (n: BoxWithRows) => sql`coalesce(sum(${lt.amountPence}) filter (where ${box(n).rows}), 0)`;
  const [totals] = rowsOf<{ b1: string; b4: string; b6: string; b7: string; uc: number; ucp: string }>(
    await db.execute(sql`
      select ${vatOf(1)} as b1, ${vatOf(4)} as b4, ${scheme === 'flat_rate' ? grossOf(6) : netOf(6)} as b6,
        ${netOf(7)} as b7,
        count(*) filter (where ${PURCHASES} and ${lt.category} = 'Uncategorised')::int as uc,
        coalesce(-sum(${lt.amountPence}) filter (where ${PURCHASES} and ${lt.category} = 'Uncategorised'), 0) as ucp
      from ${lt} where ${within(userId, range)}`),
  );
  const standardRated = Object.entries(DEFAULT_CATEGORY_VAT)
    .filter(([, treatment]) => treatment === 'standard')
    .map(([category]) => category);
  const large =
    scheme === 'flat_rate'
      ? await db
          .select({
            day: sql<string>`${lt.localDate}::text`,
            description: lt.description,
            pence: sql<string>`-${lt.amountPence}`,
          })
          .from(lt)
          .where(
            and(
              within(userId, range),
              sql`${lt.kind} = 'expense' and ${lt.amountPence} <= -200000 and ${lt.category} in (${list(standardRated)})`,
            ),
          )
          .orderBy(lt.localDate)
          .limit(10)
      : [];
  return {
    box1Pence: Number(totals?.b1 ?? 0),
    box4Pence: Number(totals?.b4 ?? 0),
    box6Pence: Number(totals?.b6 ?? 0),
    box7Pence: Number(totals?.b7 ?? 0),
    uncategorised: { count: totals?.uc ?? 0, pence: Number(totals?.ucp ?? 0) },
    largePurchases: large.map((row) => ({ day: row.day, description: row.description, pence: Number(row.pence) })),
  };
}

/** One page of the transactions behind a box, as a report's line opens its own (line-transactions.ts). */
export async function vatBoxTransactions(
  db: Db,
  userId: string,
  range: DayRange,
  box: BoxWithRows,
  scheme: RegisteredScheme,
  query: Pick<LineQuery, 'search' | 'sort' | 'direction' | 'page' | 'pageSize'>,
) {
  const { rows, sign } = boxRows(box, scheme);
  return transactionsPage(db, and(within(userId, range), rows)!, sign, query);
}
