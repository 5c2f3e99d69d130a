import {
  ERROR_CODES,
  FLAT_RATE_JOIN_LIMIT_PENCE,
  formatPence,
  londonDateOf,
  VAT_MESSAGES,
  type VatCategoryRate,
  type VatSettingsUpdate,
} from '@brade/contract';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/http-error.js';
import { readVatSettings, writeVatSettings } from '../settings/vat-settings.js';
import { withOwnerBooks } from './books-lock.js';
import { yearTurnover } from './vat-registration.js';
import { lastPaidVatQuarterEnd, refreshRowVat } from './vat-rows.js';

const rateKey = (r: VatCategoryRate) => `${r.category}\u0000${r.effective_from}\u0000${r.treatment}`;

/**
 * Saves the owner's VAT settings and re-derives the VAT of every row (docs/finance.md, "VAT"), in one transaction.
 * It lives with the books, not with settings: settings keeps the choices, the ledger reads them (settings/ sits
 * below ledger/ in docs/architecture.md, "The order of the folders").
 * A category rate added, changed or removed must take effect after the last VAT quarter paid, so the quarters already
 * paid keep their figures; a change of scheme or registration date is a fact about the past and reaches every row.
 */
export async function saveVatSettings(
  db: Db,
  userId: string,
  settings: VatSettingsUpdate,
  today = londonDateOf(new Date()),
): Promise<void> {
  await withOwnerBooks(db, userId, async (tx) => {
    const before = await readVatSettings(tx, userId);
    // Joining the Flat Rate Scheme needs expected taxable turnover of £150,000 or less, excluding VAT: the last 12
    // months are Brade's evidence (docs/finance.md, "Flat Rate Scheme: which rate").
    if (settings.scheme === 'flat_rate' && before.scheme !== 'flat_rate') {
      const { netPence } = await yearTurnover(tx, userId, today);
      if (netPence > FLAT_RATE_JOIN_LIMIT_PENCE) {
        const message = VAT_MESSAGES.flatRateTooBig(formatPence(netPence));
        throw new HttpError(400, ERROR_CODES.validation, message, { scheme: message });
      }
    }
    if (settings.category_rates) {
      const old = new Set(before.category_rates.map(rateKey));
      const now = new Set(settings.category_rates.map(rateKey));
      const changed = [
        ...settings.category_rates.filter((r) => !old.has(rateKey(r))),
        ...before.category_rates.filter((r) => !now.has(rateKey(r))),
      ];
      if (changed.length > 0) {
        const paidEnd = await lastPaidVatQuarterEnd(tx, userId, settings.stagger ?? before.stagger);
        if (paidEnd && changed.some((r) => r.effective_from <= paidEnd)) {
          const message = VAT_MESSAGES.paidQuarter(paidEnd);
          throw new HttpError(400, ERROR_CODES.validation, message, { category_rates: message });
        }
      }
    }
    // Quarters left out of the request stay as they were.
    await writeVatSettings(tx, userId, { ...settings, stagger: settings.stagger ?? before.stagger });
    await refreshRowVat(tx, userId);
  });
}
