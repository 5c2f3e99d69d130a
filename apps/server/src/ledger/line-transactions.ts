import type { DayRange, LineGroupName, TransactionSort } from '@brade/contract';
import { and, asc, between, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { toPounds } from './figures.js';
import {
  BELOW_NET_INCOME_KINDS,
  EXPENSE_KINDS,
  IN_PROFIT_AND_LOSS,
  LOAN_KINDS,
  netAmount,
  OTHER_INCOME_KINDS,
  OWNER_MONEY_KINDS,
  SALES_KINDS,
} from './kinds.js';
import { salesLineTransactions } from './sales-line-transactions.js';
import { categoryNames, lineKeyOf } from './sales-lines.js';
import { ledgerCorrections as corrections, type LedgerKind, ledgerTransactions as lt } from './tables.js';

/**
 * The rows behind each group of a report's lines and the sign the line shows them in (docs/finance.md, "The
 * income statement"), the same kinds the report's lines add up (figures.ts).
 */
const GROUPS: Record<LineGroupName, { kinds: readonly LedgerKind[]; sign: 1 | -1 }> = {
  revenue: { kinds: [...SALES_KINDS, ...OTHER_INCOME_KINDS], sign: 1 },
  expenses: { kinds: EXPENSE_KINDS, sign: -1 },
  corporation_tax: { kinds: BELOW_NET_INCOME_KINDS, sign: -1 },
  owner_money: { kinds: OWNER_MONEY_KINDS, sign: 1 },
  loans: { kinds: LOAN_KINDS, sign: 1 },
};

/** Amounts sort as the line shows them (an expense positive). */
const sortColumns = (sign: 1 | -1): Record<TransactionSort, SQL> => ({
  date: sql`${lt.occurredAt}`,
  description: sql`lower(${lt.description})`,
  counterparty: sql`lower(coalesce(${lt.counterparty}, ''))`,
  amount: sign === 1 ? sql`${lt.amountPence}` : sql`-${lt.amountPence}`,
  category: sql`lower(${lt.category})`,
  provider: sql`${lt.provider}`,
});

/** `%` and `_` typed by the owner are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface LineQuery {
  group: LineGroupName;
  category?: string | undefined;
  /** An item of a sales category (with `category`), or a team member's sales (docs/finance.md, "What was sold"). */
  item?: string | undefined;
  teamMember?: string | undefined;
  search?: string | undefined;
  sort: TransactionSort;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * One page of the transactions behind a report's line (a category of a group, or the whole group) over a range of
 * Europe/London days, with how many match and their sum net of VAT: the line's own figure when nothing is searched.
 * Each transaction shows its amount as paid and the VAT in it (docs/finance.md, "VAT").
 */
export async function lineTransactions(db: Db, userId: string, range: DayRange, query: LineQuery) {
  if (query.group === 'revenue' && (query.teamMember !== undefined || query.category !== undefined)) {
    // The sales lines are what was sold, not ledger categories: their transactions are the parts of sales.
    const line = query.category === undefined ? null : lineKeyOf(await categoryNames(db, userId), query.category);
    if (query.teamMember !== undefined) {
      return salesLineTransactions(db, userId, range, { teamMember: query.teamMember }, query);
    }
    if (line) {
      const filter = { line, ...(query.item !== undefined ? { itemName: query.item } : {}) };
      return salesLineTransactions(db, userId, range, filter, query);
    }
  }
  const { kinds, sign } = GROUPS[query.group];
  const rows = and(
    eq(lt.userId, userId),
    between(lt.localDate, range.from, range.to),
    inArray(lt.kind, [...kinds]),
    // A registered business's payment to HMRC is wholly VAT and in no line (figures.ts groupedLines).
    IN_PROFIT_AND_LOSS,
    query.category !== undefined ? eq(lt.category, query.category) : undefined,
  )!;
  return transactionsPage(db, rows, sign, query);
}

/**
 * One page of any set of the owner's rows (`selected` names them, owner and days included), searched, sorted and
 * counted, shown with the sign of the figure they make up: a report's line, or a box of the VAT return
 * (vat-return-boxes.ts).
 */
export async function transactionsPage(
  db: Db,
  selected: SQL,
  sign: 1 | -1,
  query: Pick<LineQuery, 'search' | 'sort' | 'direction' | 'page' | 'pageSize'>,
) {
  const search = query.search?.trim();
  const where = and(
    selected,
    search
      ? or(
          ilike(lt.description, likePattern(search)),
          ilike(lt.counterparty, likePattern(search)),
          ilike(lt.category, likePattern(search)),
        )
      : undefined,
  );
  const order = query.direction === 'asc' ? asc : desc;
  const [rows, [summary]] = await Promise.all([
    db
      .select({
        id: lt.id,
        date: sql<string>`${lt.localDate}::text`,
        description: lt.description,
        counterparty: lt.counterparty,
        amountPence: lt.amountPence,
        vatPence: lt.vatPence,
        category: lt.category,
        provider: lt.provider,
        corrected: sql<boolean>`${corrections.transactionId} is not null`,
        correctable: sql<boolean>`(${lt.provider} = 'bank' and ${lt.payoutProcessor} is null)`,
      })
      .from(lt)
      .leftJoin(corrections, eq(corrections.transactionId, lt.id))
      .where(where)
      .orderBy(order(sortColumns(sign)[query.sort]), order(lt.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        count: sql<string>`count(*)`,
        total: sql<string>`coalesce(sum(${netAmount}), 0)`,
        vat: sql<string>`coalesce(sum(${lt.vatPence}), 0)`,
      })
      .from(lt)
      .where(where),
  ]);
  return {
    transactions: rows.map((r) => ({
      id: r.id,
      date: r.date,
      description: r.description,
      counterparty: r.counterparty,
      amount: toPounds(sign * Number(r.amountPence)),
      vat: toPounds(sign * Number(r.vatPence)),
      category: r.category,
      provider: r.provider,
      corrected: Boolean(r.corrected),
      correctable: Boolean(r.correctable),
    })),
    total_count: Number(summary?.count ?? 0),
    total_amount: toPounds(sign * Number(summary?.total ?? 0)),
    total_vat: toPounds(sign * Number(summary?.vat ?? 0)),
    page: query.page,
    page_size: query.pageSize,
  };
}

/** The Europe/London years the owner has transactions in, newest first. */
export async function yearsWithData(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<number>`extract(year from ${lt.localDate})::int` })
    .from(lt)
    .where(eq(lt.userId, userId));
  return rows.map((r) => Number(r.year)).sort((a, b) => b - a);
}
