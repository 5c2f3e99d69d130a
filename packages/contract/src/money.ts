/**
 * Money is integer pence inside Brade; the API speaks pounds with two decimals (docs/architecture.md, "Data
 * conventions").
 */
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export function formatPounds(pounds: number): string {
  return gbp.format(pounds);
}

export function formatPence(pence: number | bigint): string {
  return gbp.format(penceToPounds(pence));
}

export function penceToPounds(pence: number | bigint): number {
  return Number(pence) / 100;
}

/** Rounds half away from zero so that £0.005 becomes 1p and -£0.005 becomes -1p. */
export function poundsToPence(pounds: number): number {
  const sign = pounds < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(pounds) * 100 + 1e-9);
}

/** Percent change with one decimal and '+' when positive (docs/product.md, "Constants and looks"). */
export function formatPercentChange(change: number | null): string {
  // Round first so that 0.04 shows as 0.0% (not +0.0%) and -0.04 not as -0.0%.
  const rounded = Math.round((change ?? 0) * 10) / 10 || 0;
  const text = rounded.toFixed(1);
  return rounded > 0 ? `+${text}%` : `${text}%`;
}
