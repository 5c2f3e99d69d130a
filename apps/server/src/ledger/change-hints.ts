/**
 * The hint of a headline tile (docs/finance.md, "Comparisons"): when one transaction or one category accounts for
 * most (more than half) of the change between the two periods, a short sentence names it. Pure: the figures read the
 * amounts, this decides.
 */

/** One category's total in each period, in pence, signed as the tile shows it (expenses positive). */
export interface CategoryChange {
  category: string;
  current: number;
  previous: number;
}

/** One transaction, in pence signed as the tile shows it, on its Europe/London day. */
export interface HintTransaction {
  category: string;
  amount: number;
  date: string;
}

export interface ChangeHintInput {
  /** Which tile: says whether a transaction was paid (expenses), received or refunded (revenue). */
  tile: 'revenue' | 'expenses';
  categories: readonly CategoryChange[];
  /** The largest transactions of each period by size (a handful is enough: one must be over half the change). */
  largest: { current: readonly HintTransaction[]; previous: readonly HintTransaction[] };
}

/** A change smaller than this share of the previous figure is noise: no hint. */
export const HINT_MIN_CHANGE = 0.05;
/** The share of the change one transaction or category must account for. */
export const HINT_SHARE = 0.5;

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const poundsFormat = (whole: boolean) =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });

/** '£2,400' for whole pounds, '£2,400.50' otherwise. */
export function hintPounds(pence: number): string {
  const abs = Math.abs(Math.round(pence));
  return poundsFormat(abs % 100 === 0).format(abs / 100);
}

/** '1 Nov' for '2026-11-01'. */
const shortDay = (date: string) => `${Number(date.slice(8, 10))} ${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]}`;

/** 'rent' for 'Rent', 'card payouts' for 'Card payouts'; 'PAYE and National Insurance' keeps its capitals. */
const inSentence = (category: string) =>
  /^[A-Z][A-Z]/.test(category) ? category : category.charAt(0).toLowerCase() + category.slice(1);

/**
 * The sentence, or null. The change is current − previous of the categories' totals. The category whose own change
 * goes the same way and is largest must be more than half of it; then, when one transaction of that category is more
 * than half of the change by itself (this period's, or the previous period's that is missing now), it is named with
 * its day ('Most of the rise is rent: £2,400 paid on 1 Nov'; 'Most of the fall is insurance: last month's £900 paid
 * on 3 Oct'); else the category with its change ('Most of the fall is in wages: £1,250 less'), when the tile has more
 * than that one category. No hint when there was nothing before or the change is under 5 % of it.
 */
export function changeHint({ tile, categories, largest }: ChangeHintInput): string | null {
  const current = categories.reduce((sum, c) => sum + c.current, 0);
  const previous = categories.reduce((sum, c) => sum + c.previous, 0);
  const change = current - previous;
  if (previous === 0 || change === 0 || Math.abs(change) < HINT_MIN_CHANGE * Math.abs(previous)) return null;
  const sign = Math.sign(change);
  const ownChange = (c: CategoryChange) => (c.current - c.previous) * sign;
  const driver = categories.reduce<CategoryChange | null>(
    (best, c) => (ownChange(c) > 0 && (best === null || ownChange(c) > ownChange(best)) ? c : best),
    null,
  );
  if (driver === null || ownChange(driver) <= HINT_SHARE * Math.abs(change)) return null;
  const rise = sign > 0;
  const what = `Most of the ${rise ? 'rise' : 'fall'} is ${inSentence(driver.category)}`;
  const threshold = HINT_SHARE * Math.abs(change);
  const pick = (pool: readonly HintTransaction[], direction: number) =>
    pool
      .filter((t) => t.category === driver.category && t.amount * direction > threshold)
      .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))[0];
  const verb = (t: HintTransaction) => (tile === 'expenses' ? 'paid' : t.amount < 0 ? 'refunded' : 'received');
  const now = pick(largest.current, sign);
  if (now) return `${what}: ${hintPounds(now.amount)} ${verb(now)} on ${shortDay(now.date)}`;
  const before = pick(largest.previous, -sign);
  if (before) return `${what}: last month's ${hintPounds(before.amount)} ${verb(before)} on ${shortDay(before.date)}`;
  // A tile of one category only would name itself.
  if (categories.filter((c) => c.current !== 0 || c.previous !== 0).length < 2) return null;
  return `Most of the ${rise ? 'rise' : 'fall'} is in ${inSentence(driver.category)}: ${hintPounds(ownChange(driver))} ${rise ? 'more' : 'less'}`;
}
