import {
  BOOKS_MESSAGES,
  ERROR_CODES,
  SALES_CATEGORIES,
  SALES_CATEGORY_KEYS,
  SALES_MESSAGES,
  type SalesCategoryKey,
} from '@brade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { HttpError } from '../http/http-error.js';
import { BANK_RULES, OTHER_INCOME, UNCATEGORISED } from './bank-rules.js';
import { categoryNames, lineKeyOf } from './sales-lines.js';
import { DEFAULT_CATEGORY_NAMES } from './service-catalogue.js';
import { ledgerCategoryNames, ledgerItemRules, ledgerSaleItems } from './tables.js';

/**
 * The owner's corrections of what was sold (docs/finance.md, "The owner's corrections"), the same mechanism as bank
 * lines': one item moved by hand, or every item of that name by a rule that future imports follow too; a rule removed
 * puts its items back where the catalogue has them, or leaves them as the owner's own moves. And a category renamed.
 * Sales figures do not move: an item changes line, not amount.
 */

const invalidCategory = () =>
  new HttpError(400, ERROR_CODES.validation, BOOKS_MESSAGES.categoryInvalid, {
    category: BOOKS_MESSAGES.categoryInvalid,
  });

interface OwnedItem {
  id: string;
  name: string | null;
  itemKey: string | null;
  category: string;
  owned: boolean;
}

/** One of the owner's sold items with its category as the reports show it, or null when it is not theirs. */
async function ownItem(db: Db, userId: string, itemId: string): Promise<OwnedItem | null> {
  const [row] = rowsOf<{
    id: string;
    name: string | null;
    item_key: string | null;
    category: string | null;
    owned: boolean;
  }>(
    await db.execute(sql`
      select s.id, s.name, s.item_key, coalesce(s.owner_category, r.category, s.category) as category,
        s.owner_category is not null as owned
      from ledger_sale_items s
      left join ledger_item_rules r on r.user_id = s.user_id and r.item_key = s.item_key
      where s.user_id = ${userId} and s.id = ${itemId}`),
  );
  if (!row || row.category === null) return null;
  return { id: row.id, name: row.name, itemKey: row.item_key, category: row.category, owned: Boolean(row.owned) };
}

async function itemsNamed(db: Db, userId: string, itemKey: string): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await db.execute(
      sql`select count(*) as n from ledger_sale_items where user_id = ${userId} and item_key = ${itemKey}`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** What the correction dialog offers for a sold item, or null when the id is not one of the owner's items. */
export async function itemCorrectionOptions(db: Db, userId: string, itemId: string) {
  const item = await ownItem(db, userId, itemId);
  if (!item) return null;
  const names = await categoryNames(db, userId);
  return {
    category: names.get(item.category) ?? item.category,
    correctable: true,
    categories: SALES_CATEGORIES.map((c) => names.get(c.key) ?? c.name),
    similar: item.itemKey
      ? { counterparty: item.name ?? item.itemKey, count: await itemsNamed(db, userId, item.itemKey) }
      : null,
    kind: 'item' as const,
  };
}

/**
 * Moves one sold item to another category, or with `applyToSimilar` every item of its name, past and future (a rule).
 * Null when the id is not one of the owner's items.
 */
export async function correctItem(
  db: Db,
  userId: string,
  request: { itemId: string; category: string; applyToSimilar: boolean },
): Promise<{ moved: number; ruleId: string | null } | null> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const item = await ownItem(tx, userId, request.itemId);
    if (!item) return null;
    const target = lineKeyOf(await categoryNames(tx, userId), request.category);
    if (!target || !SALES_CATEGORY_KEYS.includes(target as SalesCategoryKey)) throw invalidCategory();
    if (request.applyToSimilar && item.itemKey) {
      const [rule] = await tx
        .insert(ledgerItemRules)
        .values({ userId, itemKey: item.itemKey, itemName: item.name ?? item.itemKey, category: target })
        .onConflictDoUpdate({
          target: [ledgerItemRules.userId, ledgerItemRules.itemKey],
          set: { category: target, itemName: item.name ?? item.itemKey },
        })
        .returning({ id: ledgerItemRules.id });
      // The owner's word on this name now: moves of single items of it give way to the rule.
      await tx
        .update(ledgerSaleItems)
        .set({ ownerCategory: null })
        .where(and(eq(ledgerSaleItems.userId, userId), eq(ledgerSaleItems.itemKey, item.itemKey)));
      return { moved: await itemsNamed(tx, userId, item.itemKey), ruleId: rule!.id };
    }
    await tx
      .update(ledgerSaleItems)
      .set({ ownerCategory: target })
      .where(and(eq(ledgerSaleItems.userId, userId), eq(ledgerSaleItems.id, item.id)));
    return { moved: 1, ruleId: null };
  });
}

