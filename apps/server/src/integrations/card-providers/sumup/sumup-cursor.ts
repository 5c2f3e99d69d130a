import type { SyncCursor } from '../card-provider.js';

/**
 * Where a SumUp import run stands. A run reads the transaction history (`history`, following SumUp's `next` links),
 * then the payouts (`payouts`), then rests (`idle`) until the next run, which asks only for rows changed since
 * `since`. `upper` is fixed when a run starts, so rows arriving during the run wait for the next one instead of
 * shifting pages under it.
 */
export interface SumupCursor {
  v: 1;
  phase: 'history' | 'payouts' | 'idle';
  /** `changes_since` of this run (ISO), null on the first run. In `idle`: where the next run starts. */
  since: string | null;
  /** Upper bound of this run (ISO): `newest_time` and the payouts' `end_date`. */
  upper: string | null;
  /** SumUp's bare query string for the next history page, when there is one. */
  next: string | null;
}

/**
 * Each later run re-reads this much before the previous run's upper bound: rows SumUp records with a little delay
 * are not missed, and upserts make the repeats harmless.
 */
export const OVERLAP_MS = 15 * 60_000;

/** The saved cursor, or null when there is none or it is not one of ours (a fresh run is always safe). */
export function readCursor(cursor: SyncCursor | null): SumupCursor | null {
  if (cursor?.v !== 1) return null;
  const { phase, since, upper, next } = cursor;
  const optionalText = (value: unknown): value is string | null => value === null || typeof value === 'string';
  if (phase !== 'history' && phase !== 'payouts' && phase !== 'idle') return null;
  if (!optionalText(since) || !optionalText(upper) || !optionalText(next)) return null;
  if (phase !== 'idle' && upper === null) return null;
  return { v: 1, phase, since, upper, next };
}

export function writeCursor(cursor: SumupCursor): SyncCursor {
  return { ...cursor };
}

/** The cursor a finished run leaves: the next run asks for what changed since just before this run's bound. */
export function restingCursor(upper: Date): SumupCursor {
  return {
    v: 1,
    phase: 'idle',
    since: new Date(upper.getTime() - OVERLAP_MS).toISOString(),
    upper: null,
    next: null,
  };
}
