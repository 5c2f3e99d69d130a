import { formatPounds, londonDateOf, type MonthlyAmount, monthOf } from '@brade/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ChartData, ChartOptions } from 'chart.js';
import type { ReactNode } from 'react';
import { memo, useId, useRef } from 'react';
import { Line } from 'react-chartjs-2';
import { NARROW } from '../../shell/layout';
import { CHART_HEIGHT_PX, formatWholePounds, shortMonthLabel } from '../../ui/charts/chart-format';
import { expensesSeries, revenueSeries } from '../../ui/charts/chart-series';
import { NotLoaded } from '../../ui/NotLoaded';
import { BRAND_PRIMARY } from '../../ui/theme';
import { useNearView } from '../../ui/use-near-view';

const GRID = '#F3E3EA';

const panelSx = {
  width: '48%',
  height: CHART_HEIGHT_PX,
  p: 2.5,
  display: 'flex',
  flexDirection: 'column',
  border: '1px solid',
  borderColor: 'divider',
  [NARROW]: { width: '100%' },
} as const;

export const chartsRowSx = {
  display: 'flex',
  justifyContent: 'space-between',
  gap: 2,
  [NARROW]: { flexDirection: 'column' },
} as const;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Shared by both charts: y from zero in whole pounds, short month names kept level (every other one is skipped
 * when they do not fit), pounds with pence in tooltips, and the current month marked as month to date.
 */
function chartOptions(months: MonthlyAmount[]): ChartOptions<'line'> {
  const currentMonth = monthOf(londonDateOf(new Date()));
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: prefersReducedMotion() ? false : { duration: 600 },
    interaction: { mode: 'index', intersect: false },
    plugins: {
      tooltip: {
        callbacks: {
          title: (items) => {
            const month = months[items[0]?.dataIndex ?? -1]?.month;
            if (!month) return '';
            return month === currentMonth ? `${shortMonthLabel(month)} (month to date)` : shortMonthLabel(month);
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
function describe(title: string, months: MonthlyAmount[]): string {
  const values = months.map((m) => `${shortMonthLabel(m.month)} ${formatPounds(m.amount)}`).join(', ');
  return `${title} for the last ${months.length} months: ${values}.`;
}

/**
 * Chart.js draws (and animates) a chart only once its panel is within a screen of view: on a phone both charts start
 * below the fold, and drawing them was most of the Overview's script at load. Until then the area is empty, as a
 * canvas is before its first frame, and says the same to screen readers; the panel keeps its height, so nothing moves.
 */
function LineNearView({
  data,
  options,
  label,
}: {
  data: ChartData<'line'>;
  options: ChartOptions<'line'>;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref);
  if (!near) return <div ref={ref} role="img" aria-label={label} style={{ height: '100%' }} />;
  return <Line data={data} options={options} role="img" aria-label={label} />;
}

function ChartPanel({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} elevation={0} sx={panelSx}>
      <Typography id={titleId} variant="h3" component="h2" sx={{ fontSize: '1.05rem' }}>
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ mb: 1.5 }}>
        {subtitle}
      </Typography>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>{children}</Box>
    </Paper>
  );
}

interface Failure {
  /** The call failed: its fallback (no months) is not shown as "nothing recorded". */
  failed?: boolean;
  onRetry?: () => void;
}

function NoMonths({ what, failed, onRetry }: { what: string } & Failure) {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.secondary', typography: 'body2' }}>
      {failed ? (
        <NotLoaded what={`The monthly ${what}`} onRetry={onRetry} />
      ) : (
        `No ${what} recorded in the last 12 months.`
      )}
    </Box>
  );
}

/** Revenue: a gold straight line with points, and the owner's monthly revenue target as a dashed line. */
export const RevenueChart = memo(function RevenueChart({
  months,
  target,
  failed,
  onRetry,
}: { months: MonthlyAmount[]; target: number } & Failure) {
  const data: ChartData<'line'> = {
    labels: months.map((m) => shortMonthLabel(m.month)),
    datasets: [
      revenueSeries(months.map((m) => m.amount)),
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
          Last 12 months · <TargetKey /> target {formatPounds(target)} a month
        </>
      }
    >
      {months.length === 0 ? (
        <NoMonths what="revenue" failed={failed} onRetry={onRetry} />
      ) : (
        <LineNearView data={data} options={chartOptions(months)} label={describe('Revenue', months)} />
      )}
    </ChartPanel>
  );
});

function TargetKey() {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 16, verticalAlign: 'middle', borderTop: `2px dashed ${BRAND_PRIMARY}` }}
    />
  );
}

/** Expenses: a smooth blue line over a gradient area. */
export const ExpensesChart = memo(function ExpensesChart({
  months,
  failed,
  onRetry,
}: { months: MonthlyAmount[] } & Failure) {
  const data: ChartData<'line'> = {
    labels: months.map((m) => shortMonthLabel(m.month)),
    datasets: [expensesSeries(months.map((m) => m.amount))],
  };
  return (
    <ChartPanel title="Expenses" subtitle="Last 12 months">
      {months.length === 0 ? (
        <NoMonths what="expenses" failed={failed} onRetry={onRetry} />
      ) : (
        <LineNearView data={data} options={chartOptions(months)} label={describe('Expenses', months)} />
      )}
    </ChartPanel>
  );
});

export const ChartSkeleton = memo(function ChartSkeleton() {
  return (
    <Paper elevation={0} sx={panelSx} aria-hidden>
      <Skeleton width="30%" />
      <Skeleton width="45%" sx={{ mb: 1.5 }} />
      <Skeleton variant="rounded" sx={{ flex: 1 }} />
    </Paper>
  );
});
