import {
  DEFAULT_VAT_SETTINGS,
  type VatCategoryRate,
  type VatScheme,
  type VatSettings,
  type VatSettingsUpdate,
  type VatStagger,
  type VatTreatment,
} from '@brade/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { vatCategoryRates, vatSettings } from './tables.js';

/** The owner's VAT settings (docs/finance.md, "VAT"); an owner who never saved any is not registered. */
export async function readVatSettings(db: Db, userId: string): Promise<VatSettings> {
  // One statement (an import reads the settings once a batch): the settings row, if any, beside each category rate.
  const rows = rowsOf<{
    scheme: VatScheme | null;
    flat_rate_bp: number | null;
    registered_from: string | null;
    stagger: VatStagger | null;
    vrn: string | null;
    category: string | null;
    treatment: VatTreatment | null;
    effective_from: string | null;
  }>(
    await db.execute(sql`
      select s.scheme, s.flat_rate_bp, s.registered_from::text as registered_from, s.stagger, s.vrn,
        r.category, r.treatment, r.effective_from::text as effective_from
      from (select 1) as one
      left join ${vatSettings} s on s.user_id = ${userId}
      left join ${vatCategoryRates} r on r.user_id = ${userId}
      order by r.category, r.effective_from`),
  );
  const categoryRates: VatCategoryRate[] = rows.flatMap((r) =>
    r.category !== null && r.treatment !== null && r.effective_from !== null
      ? [{ category: r.category, treatment: r.treatment, effective_from: r.effective_from }]
      : [],
  );
  const row = rows[0];
  if (!row?.scheme || !row.stagger) return { ...DEFAULT_VAT_SETTINGS, category_rates: categoryRates };
  return {
    scheme: row.scheme,
    flat_rate_percent: row.flat_rate_bp === null ? null : Number(row.flat_rate_bp) / 100,
    registered_from: row.registered_from,
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
