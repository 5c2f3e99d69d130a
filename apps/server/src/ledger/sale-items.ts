import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Processor, SourceItem, SourceTeamMember } from './classify.js';
import { catalogueCategoryOf, itemKeyOf, MAX_ITEM_NAME } from './service-catalogue.js';

/** One line of a sale as the import writes it (docs/finance.md, "What was sold"). */
export interface ItemInput {
  name: string | null;
  variation: string | null;
  itemKey: string | null;
  quantity: number;
  amountPence: number;
  category: string | null;
}

/** More lines than any till rings up for one client; a provider's longer list is cut here. */
const MAX_LINES = 100;
const MAX_QUANTITY = 10_000;

/** Provider text as one plain line: no control or format characters, spaces squeezed, at most 200 characters. */
function plainText(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_ITEM_NAME);
  return text === '' ? null : text;
}

/**
 * The lines of a sale as stored: names made plain text and matched to the service catalogue, quantities whole.
 * Lines the ledger cannot share a payment over (a negative or non-integer amount, or lines adding up to nothing) say
 * nothing trustworthy about the sale, which then has no item detail (an empty list). `undefined`/null: not asked.
 */
export function itemInputsOf(items: readonly SourceItem[] | null | undefined): ItemInput[] | null {
  if (items == null) return null;
  const lines = items.slice(0, MAX_LINES);
  if (lines.some((line) => !Number.isSafeInteger(line.amountPence) || line.amountPence < 0)) return [];
  if (lines.reduce((sum, line) => sum + line.amountPence, 0) === 0) return [];
  return lines.map((line) => {
    const name = plainText(line.name);
    const variation = plainText(line.variation);
    const quantity = Number.isFinite(line.quantity)
      ? Math.min(MAX_QUANTITY, Math.max(1, Math.round(line.quantity)))
      : 1;
    return {
      name,
      variation,
      itemKey: name === null ? null : itemKeyOf(name),
      quantity,
      amountPence: line.amountPence,
      category: name === null ? null : catalogueCategoryOf(name, variation),
    };
  });
}

/** A sale of a batch, as written, and the lines it carries. */
export interface SaleLines {
  transactionId: string;
  localDate: string;
  items: ItemInput[];
  /** Whether the ledger already held the sale: only then can it hold lines to drop. */
  stored: boolean;
}

/**
 * Writes the lines of a batch's sales, after the sales themselves (same transaction): each line upserted by its
 * position, keeping the owner's move of that item, and the lines a sale no longer has removed. One statement each,
 * one array parameter a column.
 */
export async function writeSaleItems(db: Db, userId: string, sales: readonly SaleLines[]): Promise<void> {
  const again = sales.filter((s) => s.stored);
  if (again.length > 0) {
    await db.execute(sql`
      delete from ledger_sale_items s
      using unnest(${sql.param(again.map((r) => r.transactionId))}::uuid[], ${sql.param(again.map((r) => r.items.length))}::int[])
        as k(transaction_id, n)
      where s.transaction_id = k.transaction_id and s.position >= k.n and s.user_id = ${userId}`);
  }
  const lines = sales.flatMap((s) => s.items.map((item, position) => ({ ...item, position, sale: s })));
  if (lines.length === 0) return;
  const col = <T>(pick: (r: (typeof lines)[number]) => T) => sql.param(lines.map(pick));
  await db.execute(sql`
    insert into ledger_sale_items (user_id, transaction_id, position, local_date, name, variation, item_key, quantity,
      amount_pence, category)
    select ${userId}::uuid, * from unnest(${col((r) => r.sale.transactionId)}::uuid[], ${col((r) => r.position)}::int[],
      ${col((r) => r.sale.localDate)}::date[], ${col((r) => r.name)}::text[], ${col((r) => r.variation)}::text[],
      ${col((r) => r.itemKey)}::text[], ${col((r) => r.quantity)}::int[], ${col((r) => r.amountPence)}::bigint[],
      ${col((r) => r.category)}::text[])
    on conflict (transaction_id, position) do update set local_date = excluded.local_date, name = excluded.name,
      variation = excluded.variation, item_key = excluded.item_key, quantity = excluded.quantity,
      amount_pence = excluded.amount_pence, category = excluded.category`);
}

/** The team members a provider's directory named in an import run, by the id its payments carry. */
export async function writeTeamMembers(
  db: Db,
  userId: string,
  provider: Processor,
  members: readonly SourceTeamMember[],
  seenAt: Date,
): Promise<void> {
  const named = [
    ...new Map(
      members.flatMap((m) => {
        const id = plainText(m.id);
        const name = plainText(m.name);
        return id && name ? [[id, name] as const] : [];
      }),
    ),
  ];
  if (named.length === 0) return;
  await db.execute(sql`
    insert into ledger_team_members (user_id, provider, external_id, name, seen_at)
    select ${userId}::uuid, ${provider}, m.id, m.name, ${seenAt.toISOString()}::timestamptz
    from unnest(${sql.param(named.map(([id]) => id))}::text[], ${sql.param(named.map(([, name]) => name))}::text[])
      as m(id, name)
    on conflict (user_id, provider, external_id) do update set name = excluded.name, seen_at = excluded.seen_at`);
}
