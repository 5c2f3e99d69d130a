import { formatPercentChange, formatPounds, type HeadlineFigure } from '@brade/contract';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, useId } from 'react';
import { NARROW } from '../../shell/layout';
import { NotLoaded } from '../../ui/NotLoaded';
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

export const TILE_HEIGHT_PX = 148;

const TONE_COLOUR: Record<Tone, string> = { good: 'success.main', bad: 'error.main', neutral: 'text.primary' };

const tileSx = {
  flex: '1 1 0',
  // Stacked in a column, a tile is as tall as its caption, note and hint need.
  [NARROW]: { flex: '0 0 auto' },
  minWidth: 0,
  minHeight: TILE_HEIGHT_PX,
  p: 2.5,
  display: 'flex',
  flexDirection: 'column',
  border: '1px solid',
  borderColor: 'divider',
} as const;

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
  const colour = failed ? 'text.disabled' : TONE_COLOUR[tone];
  const comparable = figure.percent_change !== null && !unmeasurable;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={0}
      sx={tileSx}
      data-tone={tone}
      data-failed={failed || undefined}
    >
      <Typography id={titleId} component="h2" sx={{ fontSize: '0.9rem', fontWeight: 500, color: 'text.secondary' }}>
        {title}
      </Typography>
      <Typography data-testid="tile-subtitle" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
        {TILE_SUBTITLE}
      </Typography>
      <Typography
        data-testid="tile-value"
        sx={{ mt: 0.5, fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.3, color: colour, whiteSpace: 'nowrap' }}
      >
        {unmeasurable ? '—' : formatPounds(figure.value)}
      </Typography>
      {!unmeasurable && (
        <Typography
          data-testid="tile-change"
          sx={{ mt: 0.5, fontSize: '0.95rem', fontWeight: 600, color: comparable ? colour : 'text.secondary' }}
        >
          {comparable ? formatPercentChange(figure.percent_change) : '—'}
        </Typography>
      )}
      {unmeasurable ? (
        <Typography data-testid="tile-unmeasurable" variant="caption" sx={{ lineHeight: 1.4 }}>
          {unmeasurable}
        </Typography>
      ) : failed ? (
        <NotLoaded what="This figure" onRetry={onRetry} />
      ) : (
        <Typography data-testid="tile-caption" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
          {comparable ? caption.text : `No ${noun} in ${caption.previous} to compare with`}
        </Typography>
      )}
      {importing && !failed && !unmeasurable && (
        <Typography data-testid="tile-importing" variant="caption" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
          Still importing: this figure will change
        </Typography>
      )}
      {openDays && !unmeasurable && (
        <Typography data-testid="tile-open-days" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
          {openDays}
        </Typography>
      )}
      {hint && !unmeasurable && (
        <Typography data-testid="tile-hint" variant="caption" sx={{ color: 'text.primary', lineHeight: 1.4 }}>
          {hint}
        </Typography>
      )}
      {!failed && figure.coverage && (
        // What a client figure stands on: only payers a processor names are clients (docs/finance.md, "Clients").
        <Typography data-testid="tile-coverage" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
          {figure.coverage}
        </Typography>
      )}
      {note}
    </Paper>
  );
});

export const HeadlineTileSkeleton = memo(function HeadlineTileSkeleton() {
  return (
    <Paper elevation={0} sx={tileSx} aria-hidden>
      <Skeleton width="50%" />
      <Skeleton width="70%" height={44} />
      <Skeleton width="30%" sx={{ mt: 'auto' }} />
      <Skeleton width="60%" />
    </Paper>
  );
});
