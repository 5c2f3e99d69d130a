import { DEFAULT_VAT_SETTINGS, type VatCategoryRate, type VatSettings, type VatSettingsUpdate } from '@brade/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { vatCategoryRates, vatSettings } from './tables.js';

/** The owner's VAT settings (docs/finance.md, "VAT"); an owner who never saved any is not registered. */
export async function readVatSettings(db: Db, userId: string): Promise<VatSettings> {
  const [[row], rates] = await Promise.all([
    db.select().from(vatSettings).where(eq(vatSettings.userId, userId)),
    db
      .select()
      .from(vatCategoryRates)
      .where(eq(vatCategoryRates.userId, userId))
      .orderBy(asc(vatCategoryRates.category), asc(vatCategoryRates.effectiveFrom)),
  ]);
  const categoryRates: VatCategoryRate[] = rates.map((r) => ({
    category: r.category,
    treatment: r.treatment,
    effective_from: r.effectiveFrom,
  }));
  if (!row) return { ...DEFAULT_VAT_SETTINGS, category_rates: categoryRates };
  return {
    scheme: row.scheme,
    flat_rate_percent: row.flatRateBp === null ? null : row.flatRateBp / 100,
    registered_from: row.registeredFrom,
    stagger: row.stagger,
    category_rates: categoryRates,
    vrn: row.vrn,
  };
}

/**
 * Writes the settings as sent (the category rates only when sent: they then replace the owner's list). Checking that
 * a rate change spares the quarters already paid, and re-deriving the rows' VAT, are the caller's (settings/routes.ts).
 */
export async function writeVatSettings(db: Db, userId: string, settings: VatSettingsUpdate): Promise<void> {
  const registered = settings.scheme !== 'not_registered';
  const values = {
    scheme: settings.scheme,
    flatRateBp:
      settings.scheme === 'flat_rate' && settings.flat_rate_percent != null
        ? Math.round(settings.flat_rate_percent * 100)
        : null,
    registeredFrom: registered ? (settings.registered_from ?? null) : null,
    stagger: settings.stagger ?? DEFAULT_VAT_SETTINGS.stagger,
    // Left out of the request, the VAT number stays as it was.
    ...(settings.vrn !== undefined ? { vrn: settings.vrn } : {}),
    updatedAt: new Date(),
  };
  await db
    .insert(vatSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: vatSettings.userId, set: values });
  if (settings.category_rates) {
    await db.delete(vatCategoryRates).where(eq(vatCategoryRates.userId, userId));
    const unique = new Map(settings.category_rates.map((r) => [`${r.category}\u0000${r.effective_from}`, r]));
    if (unique.size > 0)
      await db.insert(vatCategoryRates).values(
        [...unique.values()].map((r) => ({
          userId,
          category: r.category,
          effectiveFrom: r.effective_from,
          treatment: r.treatment,
        })),
      );
  }
}
