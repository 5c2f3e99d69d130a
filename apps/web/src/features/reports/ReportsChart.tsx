import { formatPounds, londonDateOf, type MonthlyAmount } from '@brade/contract';
import type { ChartData, ChartOptions } from 'chart.js';
import { useId } from 'react';
import { CHART_HEIGHT_PX, formatWholePounds, shortMonthLabel, soFarNote } from '../../ui/charts/chart-format';
import { EXPENSES_BLUE, expensesSeries, REVENUE_GOLD, revenueSeries } from '../../ui/charts/chart-series';
import { LineNearView } from '../../ui/charts/LineNearView';
import { cx } from '../../ui/class-names';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import plain from '../../ui/plain.module.css';
import { INK } from '../../ui/theme';
import s from './reports.module.css';

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
    <span data-testid={dashed ? 'partial-key' : undefined} className={s.keyItem}>
      <span
        aria-hidden
        className={cx(s.keyMark, area && s.keyArea)}
        style={{ borderTopColor: colour, borderTopStyle: dashed ? 'dashed' : 'solid' }}
      />
      {label}
    </span>
  );
}

/** The panel: plain elements with static classes (reports.module.css), drawn as MUI's Paper and Typography. */
const PANEL = cx(plain.card, s.chartPanel);
const PANEL_HEIGHT = { height: CHART_HEIGHT_PX } as const;
const SKELETON_GAP = { marginBottom: 12 } as const;
const SKELETON_FILL = { flex: 1 } as const;

/**
 * docs/product.md, "Screens and routes": below the month list, a chart with expenses and revenues (this year's months).
 */
export function ReportsChart({ year, figures }: { year: number; figures: YearFigures | undefined }) {
  const titleId = useId();
  if (!figures) {
    return (
      <div className={PANEL} style={PANEL_HEIGHT} aria-hidden>
        <PlainSkeleton width="35%" />
        <PlainSkeleton width="25%" style={SKELETON_GAP} />
        <PlainSkeleton rounded style={SKELETON_FILL} />
      </div>
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
    <section aria-labelledby={titleId} className={PANEL} style={PANEL_HEIGHT}>
      <h2 id={titleId} className={s.chartTitle}>
        Revenue and expenses
      </h2>
      <span className={s.chartKey}>
        <span>{year} by month</span>
        <Key colour={REVENUE_GOLD} label="Revenue" />
        <Key colour={EXPENSES_BLUE} label="Expenses" area />
        {soFar && <Key colour={INK} label={`Dashed: ${soFar}`} dashed />}
      </span>
      <div className={s.chartArea}>
        {[...figures.revenue, ...figures.expenses].every((amount) => amount === 0) ? (
          <div className={s.noFigures}>No revenue or expenses recorded in {year} yet.</div>
        ) : (
          <LineNearView data={data} options={optionsFor(labels, notes)} label={description} />
        )}
      </div>
    </section>
  );
}
