import type { SyncCursor } from '../card-provider.js';

/**
 * How far each run reaches back before the previous run's end. Balance transactions are created when the money
 * moves and never change, so this only absorbs clock skew and list lag; upserts make the re-read rows harmless.
 */
export const STRIPE_RESCAN_OVERLAP_SECONDS = 15 * 60;

/**
 * One import run over `created` in [since, upper] (unix seconds), walked newest first as Stripe lists it.
 * `startingAfter` is the last id already imported; the fixed `upper` keeps new arrivals from shifting the pages.
 */
export interface StripeRun {
  since: number;
  upper: number;
  startingAfter: string | null;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Resumes a run cut short, or starts the next one where the last finished (the first from `historyFrom`). */
export function stripeRunFrom(cursor: SyncCursor | null, options: { historyFrom: Date; now: Date }): StripeRun {
  const since = typeof cursor?.since === 'number' ? cursor.since : unix(options.historyFrom);
  if (typeof cursor?.upper === 'number') {
    return {
      since,
      upper: cursor.upper,
      startingAfter: typeof cursor.startingAfter === 'string' ? cursor.startingAfter : null,
    };
  }
  const upper = unix(options.now);
  return { since: Math.min(since, upper), upper, startingAfter: null };
}

export function stripeCursorAfterPage(run: StripeRun, lastId: string): SyncCursor {
  return { since: run.since, upper: run.upper, startingAfter: lastId };
}

/** The next run starts a little before this one's end; `upper: null` marks that no run is in progress. */
export function stripeCursorWhenDone(run: StripeRun): SyncCursor {
  return { since: Math.max(run.since, run.upper - STRIPE_RESCAN_OVERLAP_SECONDS), upper: null, startingAfter: null };
}
