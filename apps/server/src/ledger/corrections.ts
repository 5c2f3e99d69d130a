import { BOOKS_MESSAGES, ERROR_CODES } from '@brade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { HttpError, notFound } from '../http/http-error.js';
import { BANK_RULES, OTHER_INCOME, UNCATEGORISED } from './bank-rules.js';
import { withOwnerBooks } from './books-lock.js';
import {
  ledgerCorrections as corrections,
  type LedgerKind,
  ledgerTransactions as lt,
  type RuleDirection,
  ledgerCategoryRules as rules,
} from './tables.js';
import { refreshRowVat } from './vat-rows.js';

/**
 * The owner's own corrections and rules (docs/finance.md, "The owner's corrections"). Only bank lines move: a card
 * row's kind is what its processor says it is, and a card payout's is settled against the ledger (payouts.ts).
 */

/** A category the owner may move a bank line to, with the kind it gives a line of that direction. */
export function categoriesFor(direction: RuleDirection): Array<{ category: string; kind: LedgerKind }> {
  const seen = new Map<string, LedgerKind>();
  for (const rule of BANK_RULES) {
    if (rule.kind === 'processor_payout') continue;
    if (rule.sign !== 'either' && rule.sign !== direction) continue;
    if (!seen.has(rule.category)) seen.set(rule.category, rule.kind);
  }
  const fallback = direction === 'debit' ? UNCATEGORISED : OTHER_INCOME;
  seen.set(fallback, direction === 'debit' ? 'expense' : 'other_income');
  return [...seen].map(([category, kind]) => ({ category, kind }));
}

