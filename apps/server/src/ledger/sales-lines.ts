import {
  type CardProcessor,
  type ComparedPeriod,
  noItemDetailLine,
  SALES_CATEGORIES,
  SALES_CATEGORY_KEYS,
  type SalesCategoryKey,
} from '@brade/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { inPeriod } from './period-sql.js';
import { DEFAULT_CATEGORY_NAMES } from './service-catalogue.js';
import { ledgerCategoryNames } from './tables.js';

/**
 * The sales lines of docs/finance.md, "What was sold": every sale and refund of a period split into what it paid for.
 * A sale with lines is shared over them in proportion to their amounts, so its parts add up to it to the penny, net
 * of VAT as every figure is (each part is the rounded running share less the running share before it); a line's
 * category is the owner's move of that item, else the owner's rule for its name, else the catalogue's. A sale without
 * lines, or a line without a name, is its processor's "without item detail" line; a card payout counted as sales is
 * "Card payouts"; refunds are "Refunds".
 */

/** A sales line's key: a catalogue category, a processor's sales without item detail, card payouts or refunds. */
export type SalesLineKey = SalesCategoryKey | `no_items:${CardProcessor}` | 'card_payouts' | 'refunds';

const FIXED_NAMES: Record<string, string> = {
  'no_items:stripe': noItemDetailLine('stripe'),
  'no_items:square': noItemDetailLine('square'),
  'no_items:sumup': noItemDetailLine('sumup'),
  card_payouts: 'Card payouts',
  refunds: 'Refunds',
};

/** Where a line sits in the report: services, then retail products, gift vouchers, and the lines without items. */
const SECTION: Record<string, number> = Object.fromEntries([
  ...SALES_CATEGORIES.map((c) => [c.key, c.group === 'services' ? 0 : c.group === 'retail' ? 1 : 2]),
  ['no_items:stripe', 3],
  ['no_items:square', 3],
  ['no_items:sumup', 3],
  ['card_payouts', 4],
  ['refunds', 5],
]);

/** A sales line's place in a report: services, retail products, gift vouchers, without item detail, payouts, refunds. */
export const salesLineRank = (key: string): number => SECTION[key] ?? 6;

/** The part of a sale's amount a line takes: its running share, rounded, less the running share before it. */
const share = (amount: SQL) =>
  sql`(round(i.upto::numeric * ${amount} / i.whole) - round((i.upto - i.amount_pence)::numeric * ${amount} / i.whole))::bigint`;

/**
 * One row a sale's line, a sale without lines or a refund, as SQL (the parts of a period; `where` narrows them).
 * Columns: transaction_id, item_id, local_date, occurred_at, provider, kind, description, client_id, sale_purpose,
 * team_member_id, payer_known, line, item_key, item, quantity, amount (gross) and net (net of VAT).
 */
export function salesParts(userId: string, period: ComparedPeriod): SQL {
  const rowColumns = sql`ledger_transactions.id as transaction_id, ledger_transactions.local_date,
    ledger_transactions.occurred_at, ledger_transactions.provider, ledger_transactions.kind,
    ledger_transactions.description, ledger_transactions.client_id, ledger_transactions.sale_purpose,
    ledger_transactions.team_member_id,
    (ledger_transactions.payer_customer_key is not null or ledger_transactions.payer_card_key is not null
      or ledger_transactions.payer_email_key is not null) as payer_known`;
  return sql`(
    with items as (
      select s.id, s.transaction_id, s.position, s.name, s.item_key, s.quantity, s.amount_pence,
        coalesce(s.owner_category, r.category, s.category) as category,
        sum(s.amount_pence) over (partition by s.transaction_id order by s.position
          rows between unbounded preceding and current row) as upto,
        sum(s.amount_pence) over (partition by s.transaction_id) as whole
      from ledger_sale_items s
      left join ledger_item_rules r on r.user_id = s.user_id and r.item_key = s.item_key
      where s.user_id = ${userId} and s.local_date between ${period.from} and ${period.to}
    )
    select ${rowColumns}, i.id as item_id,
      coalesce(i.category, 'no_items:' || ledger_transactions.provider) as line,
      i.item_key, i.name as item, i.quantity,
      ${share(sql`ledger_transactions.amount_pence`)} as amount,
      ${share(sql`(ledger_transactions.amount_pence - ledger_transactions.vat_pence)`)} as net
    from items i join ledger_transactions on ledger_transactions.id = i.transaction_id
    where ledger_transactions.user_id = ${userId} and ledger_transactions.kind = 'sale' and i.whole > 0
      and ${inPeriod(period)}
    union all
    select ${rowColumns}, null as item_id,
      case when ledger_transactions.kind = 'refund' then 'refunds'
        when ledger_transactions.provider = 'bank' then 'card_payouts'
        else 'no_items:' || ledger_transactions.provider end as line,
      null as item_key, null as item, null as quantity,
      ledger_transactions.amount_pence as amount, ledger_transactions.amount_pence - ledger_transactions.vat_pence as net
    from ledger_transactions
    where ledger_transactions.user_id = ${userId} and ledger_transactions.kind in ('sale', 'refund') and ${inPeriod(period)}
      and not (ledger_transactions.kind = 'sale' and exists (select 1 from ledger_sale_items s
        where s.transaction_id = ledger_transactions.id and s.amount_pence > 0))
  )`;
}

