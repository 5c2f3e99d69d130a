import { formatPounds, type MonthlyAmount } from '@brade/contract';
import type { ChartData, ChartOptions } from 'chart.js';
import type { ReactNode } from 'react';
import { memo, useId } from 'react';
import { CHART_HEIGHT_PX, formatWholePounds, shortMonthLabel } from '../../ui/charts/chart-format';
import { EXPENSES_BLUE, expensesSeries, REVENUE_GOLD, revenueSeries } from '../../ui/charts/chart-series';
import { LineNearView } from '../../ui/charts/LineNearView';
import { cx } from '../../ui/class-names';
import { NotLoaded } from '../../ui/NotLoaded';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import plain from '../../ui/plain.module.css';
import { BRAND_PRIMARY } from '../../ui/theme';
import { type MonthMark, partialKey } from './chart-marks';
import s from './dashboard.module.css';

const GRID = '#F3E3EA';

const panelClass = cx(plain.card, s.panel);
const PANEL_HEIGHT = { height: CHART_HEIGHT_PX } as const;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Shared by both charts: y from zero in whole pounds, short month names kept level (every other one is skipped
 * when they do not fit), pounds with pence in tooltips, and a month that is not whole named as such ('Nov 26 (1–27
 * Nov so far)'): the charts give no change between months, so a partial month is never set against a whole one.
 */
function chartOptions(months: MonthlyAmount[], marks: readonly MonthMark[]): ChartOptions<'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: prefersReducedMotion() ? false : { duration: 600 },
    interaction: { mode: 'index', intersect: false },
    plugins: {
      tooltip: {
        callbacks: {
          title: (items) => {
            const index = items[0]?.dataIndex ?? -1;
            const month = months[index]?.month;
            if (!month) return '';
            const note = marks[index]?.note;
            return note ? `${shortMonthLabel(month)} (${note})` : shortMonthLabel(month);
          },
          label: (item) => `${item.dataset.label}: ${formatPounds(item.parsed.y ?? 0)}`,
        },
      },
    },
    scales: {
      x: {
        grid: { display: false },
        ticks: {
          color: '#6B5861',
          font: { family: 'Poppins', size: 11 },
          maxRotation: 0,
          autoSkip: true,
          autoSkipPadding: 10,
        },
      },
      y: {
        beginAtZero: true,
        grid: { color: GRID },
        border: { display: false },
        ticks: {
          color: '#6B5861',
          font: { family: 'Poppins', size: 11 },
          maxTicksLimit: 6,
          callback: (value) => formatWholePounds(Number(value)),
        },
      },
    },
  };
}

/** Text for screen readers: the canvas itself says nothing. */
function describe(title: string, months: MonthlyAmount[], marks: readonly MonthMark[]): string {
  const values = months
    .map((m, i) => {
      const note = marks[i]?.note;
      return `${shortMonthLabel(m.month)} ${formatPounds(m.amount)}${note ? ` (${note})` : ''}`;
    })
    .join(', ');
  return `${title} for the last ${months.length} months: ${values}.`;
}

/** A short dashed stroke in a series' colour. */
function Dash({ colour }: { colour: string }) {
  return <span aria-hidden className={s.dash} style={{ borderTopColor: colour }} />;
}

/** The key to the dashed line: a short dashed stroke in the series' colour. */
function PartialKey({ colour, text }: { colour: string; text: string }) {
  return (
    <span data-testid="partial-key" className={s.keyItem}>
      <Dash colour={colour} />
      {text}
    </span>
  );
}

function ChartPanel({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={panelClass} style={PANEL_HEIGHT} aria-labelledby={titleId}>
      <h2 id={titleId} className={s.panelTitle}>
        {title}
      </h2>
      <span className={s.panelSubtitle}>{subtitle}</span>
      <div className={s.chartArea}>{children}</div>
    </section>
  );
}

interface Failure {
  /** The call failed: its fallback (no months) is not shown as "nothing recorded". */
  failed?: boolean;
  onRetry?: () => void;
}

function NoMonths({ what, failed, onRetry }: { what: string } & Failure) {
  return (
    <div className={plain.chartEmpty}>
      {failed ? (
        <NotLoaded what={`The monthly ${what}`} onRetry={onRetry} />
      ) : (
        `No ${what} recorded in the last 12 months.`
      )}
    </div>
  );
}

/**
 * Revenue: a gold straight line with points, and the monthly revenue target as a dashed line (the owner's, or the
 * suggested one until the owner saves goals).
 */
export const RevenueChart = memo(function RevenueChart({
  months,
  marks,
  target,
  suggested,
  failed,
  onRetry,
}: { months: MonthlyAmount[]; marks: readonly MonthMark[]; target: number; suggested: boolean } & Failure) {
  const key = partialKey(marks);
  const data: ChartData<'line'> = {
    labels: months.map((m) => shortMonthLabel(m.month)),
    datasets: [
      revenueSeries(
        months.map((m) => m.amount),
        marks.map((mark) => mark.partial),
      ),
      {
        label: 'Target',
        data: months.map(() => target),
        borderColor: BRAND_PRIMARY,
        borderWidth: 1.5,
        borderDash: [6, 5],
        pointRadius: 0,
        pointHoverRadius: 0,
        fill: false,
      },
    ],
  };
  return (
    <ChartPanel
      title="Revenue"
      subtitle={
        <>
          Last 12 months · <TargetKey /> {suggested ? 'suggested target' : 'target'} {formatPounds(target)} a month
          {key && months.length > 0 && (
            <>
              {' · '}
              <PartialKey colour={REVENUE_GOLD} text={key} />
            </>
          )}
        </>
      }
    >
      {months.length === 0 ? (
        <NoMonths what="revenue" failed={failed} onRetry={onRetry} />
      ) : (
        <LineNearView data={data} options={chartOptions(months, marks)} label={describe('Revenue', months, marks)} />
      )}
    </ChartPanel>
  );
});

function TargetKey() {
  return <Dash colour={BRAND_PRIMARY} />;
}

/** Expenses: a smooth blue line over a gradient area. */
export const ExpensesChart = memo(function ExpensesChart({
  months,
  marks,
  failed,
  onRetry,
}: { months: MonthlyAmount[]; marks: readonly MonthMark[] } & Failure) {
  const key = partialKey(marks);
  const data: ChartData<'line'> = {
    labels: months.map((m) => shortMonthLabel(m.month)),
    datasets: [
      expensesSeries(
        months.map((m) => m.amount),
        marks.map((mark) => mark.partial),
      ),
    ],
  };
  return (
    <ChartPanel
      title="Expenses"
      subtitle={
        <>
          Last 12 months
          {key && months.length > 0 && (
            <>
              {' · '}
              <PartialKey colour={EXPENSES_BLUE} text={key} />
            </>
          )}
        </>
      }
    >
      {months.length === 0 ? (
        <NoMonths what="expenses" failed={failed} onRetry={onRetry} />
      ) : (
        <LineNearView data={data} options={chartOptions(months, marks)} label={describe('Expenses', months, marks)} />
      )}
    </ChartPanel>
  );
});

const SUBTITLE_GAP = { marginBottom: 12 } as const;
const FILLS = { flex: '1 1 0%' } as const;

export const ChartSkeleton = memo(function ChartSkeleton() {
  return (
    <div className={panelClass} style={PANEL_HEIGHT} aria-hidden>
      <PlainSkeleton width="30%" />
      <PlainSkeleton width="45%" style={SUBTITLE_GAP} />
      <PlainSkeleton rounded style={FILLS} />
    </div>
  );
});