/** The owner's item rules, newest first, as the rules list shows them (direction `item`). */
export async function listItemRules(db: Db, userId: string) {
  const [names, rows] = await Promise.all([
    categoryNames(db, userId),
    db
      .select({
        id: ledgerItemRules.id,
        itemName: ledgerItemRules.itemName,
        category: ledgerItemRules.category,
        createdAt: ledgerItemRules.createdAt,
        transactions: sql<number>`(select count(*)::int from ledger_sale_items s
          where s.user_id = ledger_item_rules.user_id and s.item_key = ledger_item_rules.item_key
            and s.owner_category is null)`,
      })
      .from(ledgerItemRules)
      .where(eq(ledgerItemRules.userId, userId)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    counterparty: r.itemName,
    direction: 'item' as const,
    category: names.get(r.category) ?? r.category,
    transactions: Number(r.transactions),
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Removes an item rule: its items go back where the catalogue has them, or with `restore` false stay where the rule
 * put them as the owner's own moves. Null when it is not one of the owner's item rules.
 */
export async function removeItemRule(
  db: Db,
  userId: string,
  request: { ruleId: string; restore: boolean },
): Promise<{ restored: number } | null> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [rule] = await tx
      .select()
      .from(ledgerItemRules)
      .where(and(eq(ledgerItemRules.userId, userId), eq(ledgerItemRules.id, request.ruleId)));
    if (!rule) return null;
    const followers = await tx
      .select({ id: ledgerSaleItems.id })
      .from(ledgerSaleItems)
      .where(
        and(
          eq(ledgerSaleItems.userId, userId),
          eq(ledgerSaleItems.itemKey, rule.itemKey),
          sql`${ledgerSaleItems.ownerCategory} is null`,
        ),
      );
    if (!request.restore && followers.length > 0) {
      await tx
        .update(ledgerSaleItems)
        .set({ ownerCategory: rule.category })
        .where(
          and(
            eq(ledgerSaleItems.userId, userId),
            eq(ledgerSaleItems.itemKey, rule.itemKey),
            sql`${ledgerSaleItems.ownerCategory} is null`,
          ),
        );
    }
    await tx.delete(ledgerItemRules).where(eq(ledgerItemRules.id, rule.id));
    return { restored: request.restore ? followers.length : 0 };
  });
}

/** Names no sales category may take: the other lines of the reports. */
const RESERVED = new Set(
  [...BANK_RULES.map((r) => r.category), UNCATEGORISED, OTHER_INCOME, 'Sales'].map((n) => n.toLowerCase()),
);

/**
 * Renames one of the sales categories (`category` is its name as the reports show it now). The catalogue's own name
 * back removes the owner's. Another line's name is refused, so a report never shows two lines of one name.
 */
export async function renameSalesCategory(
  db: Db,
  userId: string,
  request: { category: string; name: string },
): Promise<{ name: string }> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const names = await categoryNames(tx, userId);
    const key = lineKeyOf(names, request.category);
    if (!key || !SALES_CATEGORY_KEYS.includes(key as SalesCategoryKey)) {
      throw new HttpError(400, ERROR_CODES.validation, SALES_MESSAGES.categoryUnknown, {
        category: SALES_MESSAGES.categoryUnknown,
      });
    }
    const taken = [...names].some(
      ([other, shown]) => other !== key && shown.toLowerCase() === request.name.toLowerCase(),
    );
    if (taken || RESERVED.has(request.name.toLowerCase())) {
      throw new HttpError(400, ERROR_CODES.validation, SALES_MESSAGES.nameTaken, { name: SALES_MESSAGES.nameTaken });
    }
    if (request.name === DEFAULT_CATEGORY_NAMES[key as SalesCategoryKey]) {
      await tx
        .delete(ledgerCategoryNames)
        .where(and(eq(ledgerCategoryNames.userId, userId), eq(ledgerCategoryNames.category, key)));
    } else {
      await tx
        .insert(ledgerCategoryNames)
        .values({ userId, category: key, name: request.name })
        .onConflictDoUpdate({
          target: [ledgerCategoryNames.userId, ledgerCategoryNames.category],
          set: { name: request.name, updatedAt: new Date() },
        });
    }
    return { name: request.name };
  });
}

/** The sales categories as this owner names them, in the catalogue's order. */
export async function salesCategories(db: Db, userId: string) {
  const names = await categoryNames(db, userId);
  return SALES_CATEGORIES.map((c) => ({ key: c.key, name: names.get(c.key) ?? c.name, default_name: c.name }));
}
