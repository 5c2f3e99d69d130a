import { addDays, addMonths, firstDayOf, lastDayOf, londonDateOf, monthOf } from '@brade/contract';
import type { CardPayment, SalonData } from '@brade/sandbox';

/**
 * The demo salon's sales by what was sold, who sold it and who bought it, worked out from the generator's own
 * records alone (never from the ledger's code): the truth the demo test holds the app's reports against
 * (docs/finance.md, "What was sold", "Who sold it", "Clients").
 */

/** The salon's services and products by the category a salon files them under, as this test reads them. */
const CATEGORY_OF_SERVICE: Record<string, string> = {
  'Cut & finish': 'Cuts and styling',
  'Blow-dry': 'Cuts and styling',
  "Gents' cut": 'Cuts and styling',
  'Wedding hair': 'Cuts and styling',
  'Full head colour': 'Colour',
  'Root touch-up': 'Colour',
  'Full head highlights': 'Highlights and balayage',
  'Half head highlights': 'Highlights and balayage',
  Balayage: 'Highlights and balayage',
  Treatment: 'Treatments',
  'Gel manicure': 'Nails',
  'BIAB nails': 'Nails',
};
const NO_ITEMS: Record<string, string> = {
  stripe: 'Stripe card sales without item detail',
  square: 'Square card sales without item detail',
  sumup: 'SumUp card sales without item detail',
};

/** A VAT-registered salon's figures are net of VAT: a sixth off, per payment, halves away from zero. */
export const netOfVat = (pence: number) => pence - Math.sign(pence) * Math.round(Math.abs(pence) / 6);

const inMonth = (at: Date, month: string) => londonDateOf(at).startsWith(month);

function categoryOf(item: { name: string; type: string }): string {
  if (item.type === 'retail') return 'Retail products';
  if (item.type === 'gift_voucher') return 'Gift vouchers';
  const category = CATEGORY_OF_SERVICE[item.name];
  if (!category) throw new Error(`the test does not know where ${item.name} goes`);
  return category;
}

/**
 * A month's sales net of VAT by category, as the records say: each item's share of its payment's net amount, a
 * payment without items on its processor's line, refunds on theirs.
 */
export function salesByCategoryTruth(data: SalonData, month: string, now: Date): Map<string, number> {
  const lines = new Map<string, number>();
  const add = (line: string, pence: number) => lines.set(line, (lines.get(line) ?? 0) + pence);
  for (const p of data.payments) {
    if (p.occurredAt > now || !inMonth(p.occurredAt, month)) continue;
    const net = netOfVat(p.amountPence);
    if (!p.items) add(NO_ITEMS[p.processor]!, net);
    else for (const item of p.items) add(categoryOf(item), (net * item.amountPence) / p.amountPence);
  }
  for (const r of data.refunds)
    if (r.occurredAt <= now && inMonth(r.occurredAt, month)) add('Refunds', -netOfVat(r.amountPence));
  return lines;
}

/**
 * The payments whose payer a processor identifies: Square's card payments (a customer id or the card's
 * fingerprint) and Stripe's (the booking page's customer and card). SumUp names nobody; a voucher spent at the
 * Square till is an "other gift card" tender that names nobody either.
 */
const payerKnown = (p: CardPayment) => p.processor !== 'sumup';
/** A visit: a payment for a service, not a deposit ahead of one or a gift voucher sold. */
const isVisit = (p: CardPayment) => p.purpose === null;

/** Clients, known sales for services and revenue per client of a month, on the known-payer basis. */
export function clientTruth(data: SalonData, month: string, now: Date) {
  const paid = data.payments.filter((p) => p.occurredAt <= now && inMonth(p.occurredAt, month) && payerKnown(p));
  const clients = new Set(paid.filter(isVisit).map((p) => p.clientId)).size;
  const knownSales = paid.filter((p) => p.purpose !== 'gift_voucher').reduce((s, p) => s + netOfVat(p.amountPence), 0);
  return { clients, knownSales, revenuePerClient: clients === 0 ? 0 : knownSales / clients };
}

/**
 * New-client retention of each month by the industry's basis (docs/finance.md, "Retention"), worked out here on the
 * visits whose payer is known: of the people whose first visit in the history fell in the month, the share back
 * within 90 days of it.
 */
export function newClientRetentionTruth(data: SalonData, now: Date, months: string[]): Map<string, number> {
  const days = new Map<string, string[]>();
  for (const p of data.payments) {
    if (p.occurredAt > now || !payerKnown(p) || !isVisit(p)) continue;
    const list = days.get(p.clientId) ?? [];
    list.push(londonDateOf(p.occurredAt));
    days.set(p.clientId, list);
  }
  const result = new Map<string, number>();
  for (const month of months) {
    let cohort = 0;
    let back = 0;
    for (const visits of days.values()) {
      visits.sort();
      const first = visits[0]!;
      if (monthOf(first) !== month) continue;
      cohort += 1;
      if (visits.some((d) => d > first && d <= addDays(first, 90))) back += 1;
    }
    result.set(month, cohort === 0 ? 0 : (back / cohort) * 100);
  }
  return result;
}

/** Each team member's Square takings of a month, net of VAT, to the penny, by name. */
export function teamTruth(data: SalonData, month: string, now: Date): Map<string, number> {
  const names = new Map(data.team.map((m) => [m.index, `${m.givenName} ${m.familyName}`]));
  const takings = new Map<string, number>();
  for (const p of data.payments) {
    if (p.processor !== 'square' || p.staffIndex === null || p.occurredAt > now || !inMonth(p.occurredAt, month))
      continue;
    const name = names.get(p.staffIndex)!;
    takings.set(name, (takings.get(name) ?? 0) + netOfVat(p.amountPence));
  }
  return takings;
}

/** The whole months before the current one, oldest first. */
export function wholeMonthsBefore(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(monthOf(today), i - count));
}

export const monthRange = (month: string) => ({ from: firstDayOf(month), to: lastDayOf(month) });
