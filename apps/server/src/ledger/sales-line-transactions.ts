import type { ComparedPeriod, TransactionSort } from '@brade/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { toPounds } from './figures.js';
import { categoryNames, type SalesLineKey, salesParts } from './sales-lines.js';
import { itemKeyOf } from './service-catalogue.js';

/** `%` and `_` typed by the owner are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORTS: Record<TransactionSort, SQL> = {
  date: sql`p.occurred_at`,
  description: sql`lower(coalesce(p.item, p.description))`,
  counterparty: sql`lower(p.description)`,
  amount: sql`p.amount`,
  category: sql`p.line`,
  provider: sql`p.provider`,
};

/** How a page of a line's transactions is asked for (line-transactions.ts's query, in part). */
export interface SalesPageQuery {
  search?: string | undefined;
  sort: TransactionSort;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** Which parts of the sales a line holds: a sales line (and one of its items), or a team member's sales. */
export interface SalesLineFilter {
  line?: SalesLineKey;
  itemName?: string;
  teamMember?: string;
}

/**
 * The parts of sales behind a sales line (docs/finance.md, "What was sold"): each sold item's share of its sale (the
 * item as description, the sale's own description beside it), or each sale without item detail, refund or card payout
 * whole; or the sales a team member took. Their sum net of VAT is the line; amounts are shown as paid with the VAT in
 * them. A named item can be moved to another category (the same correction as a bank line's).
 */
export async function salesLineTransactions(
  db: Db,
  userId: string,
  period: ComparedPeriod,
  filter: SalesLineFilter,
  query: SalesPageQuery,
) {
  const search = query.search?.trim();
  const conditions: SQL[] = [sql`true`];
  if (filter.line) conditions.push(sql`p.line = ${filter.line}`);
  if (filter.itemName !== undefined) conditions.push(sql`p.item_key = ${itemKeyOf(filter.itemName)}`);
  if (filter.teamMember !== undefined)
    conditions.push(sql`p.kind = 'sale' and p.team_member_id = ${filter.teamMember}`);
  if (search) {
    conditions.push(
      sql`(coalesce(p.item, '') ilike ${likePattern(search)} or p.description ilike ${likePattern(search)})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const order = query.direction === 'asc' ? sql`asc` : sql`desc`;
  const parts = salesParts(userId, period);
  const [names, rows, totals] = await Promise.all([
    categoryNames(db, userId),
    db.execute(sql`
      select coalesce(p.item_id, p.transaction_id) as id, p.item_id, p.local_date::text as date, p.description, p.item,
        p.line, p.provider, p.amount, p.amount - p.net as vat,
        exists (select 1 from ledger_sale_items s where s.id = p.item_id and s.owner_category is not null)
          or exists (select 1 from ledger_item_rules r where r.user_id = ${userId} and r.item_key = p.item_key) as corrected
      from ${parts} p
      where ${where}
      order by ${SORTS[query.sort]} ${order}, coalesce(p.item_id, p.transaction_id) ${order}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute(sql`
      select count(*) as count, coalesce(sum(p.net), 0) as total, coalesce(sum(p.amount - p.net), 0) as vat
      from ${parts} p where ${where}`),
  ]);
  const [summary] = rowsOf<{ count: string; total: string; vat: string }>(totals);
  return {
    transactions: rowsOf<{
      id: string;
      item_id: string | null;
      date: string;
      description: string;
      item: string | null;
      line: string;
      provider: string;
      amount: string;
      vat: string;
      corrected: boolean;
    }>(rows).map((r) => ({
      id: r.id,
      date: r.date,
      description: r.item ?? r.description,
      // What the processor wrote on the sale, beside the item it paid for.
      counterparty: r.item ? r.description : null,
      amount: toPounds(Number(r.amount)),
      vat: toPounds(Number(r.vat)),
      category: names.get(r.line) ?? r.line,
      provider: r.provider,
      corrected: Boolean(r.corrected),
      correctable: r.item !== null,
    })),
    total_count: Number(summary?.count ?? 0),
    total_amount: toPounds(Number(summary?.total ?? 0)),
    total_vat: toPounds(Number(summary?.vat ?? 0)),
    page: query.page,
    page_size: query.pageSize,
  };
}
