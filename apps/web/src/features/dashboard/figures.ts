import { type ComparedPeriod, type HeadlineComparison, type HeadlineName, likeForLikePeriods } from '@brade/contract';
import { SHORT_MONTHS } from '../../ui/charts/chart-format';

/** The three headline tiles, in the order they show, by the figure's one name from the server to the tile. */
export const HEADLINES = [
  { kind: 'revenue', title: 'Monthly revenue', noun: 'revenue' },
  { kind: 'expenses', title: 'Monthly expenses', noun: 'expenses' },
  { kind: 'revenuePerClient', title: 'Revenue per client', noun: 'clients' },
] as const satisfies ReadonlyArray<{ kind: HeadlineName; title: string; noun: string }>;

export type HeadlineKind = HeadlineName;

/** 'good' shows green, 'bad' red; 'neutral' when there is nothing to compare with (percent_change null). */
export type Tone = 'good' | 'bad' | 'neutral';

/**
 * docs/product.md, "Constants and looks": revenue (and revenue per client) is green when its change is >= 0; expenses
 * are green when the change is <= 0. The change is judged as displayed (one decimal), so '0.0%' is never red.
 */
export function changeTone(kind: HeadlineKind, change: number | null): Tone {
  if (change === null) return 'neutral';
  const shown = Math.round(change * 10) / 10;
  if (kind === 'expenses') return shown <= 0 ? 'good' : 'bad';
  return shown >= 0 ? 'good' : 'bad';
}

/** What each tile is (docs/finance.md, "Comparisons"): the month so far, under the spec's title. */
export const TILE_SUBTITLE = 'This month so far';

function describePeriod({ from, to, until }: ComparedPeriod, withYear: boolean): string {
  const first = Number(from.slice(8, 10));
  const last = Number(to.slice(8, 10));
  const days = first === last ? `${first}` : `${first}–${last}`;
  const month = SHORT_MONTHS[Number(from.slice(5, 7)) - 1];
  const time = until ? ` to ${until}` : '';
  return withYear ? `${days} ${month} ${from.slice(0, 4)}${time}` : `${days} ${month}${time}`;
}

export interface Caption {
  current: string;
  previous: string;
  text: string;
}

/**
 * What a headline change compares (docs/finance.md, "Comparisons"): '1–22 Nov to 09:00 vs 1–22 Oct to 09:00', or on
 * a month's last day '1–30 Nov to 14:05 vs 1–31 Oct'; the year is named when the two months fall in different
 * years ('1–5 Jan 2026 vs 1–5 Dec 2025').
 */
export function describeComparison({
  current,
  previous,
}: {
  current: ComparedPeriod;
  previous: ComparedPeriod;
}): Caption {
  const withYear = current.from.slice(0, 4) !== previous.from.slice(0, 4);
  const texts = { current: describePeriod(current, withYear), previous: describePeriod(previous, withYear) };
  return { ...texts, text: `${texts.current} vs ${texts.previous}` };
}

/**
 * The caption for a Europe/London day 'YYYY-MM-DD' in whole days, for a tile whose answer does not say what it
 * compares (the spec's fallback figure): '1–22 Nov vs 1–22 Oct'.
 */
export function compareCaption(today: string): Caption {
  return describeComparison(likeForLikePeriods(today));
}

const openDays = (n: number) => `${n} open day${n === 1 ? '' : 's'}`;

/** '19 open days vs 20' when the two periods hold a different number of open days (docs/finance.md, "Open days"). */
export function openDaysNote(comparison: HeadlineComparison | undefined): string | null {
  if (!comparison) return null;
  const { current, previous } = comparison.open_days;
  return current === previous ? null : `${openDays(current)} vs ${previous}`;
}
