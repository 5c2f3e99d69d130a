import { type DayRange, type HeadlineName, monthToDateRanges } from '@brade/contract';
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

function describeRange({ from, to }: DayRange, withYear: boolean): string {
  const first = Number(from.slice(8, 10));
  const last = Number(to.slice(8, 10));
  const days = first === last ? `${first}` : `${first}–${last}`;
  const month = SHORT_MONTHS[Number(from.slice(5, 7)) - 1];
  return withYear ? `${days} ${month} ${from.slice(0, 4)}` : `${days} ${month}`;
}

/**
 * What the headline change compares, for a Europe/London day 'YYYY-MM-DD': '1–22 Nov vs 1–22 Oct'; the year
 * is named when the two months fall in different years ('1–5 Jan 2026 vs 1–5 Dec 2025').
 */
export function compareCaption(today: string): { current: string; previous: string; text: string } {
  const { current, previous } = monthToDateRanges(today);
  const withYear = current.from.slice(0, 4) !== previous.from.slice(0, 4);
  const texts = { current: describeRange(current, withYear), previous: describeRange(previous, withYear) };
  return { ...texts, text: `${texts.current} vs ${texts.previous}` };
}
