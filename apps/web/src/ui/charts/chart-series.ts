import type { ChartDataset, ScriptableContext, ScriptableLineSegmentContext } from 'chart.js';

// The series only describe what to draw: Chart.js itself (chart-register.ts) loads with the canvas that draws them
// (LineChart.tsx), so a page's first script carries none of it.

/**
 * docs/product.md, "Constants and looks": revenue is gold with a straight line and points; expenses blue, smooth, over
 * a gradient area.
 */
export const REVENUE_GOLD = '#B8860B';
export const EXPENSES_BLUE = '#1E6FD9';

/** A vertical wash of the expenses blue, strong at the line and fading to nothing at the axis. */
function expensesGradient(context: ScriptableContext<'line'>): CanvasGradient | string {
  const { ctx, chartArea } = context.chart;
  if (!chartArea) return 'rgba(30, 111, 217, 0.18)';
  const gradient = ctx.createLinearGradient(0, chartArea.top, 0, chartArea.bottom);
  gradient.addColorStop(0, 'rgba(30, 111, 217, 0.38)');
  gradient.addColorStop(1, 'rgba(30, 111, 217, 0.02)');
  return gradient;
}

/** The dash of a line drawn into a month that is not whole (a month so far, or one still importing). */
export const PARTIAL_DASH = [6, 4];

/**
 * docs/finance.md, "Comparisons": a month that is not whole (the month so far, or one an import has not reached)
 * is never drawn like a whole one: the line into its point is dashed and the point is hollow.
 */
function partialSegments(partial: readonly boolean[]) {
  return {
    borderDash: (context: ScriptableLineSegmentContext) => (partial[context.p1DataIndex] ? PARTIAL_DASH : undefined),
  };
}

/** The revenue series as the dashboard and the reports draw it: whole months' points filled, partial ones hollow. */
export function revenueSeries(data: number[], partial: readonly boolean[] = []): ChartDataset<'line'> {
  return {
    label: 'Revenue',
    data,
    borderColor: REVENUE_GOLD,
    backgroundColor: REVENUE_GOLD,
    borderWidth: 2.5,
    tension: 0,
    pointRadius: data.map((_, i) => (partial[i] ? 5 : 4)),
    pointHoverRadius: 6,
    pointBackgroundColor: data.map((_, i) => (partial[i] ? '#FFFFFF' : REVENUE_GOLD)),
    pointBorderColor: REVENUE_GOLD,
    pointBorderWidth: 2,
    segment: partialSegments(partial),
  };
}

/** The expenses series as the dashboard and the reports draw it: no points, but a hollow one on a partial month. */
export function expensesSeries(data: number[], partial: readonly boolean[] = []): ChartDataset<'line'> {
  return {
    label: 'Expenses',
    data,
    borderColor: EXPENSES_BLUE,
    backgroundColor: expensesGradient,
    borderWidth: 2.5,
    tension: 0.4,
    fill: 'origin',
    pointRadius: data.map((_, i) => (partial[i] ? 5 : 0)),
    pointHoverRadius: 5,
    pointBackgroundColor: data.map((_, i) => (partial[i] ? '#FFFFFF' : EXPENSES_BLUE)),
    pointBorderColor: EXPENSES_BLUE,
    pointBorderWidth: 2,
    segment: partialSegments(partial),
  };
}
