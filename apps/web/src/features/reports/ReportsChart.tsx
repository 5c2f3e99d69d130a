import { formatPounds, londonDateOf, type MonthlyAmount } from '@brade/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ChartData, ChartOptions } from 'chart.js';
import { useId } from 'react';
import { CHART_HEIGHT_PX, formatWholePounds, shortMonthLabel, soFarNote } from '../../ui/charts/chart-format';
import { EXPENSES_BLUE, expensesSeries, REVENUE_GOLD, revenueSeries } from '../../ui/charts/chart-series';
// The series module also registers the Chart.js pieces every chart uses.
import { LazyLine } from '../../ui/charts/LazyLine';
import { INK } from '../../ui/theme';

export interface YearFigures {
  /** 'YYYY-MM' months of the current year, oldest first. */
  months: string[];
  revenue: number[];
  expenses: number[];
}

/** The months of `year` in the dashboard's 12-month series, revenue and expenses side by side. */
export function figuresForYear(year: number, sales: MonthlyAmount[], costs: MonthlyAmount[]): YearFigures {
  const inYear = (list: MonthlyAmount[]) =>
    new Map(list.filter((m) => m.month.startsWith(`${year}-`)).map((m) => [m.month, m.amount]));
  const revenue = inYear(sales);
  const expenses = inYear(costs);
  const months = [...new Set([...revenue.keys(), ...expenses.keys()])].sort();
  return {
    months,
    revenue: months.map((m) => revenue.get(m) ?? 0),
    expenses: months.map((m) => expenses.get(m) ?? 0),
  };
}

const tick = { color: '#6B5861', font: { family: 'Poppins', size: 11 } };

/** The month so far is named in its tooltip with its dates ('Apr 26 (1–15 Apr so far)'; docs/finance.md, "Comparisons"). */
const optionsFor = (labels: readonly string[], notes: ReadonlyArray<string | null>): ChartOptions<'line'> => ({
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  plugins: {
    tooltip: {
      callbacks: {
        title: (items) => {
          const index = items[0]?.dataIndex ?? -1;
          const note = notes[index];
          return note ? `${labels[index]} (${note})` : (labels[index] ?? '');
        },
        label: (item) => `${item.dataset.label}: ${formatPounds(item.parsed.y ?? 0)}`,
      },
    },
  },
  scales: {
    x: { grid: { display: false }, ticks: { ...tick, maxRotation: 0, autoSkip: true } },
    y: {
      beginAtZero: true,
      grid: { color: '#F3E3EA' },
      border: { display: false },
      ticks: { ...tick, maxTicksLimit: 6, callback: (value) => formatWholePounds(Number(value)) },
    },
  },
});

function Key({
  colour,
  label,
  area = false,
  dashed = false,
}: {
  colour: string;
  label: string;
  area?: boolean;
  dashed?: boolean;
}) {
  return (
    <Box
      component="span"
      data-testid={dashed ? 'partial-key' : undefined}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 18,
          height: area ? 10 : 0,
          borderTop: `2.5px ${dashed ? 'dashed' : 'solid'} ${colour}`,
          bgcolor: area ? 'rgba(30, 111, 217, 0.18)' : 'transparent',
        }}
      />
      {label}
    </Box>
  );
}

const panelSx = {
  height: CHART_HEIGHT_PX,
  p: 2.5,
  display: 'flex',
  flexDirection: 'column',
  border: '1px solid',
  borderColor: 'divider',
} as const;

/**
 * docs/product.md, "Screens and routes": below the month list, a chart with expenses and revenues (this year's months).
 */
export function ReportsChart({ year, figures }: { year: number; figures: YearFigures | undefined }) {
  const titleId = useId();
  if (!figures) {
    return (
      <Paper elevation={0} sx={panelSx} aria-hidden>
        <Skeleton width="35%" />
        <Skeleton width="25%" sx={{ mb: 1.5 }} />
        <Skeleton variant="rounded" sx={{ flex: 1 }} />
      </Paper>
    );
  }
  const labels = figures.months.map(shortMonthLabel);
  // The month so far is drawn dashed and hollow, never like a whole month.
  const today = londonDateOf(new Date());
  const notes = figures.months.map((month) => soFarNote(month, today));
  const partial = notes.map((note) => note !== null);
  const soFar = notes.find((note) => note !== null);
  const data: ChartData<'line'> = {
    labels,
    datasets: [revenueSeries(figures.revenue, partial), expensesSeries(figures.expenses, partial)],
  };
  const description = `Revenue and expenses in ${year}: ${figures.months
    .map(
      (_month, i) =>
        `${labels[i]}${notes[i] ? ` (${notes[i]})` : ''} revenue ${formatPounds(figures.revenue[i]!)}, expenses ${formatPounds(figures.expenses[i]!)}`,
    )
    .join('; ')}.`;
  return (
    <Paper component="section" aria-labelledby={titleId} elevation={0} sx={panelSx}>
      <Typography id={titleId} variant="h3" component="h2" sx={{ fontSize: '1.05rem' }}>
        Revenue and expenses
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ mb: 1.5, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <span>{year} by month</span>
        <Key colour={REVENUE_GOLD} label="Revenue" />
        <Key colour={EXPENSES_BLUE} label="Expenses" area />
        {soFar && <Key colour={INK} label={`Dashed: ${soFar}`} dashed />}
      </Typography>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {[...figures.revenue, ...figures.expenses].every((amount) => amount === 0) ? (
          <Box
            sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.secondary', typography: 'body2' }}
          >
            No revenue or expenses recorded in {year} yet.
          </Box>
        ) : (
          <LazyLine data={data} options={optionsFor(labels, notes)} label={description} />
        )}
      </Box>
    </Paper>
  );
}
