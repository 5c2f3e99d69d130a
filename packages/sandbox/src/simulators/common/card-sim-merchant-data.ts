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
    const createdAt = this.payoutCreatedAt;
    // Records are in time order: what has happened by now is a prefix, found by binary search.
    const happened = <T extends { occurredAt: Date }>(records: T[]) => {
      let lo = 0;
      let hi = records.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (records[mid]!.occurredAt.getTime() <= cutoff) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const counts = [happened(data.payments), happened(data.refunds), happened(data.redemptions)];
    const paidOut = createdAt
      ? data.payouts.filter((p) => createdAt(p).getTime() <= cutoff)
      : data.payouts.slice(0, happened(data.payouts));
    const viewKey = `${key}\u0000${counts.join(',')}\u0000${paidOut.length}`;
    // The same records as the last call (a fixed clock, or nothing new yet): the same arrays, not fresh copies.
    const last = this.views.get(key);
    if (last?.key === viewKey) return last.view;
    const view: ProcessorData = {
      team: data.team,
      payments: data.payments.slice(0, counts[0]),
      refunds: data.refunds.slice(0, counts[1]),
      payouts: paidOut,
      bank: [],
      redemptions: data.redemptions.slice(0, counts[2]),
    };
    this.views.set(key, { key: viewKey, view });
    return view;
  }

  /** The last view of each generated window, by what it holds. */
  private readonly views = new Map<string, { key: string; view: ProcessorData }>();
}

/** Same login, same salon, in every card simulator: the owner's Stripe and Square histories belong together. */
export function merchantSeedFor(baseSeed: string, login: string): string {
  return `${baseSeed}:${login.trim().toLowerCase()}`;
}
