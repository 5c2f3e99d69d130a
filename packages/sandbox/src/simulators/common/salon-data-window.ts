import { generateSalonData } from '../../salon-data/generate';
import type { SalonData, SalonLegalForm } from '../../salon-data/types';

/** The simulators serve about 18 months of history ending "today" (GoCardless allows up to 24). */
export const HISTORY_DAYS = 548;

const cache = new Map<string, SalonData>();
const CACHE_LIMIT = 8;

/**
 * generateSalonData for a window, memoised: an 18-month window takes about a second to generate and every list call
 * reads it. Records are a pure function of (seed, day, scale), so sharing the cache across simulators is safe.
 */
export function salonDataWindow(
  seed: string,
  from: string,
  to: string,
  scale = 1,
  legalForm: SalonLegalForm = 'limited_company',
): SalonData {
  const key = `${seed}|${from}|${to}|${scale}|${legalForm}`;
  let data = cache.get(key);
  if (!data) {
    data = generateSalonData({ seed, from, to, salesPerDayScale: scale, legalForm });
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, data);
  }
  return data;
}

/** 'YYYY-MM-DD' plus a number of days (UTC calendar arithmetic on a date label). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function roundTo2(pounds: number): number {
  return Math.round(pounds * 100) / 100;
}

/** Pence as a decimal string, e.g. -1234 → "-12.34" (GoCardless amounts). */
export function penceToDecimalString(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
