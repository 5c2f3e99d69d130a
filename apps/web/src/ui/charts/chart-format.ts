import { monthOf } from '@brade/contract';

/** The height of the dashboard's and the reports' line charts. */
export const CHART_HEIGHT_PX = 400;

/** Fixed month names: the browser's en-GB 'Sept' would break the pattern of the labels. */
export const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Dec 25' for '2025-12'. */
export function shortMonthLabel(month: string): string {
  return `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;
}

const wholePounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Axis ticks: '£1,500' (the tooltips and tiles keep the pence). */
export function formatWholePounds(pounds: number): string {
  return wholePounds.format(pounds);
}

/**
 * What a chart says of a month that is not over (docs/finance.md, "Comparisons"): '1–27 Nov so far' for November on
 * the 27th, '1 Nov so far' on the 1st; null for any other month.
 */
export function soFarNote(month: string, today: string): string | null {
  if (monthOf(today) !== month) return null;
  const day = Number(today.slice(8, 10));
  const name = SHORT_MONTHS[Number(month.slice(5, 7)) - 1];
  return `${day === 1 ? '1' : `1–${day}`} ${name} so far`;
}
