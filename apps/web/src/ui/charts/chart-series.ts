import {
  CategoryScale,
  type ChartDataset,
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  type ScriptableContext,
  Tooltip,
} from 'chart.js';

// Only the pieces the dashboard's and the reports' line charts use, so the rest of Chart.js is left out of the
// bundle; every chart draws through these series, so importing them registers what it needs.
// (react-chartjs-2's Line registers the LineController itself.)
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

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

/** The revenue series as the dashboard and the reports draw it. */
export function revenueSeries(data: number[]): ChartDataset<'line'> {
  return {
    label: 'Revenue',
    data,
    borderColor: REVENUE_GOLD,
    backgroundColor: REVENUE_GOLD,
    borderWidth: 2.5,
    tension: 0,
    pointRadius: 4,
    pointHoverRadius: 6,
    pointBackgroundColor: '#FFFFFF',
    pointBorderWidth: 2,
  };
}

/** The expenses series as the dashboard and the reports draw it. */
export function expensesSeries(data: number[]): ChartDataset<'line'> {
  return {
    label: 'Expenses',
    data,
    borderColor: EXPENSES_BLUE,
    backgroundColor: expensesGradient,
    borderWidth: 2.5,
    tension: 0.4,
    fill: 'origin',
    pointRadius: 0,
    pointHoverRadius: 5,
    pointBackgroundColor: EXPENSES_BLUE,
  };
}
