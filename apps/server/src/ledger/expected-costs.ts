import { addMonths, firstDayOf, lastDayOf, monthOf } from '@brade/contract';
import { and, between, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { IN_PROFIT_AND_LOSS, netAmount } from './kinds.js';
import { ledgerTransactions as lt } from './tables.js';

/** How many whole months a bill must have been paid in, each of them, to be expected again (docs/finance.md). */
export const REGULAR_MONTHS = 3;

/** A regular bill or pay still to come this month, in pence, net of VAT as every figure is. */
export interface ExpectedCost {
  /** The payee as the bank last printed it. */
  name: string;
  category: string;
  expectedPence: number;
}

/** One payee's costs: the last three whole months, oldest first, and this month so far (pence, positive). */
export interface PayeeMonths {
  name: string;
  category: string;
  months: readonly number[];
  soFar: number;
}

/**
 * What a payee is still expected to take this month (docs/finance.md, "Goal progress"): paid in each of the last
 * three whole months, its three months' average less what it was paid so far this month (a weekly payee has paid
 * part of it); nothing for a payee missing from any of the three months (not regular) or already paid its average.
 */
export function stillExpected(payee: PayeeMonths): number {
  if (payee.months.length < REGULAR_MONTHS || payee.months.some((pence) => pence <= 0)) return 0;
  const average = Math.round(payee.months.reduce((sum, pence) => sum + pence, 0) / payee.months.length);
  return Math.max(0, average - payee.soFar);
}

/** The key payees are told apart by, as the owner's rules do: upper case, ends trimmed, inner spaces squeezed. */
const payeeKey = sql`upper(regexp_replace(btrim(${lt.counterparty}), '\\s+', ' ', 'g'))`;
const latest = (column: unknown) => sql<string>`(array_agg(${column} order by ${lt.occurredAt} desc))[1]`;
const paidBetween = (from: string, to: string) =>
  sql<string>`coalesce(-sum(${netAmount}) filter (where ${lt.localDate} between ${from} and ${to}), 0)`;

/**
 * The regular bills and payroll the books foresee before the month of `today` ends: every bank payee of an expense
 * paid in each of the last three whole months, with what is still to come from it, largest first. Card fees are not
 * bills (they follow the sales), and transfers, the owner's money, loans and taxes below net income are not costs.
 */
export async function expectedBeforeMonthEnd(db: Db, userId: string, today: string): Promise<ExpectedCost[]> {
  const month = monthOf(today);
  const months = Array.from({ length: REGULAR_MONTHS }, (_, i) => addMonths(month, i - REGULAR_MONTHS));
  const rows = await db
    .select({
      name: latest(sql`btrim(${lt.counterparty})`),
      category: latest(lt.category),
      soFar: paidBetween(firstDayOf(month), today),
      ...Object.fromEntries(months.map((m, i) => [`m${i}`, paidBetween(firstDayOf(m), lastDayOf(m))])),
    })
    .from(lt)
    .where(
      and(
        eq(lt.userId, userId),
        eq(lt.provider, 'bank'),
        eq(lt.kind, 'expense'),
        IN_PROFIT_AND_LOSS,
        isNotNull(lt.counterparty),
        sql`btrim(${lt.counterparty}) <> ''`,
        between(lt.localDate, firstDayOf(months[0]!), today),
      ),
    )
    .groupBy(payeeKey);
  return rows
    .map((row) => {
      const record = row as unknown as Record<string, string>;
      const payee: PayeeMonths = {
        name: row.name,
        category: row.category,
        months: months.map((_, i) => Number(record[`m${i}`])),
        soFar: Number(row.soFar),
      };
      return { name: payee.name, category: payee.category, expectedPence: stillExpected(payee) };
    })
    .filter((cost) => cost.expectedPence > 0)
    .sort((a, b) => b.expectedPence - a.expectedPence || a.name.localeCompare(b.name));
}
