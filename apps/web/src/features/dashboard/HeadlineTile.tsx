import { formatPercentChange, formatPounds, type HeadlineFigure } from '@brade/contract';
import { memo, type ReactNode, useId } from 'react';
import { cx } from '../../ui/class-names';
import { NotLoaded } from '../../ui/NotLoaded';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import plain from '../../ui/plain.module.css';
import s from './dashboard.module.css';
import {
  type Caption,
  changeTone,
  describeComparison,
  HEADLINES,
  type HeadlineKind,
  openDaysNote,
  TILE_SUBTITLE,
  type Tone,
} from './figures';

/** The tiles' least height (dashboard.module.css, .tile). */
export const TILE_HEIGHT_PX = 148;

const TONE_CLASS: Record<Tone, string | undefined> = { good: s.good, bad: s.bad, neutral: s.ink };
const tileClass = cx(plain.card, s.tile);
const PUSHED_DOWN = { marginTop: 'auto' } as const;

interface HeadlineTileProps {
  kind: HeadlineKind;
  figure: HeadlineFigure;
  /**
   * What the change compares when the answer does not say (the spec's fallback figure): { current: '1–22 Nov',
   * previous: '1–22 Oct', text: '1–22 Nov vs 1–22 Oct' }. The answer's own comparison wins.
   */
  caption: Caption;
  /** The call failed: the spec's fallback figure is shown, neutral and marked as not loaded. */
  failed?: boolean;
  onRetry?: () => void;
  /** A line under the figure, such as what the figure leaves out. */
  note?: ReactNode;
  /**
   * The owner's links cannot measure this figure (revenue per client with no card provider): instead of a false
   * £0.00, a dash and what would make it measurable.
   */
  unmeasurable?: ReactNode;
  /** An import has not reached this month yet: the figure will still change. */
  importing?: boolean;
}

/**
 * One headline figure: the month-to-date value in pounds and its change, green or red (docs/product.md, "Constants and
 * looks"); what it compares, a note when the two periods hold different numbers of open days, and a hint naming what
 * drove most of the change (docs/finance.md, "Comparisons").
 */
export const HeadlineTile = memo(function HeadlineTile({
  kind,
  figure,
  caption: fallback,
  failed = false,
  onRetry,
  note,
  unmeasurable,
  importing = false,
}: HeadlineTileProps) {
  const titleId = useId();
  const caption = !failed && figure.comparison ? describeComparison(figure.comparison) : fallback;
  const openDays = failed ? null : openDaysNote(figure.comparison);
  const hint = failed ? null : (figure.hint ?? null);
  const { title, noun } = HEADLINES.find((headline) => headline.kind === kind)!;
  // No green or red on a figure that cannot be measured, nor on one an import is still changing.
  const tone = failed || unmeasurable || importing ? 'neutral' : changeTone(kind, figure.percent_change);
  const colour = failed ? s.disabled : TONE_CLASS[tone];
  const comparable = figure.percent_change !== null && !unmeasurable;
  return (
    <section className={tileClass} aria-labelledby={titleId} data-tone={tone} data-failed={failed || undefined}>
      <h2 id={titleId} className={s.cardTitle}>
        {title}
      </h2>
      <span data-testid="tile-subtitle" className={s.tileSubtitle}>
        {TILE_SUBTITLE}
      </span>
      <p data-testid="tile-value" className={cx(s.tileValue, colour)}>
        {unmeasurable ? '—' : formatPounds(figure.value)}
      </p>
      {!unmeasurable && (
        <p data-testid="tile-change" className={cx(s.tileChange, comparable ? colour : s.secondary)}>
          {comparable ? formatPercentChange(figure.percent_change) : '—'}
        </p>
      )}
      {unmeasurable ? (
        <span data-testid="tile-unmeasurable" className={s.caption}>
          {unmeasurable}
        </span>
      ) : failed ? (
        <NotLoaded what="This figure" onRetry={onRetry} />
      ) : (
        <span data-testid="tile-caption" className={cx(s.caption, s.secondary)}>
          {comparable ? caption.text : `No ${noun} in ${caption.previous} to compare with`}
        </span>
      )}
      {importing && !failed && !unmeasurable && (
        <span data-testid="tile-importing" className={s.captionStrong}>
          Still importing: this figure will change
        </span>
      )}
      {openDays && !unmeasurable && (
        <span data-testid="tile-open-days" className={cx(s.caption, s.secondary)}>
          {openDays}
        </span>
      )}
      {hint && !unmeasurable && (
        <span data-testid="tile-hint" className={cx(s.caption, s.ink)}>
          {hint}
        </span>
      )}
      {!failed && figure.coverage && (
        // What a client figure stands on: only payers a processor names are clients (docs/finance.md, "Clients").
        <span data-testid="tile-coverage" className={cx(s.caption, s.secondary)}>
          {figure.coverage}
        </span>
      )}
      {note}
    </section>
  );
});

export const HeadlineTileSkeleton = memo(function HeadlineTileSkeleton() {
  return (
    <div className={tileClass} aria-hidden>
      <PlainSkeleton width="50%" />
      <PlainSkeleton width="70%" height={44} />
      <PlainSkeleton width="30%" style={PUSHED_DOWN} />
      <PlainSkeleton width="60%" />
    </div>
  );
});