/** The owner's names of the sales categories, by key (the catalogue's where they kept it). */
export async function categoryNames(db: Db, userId: string): Promise<Map<string, string>> {
  const renamed = await db
    .select({ category: ledgerCategoryNames.category, name: ledgerCategoryNames.name })
    .from(ledgerCategoryNames)
    .where(eq(ledgerCategoryNames.userId, userId));
  const names = new Map<string, string>(Object.entries({ ...DEFAULT_CATEGORY_NAMES, ...FIXED_NAMES }));
  for (const r of renamed)
    if (SALES_CATEGORY_KEYS.includes(r.category as SalesCategoryKey)) names.set(r.category, r.name);
  return names;
}

/** The key of a line as the reports name it, or null when no sales line has that name. */
export function lineKeyOf(names: ReadonlyMap<string, string>, name: string): SalesLineKey | null {
  for (const [key, shown] of names) if (shown === name) return key as SalesLineKey;
  return null;
}

export interface SalesItemLine {
  key: string;
  name: string;
  /** Net of VAT, pence, signed as the report shows it (refunds negative). */
  pence: number;
  parts: number;
}

export interface SalesCategoryLine {
  key: SalesLineKey;
  name: string;
  pence: number;
  /** Distinct sales (and refunds) behind the line. */
  transactions: number;
  /** What the category sold, largest first; empty for the lines without items. */
  items: SalesItemLine[];
}

/**
 * The period's sales by category, then item (docs/finance.md, "What was sold"): services first, largest first, then
 * retail products, gift vouchers, each processor's sales without item detail, card payouts and refunds.
 */
export async function salesByCategory(db: Db, userId: string, period: ComparedPeriod): Promise<SalesCategoryLine[]> {
  const [names, rows] = await Promise.all([
    categoryNames(db, userId),
    db.execute(sql`
      select p.line, p.item_key, grouping(p.item_key) as whole_line, min(p.item) as item, sum(p.net)::bigint as net,
        count(*) as parts, count(distinct p.transaction_id) as transactions
      from ${salesParts(userId, period)} p
      group by grouping sets ((p.line), (p.line, p.item_key))`),
  ]);
  const grouped = rowsOf<{
    line: string;
    item_key: string | null;
    whole_line: number | string;
    item: string | null;
    net: string;
    parts: string;
    transactions: string;
  }>(rows);
  const lines = new Map<string, SalesCategoryLine>();
  for (const r of grouped) {
    if (Number(r.whole_line) !== 1) continue;
    lines.set(r.line, {
      key: r.line as SalesLineKey,
      name: names.get(r.line) ?? r.line,
      pence: Number(r.net),
      transactions: Number(r.transactions),
      items: [],
    });
  }
  for (const r of grouped) {
    // A line without a name is its processor's line without item detail, not an item of it.
    if (Number(r.whole_line) === 1 || r.item_key === null) continue;
    lines
      .get(r.line)
      ?.items.push({ key: r.item_key, name: r.item ?? r.item_key, pence: Number(r.net), parts: Number(r.parts) });
  }
  const bySize = (a: { pence: number; name: string }, b: { pence: number; name: string }) =>
    Math.abs(b.pence) - Math.abs(a.pence) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const result = [...lines.values()];
  for (const line of result) line.items.sort(bySize);
  return result.sort((a, b) => salesLineRank(a.key) - salesLineRank(b.key) || bySize(a, b));
}
