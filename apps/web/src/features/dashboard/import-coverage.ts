import {
  addDays,
  CARD_PROCESSORS,
  type ConnectionSummary,
  firstDayOf,
  londonDateOf,
  londonTimeOf,
} from '@brade/contract';

/**
 * Which figures an import in progress may still change (docs/finance.md, "Imports in progress"): any period while a
 * connection's first import has not finished; the days before `wholeFrom` while a recent-first import brings in its
 * older months. Until the import has reached a period, its figures are marked "still importing" and judged against
 * no goal.
 */
export interface ImportCoverage {
  /** A first import has not finished: every period may still change. */
  all: boolean;
  /** The first Europe/London day from which every connection's history is in; null when nothing older is pending. */
  wholeFrom: string | null;
}

export const NOTHING_PENDING: ImportCoverage = { all: false, wholeFrom: null };

/** The first whole Europe/London day at or after an instant: the instant's day when it is that day's midnight. */
function firstWholeDay(iso: string): string {
  const instant = new Date(iso);
  const day = londonDateOf(instant);
  return londonTimeOf(instant) === '00:00' && instant.getUTCSeconds() === 0 ? day : addDays(day, 1);
}

export function importCoverage(connections: readonly ConnectionSummary[] | undefined): ImportCoverage {
  let all = false;
  let wholeFrom: string | null = null;
  for (const summary of connections ?? []) {
    if (summary.status !== 'connected' || summary.history?.complete) continue;
    if (summary.last_sync === null) {
      all = true;
      continue;
    }
    const recent = summary.history?.recent_from;
    if (recent) {
      const day = firstWholeDay(recent);
      if (wholeFrom === null || day > wholeFrom) wholeFrom = day;
    }
  }
  return { all, wholeFrom };
}

/** Whether a period starting on `from` ('YYYY-MM-DD') may still change as the import goes on. */
export function stillImporting(coverage: ImportCoverage, from: string): boolean {
  return coverage.all || (coverage.wholeFrom !== null && from < coverage.wholeFrom);
}

/** Whether a month ('YYYY-MM') may still change as the import goes on. */
export const monthStillImporting = (coverage: ImportCoverage, month: string) =>
  stillImporting(coverage, firstDayOf(month));

/** Whether any period at all may still change: retention reads the whole history. */
export const anythingImporting = (coverage: ImportCoverage) => coverage.all || coverage.wholeFrom !== null;

const CARDS: readonly string[] = CARD_PROCESSORS;

/**
 * Whether the owner's links can measure clients: a card provider was ever linked (a disconnected one keeps its
 * history). Undefined until the connections are known, so nothing says "link a card provider" before it is so.
 */
export function measuresClients(connections: readonly ConnectionSummary[] | undefined): boolean | undefined {
  if (!connections) return undefined;
  return connections.some((summary) => CARDS.includes(summary.processor));
}
