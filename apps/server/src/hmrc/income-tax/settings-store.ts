import type { ExpensesMode, HmrcExpenseCategory, QuarterType } from '@brade/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { incomeTaxCategoryMap, incomeTaxDisallowable, incomeTaxSettings } from './tables.js';

/** A sole trader's saved Income Tax details, or the defaults when none are saved. */
export interface StoredIncomeTaxSettings {
  nino: string | null;
  quarterType: QuarterType;
  expenses: ExpensesMode;
  businessId: string | null;
  tradingName: string | null;
  ownerAnswer: { pence: number; taxYear: string } | null;
}

export async function readIncomeTaxSettings(db: Db, userId: string): Promise<StoredIncomeTaxSettings> {
  const [row] = await db.select().from(incomeTaxSettings).where(eq(incomeTaxSettings.userId, userId));
  return {
    nino: row?.nino ?? null,
    quarterType: row?.quarterType ?? 'standard',
    expenses: row?.expenses ?? 'itemised',
    businessId: row?.businessId ?? null,
    tradingName: row?.tradingName ?? null,
    ownerAnswer:
      row?.qualifyingIncomePence != null && row.qualifyingIncomeTaxYear
        ? { pence: row.qualifyingIncomePence, taxYear: row.qualifyingIncomeTaxYear }
        : null,
  };
}

/** Saves what is given; what is left out stays. A new NINO forgets the HMRC business found under the old one. */
export async function saveIncomeTaxSettings(
  db: Db,
  userId: string,
  changes: {
    nino?: string | null;
    quarterType?: QuarterType;
    expenses?: ExpensesMode;
    business?: { id: string; tradingName: string | null } | null;
    ownerAnswer?: { pence: number; taxYear: string } | null;
  },
  now: Date,
): Promise<void> {
  const current = await readIncomeTaxSettings(db, userId);
  const ninoChanged = changes.nino !== undefined && changes.nino !== current.nino;
  const business =
    changes.business !== undefined
      ? changes.business
      : ninoChanged
        ? null
        : current.businessId
          ? { id: current.businessId, tradingName: current.tradingName }
          : null;
  const answer = changes.ownerAnswer !== undefined ? changes.ownerAnswer : current.ownerAnswer;
  const values = {
    nino: changes.nino !== undefined ? changes.nino : current.nino,
    quarterType: changes.quarterType ?? current.quarterType,
    expenses: changes.expenses ?? current.expenses,
    businessId: business?.id ?? null,
    tradingName: business?.tradingName ?? null,
    qualifyingIncomePence: answer?.pence ?? null,
    qualifyingIncomeTaxYear: answer?.taxYear ?? null,
    updatedAt: now,
  };
  await db
    .insert(incomeTaxSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: incomeTaxSettings.userId, set: values });
}

/** The owner's own placing of their categories under HMRC's (category → HMRC category). */
export async function readCategoryMap(db: Db, userId: string): Promise<Map<string, HmrcExpenseCategory>> {
  const rows = await db.select().from(incomeTaxCategoryMap).where(eq(incomeTaxCategoryMap.userId, userId));
  return new Map(rows.map((row) => [row.category, row.hmrcCategory]));
}

export async function saveCategoryMapping(
  db: Db,
  userId: string,
  category: string,
  hmrcCategory: HmrcExpenseCategory | null,
): Promise<void> {
  if (hmrcCategory === null) {
    await db
      .delete(incomeTaxCategoryMap)
      .where(and(eq(incomeTaxCategoryMap.userId, userId), eq(incomeTaxCategoryMap.category, category)));
    return;
  }
  await db
    .insert(incomeTaxCategoryMap)
    .values({ userId, category, hmrcCategory })
    .onConflictDoUpdate({
      target: [incomeTaxCategoryMap.userId, incomeTaxCategoryMap.category],
      set: { hmrcCategory, createdAt: new Date() },
    });
}

/** The owner's disallowable marks (transaction id → pence net of VAT). */
export async function readDisallowable(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db.select().from(incomeTaxDisallowable).where(eq(incomeTaxDisallowable.userId, userId));
  return new Map(rows.map((row) => [row.transactionId, row.amountPence]));
}

export async function saveDisallowable(db: Db, userId: string, transactionId: string, pence: number | null) {
  if (pence === null) {
    await db
      .delete(incomeTaxDisallowable)
      .where(and(eq(incomeTaxDisallowable.userId, userId), eq(incomeTaxDisallowable.transactionId, transactionId)));
    return;
  }
  await db
    .insert(incomeTaxDisallowable)
    .values({ userId, transactionId, amountPence: pence })
    .onConflictDoUpdate({
      target: incomeTaxDisallowable.transactionId,
      set: { amountPence: pence, markedAt: new Date() },
    });
}
