import type { SyncCursor } from '../card-provider.js';

/**
 * How far each run reaches back before the previous run's end. Square lists by `created_at`, and a payment
 * approved for later capture or a refund still pending is only imported once completed, so each run looks a day
 * back for those (and for Square's eventually consistent listing); upserts make the re-read rows harmless.
 */
export const SQUARE_RESCAN_OVERLAP_MS = 24 * 60 * 60_000;

export type SquareStep =
  | { list: 'payments'; locationId: string }
  | { list: 'refunds'; locationId: null }
  | { list: 'payouts'; locationId: string };

/**
 * Payments and payouts are listed location by location (without `location_id` Square returns only the main
 * location's); refunds cover every location in one listing.
 */
export function squareSteps(locations: readonly string[]): SquareStep[] {
  return [
    ...locations.map((locationId) => ({ list: 'payments' as const, locationId })),
    { list: 'refunds', locationId: null },
    ...locations.map((locationId) => ({ list: 'payouts' as const, locationId })),
  ];
}

/**
 * One import run over `created_at` in [since, upper): the merchant's locations at its start, which step it is
 * on, and Square's cursor within that step's listing. `locations` is null until the run has read them.
 */
export interface SquareRun {
  since: string;
  upper: string;
  locations: string[] | null;
  step: number;
  page: string | null;
}

/** Resumes a run cut short, or starts the next one where the last finished (the first from `historyFrom`). */
export function squareRunFrom(cursor: SyncCursor | null, options: { historyFrom: Date; now: Date }): SquareRun {
  const since = typeof cursor?.since === 'string' ? cursor.since : options.historyFrom.toISOString();
  if (typeof cursor?.upper === 'string' && typeof cursor.locations === 'string') {
    const locations = cursor.locations ? cursor.locations.split(',') : [];
    const step = cursor.step;
    // A position that does not fit its own run is not trusted: the run starts over (upserts absorb the repeat).
    if (typeof step === 'number' && Number.isInteger(step) && step >= 0 && step < squareSteps(locations).length) {
      return {
        since,
        upper: cursor.upper,
        locations,
        step,
        page: typeof cursor.page === 'string' ? cursor.page : null,
      };
    }
  }
  const upper = options.now.toISOString();
  return { since: since < upper ? since : upper, upper, locations: null, step: 0, page: null };
}

/** Where the run goes after a page: the same listing's next page, the next step, or done. */
export function squareCursorAfterPage(
  run: SquareRun & { locations: string[] },
  nextPage: string | undefined,
): { cursor: SyncCursor; done: boolean } {
  const inProgress = (step: number, page: string | null): SyncCursor => ({
    since: run.since,
    upper: run.upper,
    locations: run.locations.join(','),
    step,
    page,
  });
  if (nextPage) return { cursor: inProgress(run.step, nextPage), done: false };
  if (run.step + 1 < squareSteps(run.locations).length) return { cursor: inProgress(run.step + 1, null), done: false };
  const overlapped = new Date(Date.parse(run.upper) - SQUARE_RESCAN_OVERLAP_MS).toISOString();
  return {
    cursor: {
      since: overlapped > run.since ? overlapped : run.since,
      upper: null,
      locations: null,
      step: 0,
      page: null,
    },
    done: true,
  };
}
