import { addDays, londonDateOf } from '@brade/contract';
import { generateSalonData } from '../../salon-data/index';
import type { Payout, Processor, SalonData } from '../../salon-data/types';

/** Longest wait between a payout's creation and its arrival in the bank that the window must cover. */
const PAYOUT_LOOKAHEAD_DAYS = 7;

/** How far back a connected merchant's history goes: the first of the month 18 months before today. */
export const HISTORY_MONTHS = 18;

export function historyStart(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthIndex = year * 12 + (month - 1) - HISTORY_MONTHS;
  const startYear = Math.floor(monthIndex / 12);
  const startMonth = (monthIndex % 12) + 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}

/** One merchant's records for one processor, as the simulator serves them at an instant. */
export type ProcessorData = SalonData;

/**
 * Generates (once per merchant and London day: it takes most of a second) the salon's records for the history
 * window, keeps one processor's, and hides anything later than the simulator's "now", so today's afternoon
 * sales appear as the clock moves on.
 */
export class MerchantDataCache {
  private readonly cache = new Map<string, SalonData>();

  /**
   * `payoutCreatedAt`: when the processor creates a payout, if before it arrives (Stripe): the payout is visible
   * from then on, so the window is generated a week past today to hold payouts still on their way.
   */
  constructor(
    private readonly processor: Processor,
    private readonly salesPerDayScale = 1,
    private readonly payoutCreatedAt?: (payout: Payout) => Date,
  ) {}

  /** The window generated for a given "now" (inclusive London dates). */
  static windowAt(now: Date): { from: string; to: string } {
    const to = londonDateOf(now);
    return { from: historyStart(to), to };
  }

  dataFor(seed: string, now: Date): ProcessorData {
    const { from, to: today } = MerchantDataCache.windowAt(now);
    const to = this.payoutCreatedAt ? addDays(today, PAYOUT_LOOKAHEAD_DAYS) : today;
    const key = `${seed}\u0000${from}\u0000${to}`;
    let data = this.cache.get(key);
    if (!data) {
      const all = generateSalonData({ seed, from, to, salesPerDayScale: this.salesPerDayScale });
      data = {
        team: all.team,
        payments: all.payments.filter((record) => record.processor === this.processor),
        refunds: all.refunds.filter((record) => record.processor === this.processor),
        payouts: all.payouts.filter((record) => record.processor === this.processor),
        bank: [],
        redemptions: all.redemptions.filter((record) => record.processor === this.processor),
      };
      // A handful of merchants at most in tests and demos; drop the oldest beyond that.
      if (this.cache.size >= 8) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, data);
    }
    const cutoff = now.getTime();
    const visible = <T extends { occurredAt: Date }>(records: T[]) =>
      records.filter((record) => record.occurredAt.getTime() <= cutoff);
    const createdAt = this.payoutCreatedAt;
    return {
      team: data.team,
      payments: visible(data.payments),
      refunds: visible(data.refunds),
      payouts: createdAt ? data.payouts.filter((p) => createdAt(p).getTime() <= cutoff) : visible(data.payouts),
      bank: [],
      redemptions: visible(data.redemptions),
    };
  }
}

/** Same login, same salon, in every card simulator: the owner's Stripe and Square histories belong together. */
export function merchantSeedFor(baseSeed: string, login: string): string {
  return `${baseSeed}:${login.trim().toLowerCase()}`;
}