/** The key a rule matches a counterparty by: upper case, ends trimmed, inner spaces squeezed. */
export const counterpartyKeyOf = (counterparty: string) => counterparty.trim().replace(/\s+/g, ' ').toUpperCase();
const keySql = (column: unknown) => sql`upper(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;
const directionSql = sql`case when ${lt.amountPence} < 0 then 'debit' else 'credit' end`;
/** Bank lines that are not card payouts: the rows the owner may move. */
const correctableSql = sql`(${lt.provider} = 'bank' and ${lt.payoutProcessor} is null)`;

/** The kind a category gives a line of this direction, as a SQL `case` (for rules applied in bulk). */
function kindCaseSql(direction: 'debit' | 'credit', category: unknown, otherwise: unknown) {
  const options = categoriesFor(direction);
  return sql`case ${category} ${sql.join(
    options.map((o) => sql`when ${o.category} then ${o.kind}`),
    sql` `,
  )} else ${otherwise} end`;
}

/**
 * Applies the owner's rules and corrections to their bank lines of a range of days, after the import has written
 * what the rule table decided: a line from a rule's counterparty and direction that the owner has not moved by hand
 * gets the rule's category; every corrected line gets the owner's category back, and the correction remembers what
 * the books decided this time. Runs in the import's transaction, before its daily totals are rebuilt.
 */
export async function applyOwnerCorrections(db: Db, userId: string, range: { from: string; to: string }) {
  // One look first: most owners have no rules and no corrections, and an import runs this once a batch.
  const [mine] = rowsOf<{ rules: boolean; corrected: boolean }>(
    await db.execute(sql`select exists (select 1 from ${rules} where ${rules.userId} = ${userId}) as rules,
      exists (select 1 from ${corrections} where ${corrections.userId} = ${userId}) as corrected`),
  );
  if (mine?.rules) {
    for (const direction of ['debit', 'credit'] as const) {
      await db.execute(sql`
        insert into ${corrections} (transaction_id, user_id, category, kind, original_category, original_kind, rule_id)
        select l.id, l.user_id, r.category, ${kindCaseSql(direction, sql`r.category`, sql`l.kind`)}, l.category, l.kind, r.id
        from ledger_transactions l
        join ledger_category_rules r on r.user_id = l.user_id and r.direction = ${direction}
          and r.counterparty_key = ${keySql(sql`l.counterparty`)}
        where l.user_id = ${userId} and l.local_date between ${range.from} and ${range.to}
          and l.provider = 'bank' and l.payout_processor is null and l.counterparty is not null
          and ${direction === 'debit' ? sql`l.amount_pence < 0` : sql`l.amount_pence >= 0`}
        on conflict (transaction_id) do nothing`);
    }
  }
  // Rules applied just now are corrections too.
  if (!mine?.rules && !mine?.corrected) return;
  // A row the import just wrote carries the rule table's category again: remember it, then put the owner's back.
  await db.execute(sql`
    update ledger_corrections c set original_category = l.category, original_kind = l.kind
    from ledger_transactions l
    where c.transaction_id = l.id and c.user_id = ${userId} and l.user_id = ${userId}
      and l.local_date between ${range.from} and ${range.to}
      and (l.category <> c.category or l.kind <> c.kind)`);
  await db.execute(sql`
    update ledger_transactions l set category = c.category, kind = c.kind
    from ledger_corrections c
    where c.transaction_id = l.id and c.user_id = ${userId} and l.user_id = ${userId}
      and l.local_date between ${range.from} and ${range.to}
      and (l.category <> c.category or l.kind <> c.kind)`);
}

interface OwnedTransaction {
  id: string;
  category: string;
  kind: LedgerKind;
  counterparty: string | null;
  direction: RuleDirection;
  correctable: boolean;
}

async function ownTransaction(db: Db, userId: string, transactionId: string): Promise<OwnedTransaction> {
  const [row] = await db
    .select({
      id: lt.id,
      category: lt.category,
      kind: lt.kind,
      counterparty: lt.counterparty,
      direction: sql<RuleDirection>`${directionSql}`,
      correctable: sql<boolean>`${correctableSql}`,
    })
    .from(lt)
    .where(and(eq(lt.userId, userId), eq(lt.id, transactionId)));
  if (!row) throw notFound();
  return row;
}

/** Bank lines of the owner from this counterparty in this direction (the "similar transactions"). */
const similarWhere = (userId: string, counterparty: string, direction: RuleDirection) =>
  sql`${lt.userId} = ${userId} and ${correctableSql} and ${lt.counterparty} is not null
    and ${keySql(lt.counterparty)} = ${counterpartyKeyOf(counterparty)}
    and ${direction === 'debit' ? sql`${lt.amountPence} < 0` : sql`${lt.amountPence} >= 0`}`;

/** What the correction dialog offers: the direction's categories and how many similar lines there are. */
export async function correctionOptions(db: Db, userId: string, transactionId: string) {
  const row = await ownTransaction(db, userId, transactionId);
  let similar: { counterparty: string; count: number } | null = null;
  if (row.correctable && row.counterparty && row.counterparty.trim() !== '') {
    const [found] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(lt)
      .where(similarWhere(userId, row.counterparty, row.direction));
    similar = { counterparty: row.counterparty.trim(), count: Number(found?.n ?? 0) };
  }
  return {
    category: row.category,
    correctable: row.correctable,
    categories: row.correctable ? categoriesFor(row.direction).map((c) => c.category) : [],
    similar,
  };
}

/**
 * Moves one bank line to another category, or, with `applyToSimilar`, every bank line from the same counterparty
 * in the same direction, and keeps a rule for future imports. The moved days' totals are rebuilt in the same
 * transaction, so every figure moves at once.
 */
export async function correctTransaction(
  db: Db,
  userId: string,
  request: { transactionId: string; category: string; applyToSimilar: boolean },
): Promise<{ moved: number; ruleId: string | null; transactionIds: string[] }> {
  return withOwnerBooks(db, userId, async (tx) => {
    const row = await ownTransaction(tx, userId, request.transactionId);
    if (!row.correctable) throw new HttpError(400, ERROR_CODES.validation, BOOKS_MESSAGES.notCorrectable);
    const target = categoriesFor(row.direction).find((c) => c.category === request.category);
    if (!target) {
      throw new HttpError(400, ERROR_CODES.validation, BOOKS_MESSAGES.categoryInvalid, {
        category: BOOKS_MESSAGES.categoryInvalid,
      });
    }
    let ruleId: string | null = null;
    let where = sql`${lt.userId} = ${userId} and ${lt.id} = ${row.id}`;
    if (request.applyToSimilar && row.counterparty && row.counterparty.trim() !== '') {
      const [rule] = await tx
        .insert(rules)
        .values({
          userId,
          counterpartyKey: counterpartyKeyOf(row.counterparty),
          counterparty: row.counterparty.trim(),
          direction: row.direction,
          category: target.category,
        })
        .onConflictDoUpdate({
          target: [rules.userId, rules.counterpartyKey, rules.direction],
          set: { category: target.category, counterparty: row.counterparty.trim() },
        })
        .returning({ id: rules.id });
      ruleId = rule!.id;
      where = similarWhere(userId, row.counterparty, row.direction);
    }
    // Corrections keep what the books first decided: a second move of a row changes only the owner's category.
    const moved = rowsOf<{ id: string; day: string }>(
      await tx.execute(sql`
        with picked as (select ${lt.id} as id, ${lt.localDate}::text as day, ${lt.category} as category, ${lt.kind} as kind
                        from ${lt} where ${where}),
        saved as (
          insert into ledger_corrections (transaction_id, user_id, category, kind, original_category, original_kind, rule_id)
          select id, ${userId}, ${target.category}, ${target.kind}, category, kind, ${ruleId}::uuid from picked
          on conflict (transaction_id) do update set category = excluded.category, kind = excluded.kind,
            rule_id = excluded.rule_id
          returning transaction_id)
        update ledger_transactions l set category = ${target.category}, kind = ${target.kind}
        from picked where l.id = picked.id
        returning l.id::text as id, picked.day as day`),
    );
    // A moved line takes its new category's VAT rate; refreshRowVat rebuilds the moved days' totals too.
    await refreshRowVat(tx, userId, { ids: moved.map((m) => m.id) });
    return { moved: moved.length, ruleId, transactionIds: moved.map((m) => m.id) };
  });
}

/** The owner's rules, newest first, each with how many transactions still follow it. */
export async function listRules(db: Db, userId: string) {
  const rows = await db
    .select({
      id: rules.id,
      counterparty: rules.counterparty,
      direction: rules.direction,
      category: rules.category,
      createdAt: rules.createdAt,
      transactions: sql<number>`(select count(*)::int from ledger_corrections c where c.rule_id = ${rules.id})`,
    })
    .from(rules)
    .where(eq(rules.userId, userId))
    .orderBy(sql`${rules.createdAt} desc`, rules.id);
  return rows.map((r) => ({
    id: r.id,
    counterparty: r.counterparty,
    direction: r.direction,
    category: r.category,
    transactions: Number(r.transactions),
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Removes a rule. With `restore`, the transactions it moved go back to what the books decided; without, they keep
 * the rule's category as the owner's own corrections (so a re-import keeps them too).
 */
export async function removeRule(
  db: Db,
  userId: string,
  request: { ruleId: string; restore: boolean },
): Promise<{ restored: number; transactionIds: string[] }> {
  return withOwnerBooks(db, userId, async (tx) => {
    const [rule] = await tx
      .select({ id: rules.id })
      .from(rules)
      .where(and(eq(rules.userId, userId), eq(rules.id, request.ruleId)));
    if (!rule) throw notFound();
    let restored: Array<{ id: string; day: string }> = [];
    if (request.restore) {
      restored = rowsOf<{ id: string; day: string }>(
        await tx.execute(sql`
          with gone as (delete from ledger_corrections where rule_id = ${rule.id} and user_id = ${userId}
                        returning transaction_id, original_category, original_kind)
          update ledger_transactions l set category = gone.original_category, kind = gone.original_kind
          from gone where l.id = gone.transaction_id and l.user_id = ${userId}
          returning l.id::text as id, l.local_date::text as day`),
      );
    }
    await tx.delete(rules).where(eq(rules.id, rule.id));
    await refreshRowVat(tx, userId, { ids: restored.map((r) => r.id) });
    return { restored: restored.length, transactionIds: restored.map((r) => r.id) };
  });
}
