import { describe, expect, it } from 'vitest';
import { isWorkingDay } from './bank-holidays';
import { dayNumberOf, monthIndexOf } from './calendar';
import { generateSalonData } from './generate';
import { londonDateOf } from './london-time';
import { regularBillLines } from './regular-bills';
import { salonProfile } from './salon-profile';
import { BANK_CATEGORIES, type BankTransaction } from './types';

const data = generateSalonData({ seed: 'monthly', from: '2025-01-01', to: '2025-12-31' });
const monthOf = (instant: Date) => londonDateOf(instant).slice(0, 7);
const sum = (items: { amountPence: number }[]) => items.reduce((total, item) => total + item.amountPence, 0);
const debits = (filter: (t: BankTransaction) => boolean) =>
  -sum(data.bank.filter((t) => t.amountPence < 0 && filter(t)));

const sales = sum(data.payments);
const revenue = sales - sum(data.refunds);
const fees = data.payments.reduce((total, p) => total + p.feePence, 0);
const share = (pence: number) => pence / revenue;

/**
 * Ranges for a busy salon at scale 1, from docs/sandbox.md, "Where the salon's figures come from": ~27 appointments a
 * day at ~£50 (Yell 2024 £48 cut, £130 cut + colour) is £30k–£60k a month; wages ≤50% of revenue with 30–40% the
 * target; occupancy targeted at 10%; stock 14% in a model budget; card fees 1.4–1.75% in person plus Stripe's 20p on
 * small online deposits.
 */
describe('monthly totals at scale 1', { timeout: 30_000 }, () => {
  it('takes £25k–£75k a month and £400k–£700k a year', () => {
    const byMonth = new Map<string, number>();
    for (const p of data.payments)
      byMonth.set(monthOf(p.occurredAt), (byMonth.get(monthOf(p.occurredAt)) ?? 0) + p.amountPence);
    for (const r of data.refunds)
      byMonth.set(monthOf(r.occurredAt), byMonth.get(monthOf(r.occurredAt))! - r.amountPence);
    expect(byMonth.size).toBe(12);
    for (const [month, pence] of byMonth) {
      expect(pence, month).toBeGreaterThan(25_000_00);
      expect(pence, month).toBeLessThan(75_000_00);
    }
    expect(revenue).toBeGreaterThan(400_000_00);
    expect(revenue).toBeLessThan(700_000_00);
    expect(byMonth.get('2025-12')!).toBeGreaterThan(byMonth.get('2025-11')! * 1.15);
  });

  it('pays 1.4–2% of sales in card fees', () => {
    expect(fees / sales).toBeGreaterThan(0.014);
    expect(fees / sales).toBeLessThan(0.02);
  });

  it('spends 30–50% of revenue on staff (wages, pension, PAYE)', () => {
    const staff = debits((t) => t.category === 'Wages' || t.category === 'Pension' || t.category === 'PAYE/NI');
    expect(share(staff)).toBeGreaterThan(0.3);
    expect(share(staff)).toBeLessThan(0.5);
  });

  it('spends 5–15% on rent and rates, 9–16% on stock, 0.8–3% on utilities, £40–£120 a month on insurance', () => {
    const premises = debits((t) => t.category === 'Rent' || t.category === 'Business rates');
    expect(share(premises)).toBeGreaterThan(0.05);
    expect(share(premises)).toBeLessThan(0.15);
    expect(share(debits((t) => t.category === 'Stock & supplies'))).toBeGreaterThan(0.09);
    expect(share(debits((t) => t.category === 'Stock & supplies'))).toBeLessThan(0.16);
    expect(share(debits((t) => t.category === 'Utilities'))).toBeGreaterThan(0.008);
    expect(share(debits((t) => t.category === 'Utilities'))).toBeLessThan(0.03);
    const insurance = debits((t) => t.category === 'Insurance') / 12;
    expect(insurance).toBeGreaterThan(40_00);
    expect(insurance).toBeLessThan(120_00);
    expect(debits((t) => t.category === 'Software')).toBeGreaterThan(0);
  });

  it('pays VAT quarterly by Direct Debit: about a sixth of takings less VAT on purchases', () => {
    const vat = data.bank.filter((t) => t.description.startsWith('DD HMRC VAT'));
    expect(vat.map((t) => monthOf(t.occurredAt))).toEqual(['2025-02', '2025-05', '2025-08', '2025-11']);
    expect(share(-sum(vat))).toBeGreaterThan(0.1);
    expect(share(-sum(vat))).toBeLessThan(0.17);
  });

  it('keeps 10–35% as net income before the owner’s own drawings', () => {
    const expenses = debits((t) => t.category !== "Owner's savings") + fees;
    expect(share(revenue - expenses)).toBeGreaterThan(0.1);
    expect(share(revenue - expenses)).toBeLessThan(0.35);
  });

  it('dates bills as UK payments run: rent on the 1st, PAYE by the 22nd, wages on the last working day', () => {
    const rent = data.bank.filter((t) => t.category === 'Rent' && t.description.startsWith('SO '));
    expect(rent).toHaveLength(12);
    for (const t of rent) {
      const day = londonDateOf(t.occurredAt);
      expect(Number(day.slice(8)) <= 3 && isWorkingDay(dayNumberOf(day))).toBe(true);
    }
    const paye = data.bank.filter((t) => t.description.startsWith('FPO HMRC CUMBERNAULD'));
    expect(paye).toHaveLength(12);
    for (const t of paye) {
      const date = Number(londonDateOf(t.occurredAt).slice(8));
      expect(date >= 20 && date <= 22).toBe(true);
    }
    const wageDays = new Set(
      data.bank.filter((t) => t.description.includes(' WAGES ')).map((t) => londonDateOf(t.occurredAt)),
    );
    expect(wageDays.size).toBe(12);
    for (const day of wageDays) expect(Number(day.slice(8))).toBeGreaterThanOrEqual(26);
  });

  it('words the statement like a UK business account, in the app’s categories', () => {
    for (const t of data.bank) {
      expect(BANK_CATEGORIES).toContain(t.category);
      expect(t.description).toMatch(/^(FPI|FPO|DD|SO|BGC|DEB|CHG|TFR) [A-Z0-9]/);
    }
    const counterparties = new Set(data.bank.map((t) => t.counterparty));
    for (const name of ['HMRC', 'Sally Salon Services Ltd', 'Salons Direct', 'Ripe Insurance', 'Timely']) {
      expect(counterparties).toContain(name);
    }
    expect(data.bank.some((t) => t.category === "Owner's savings" && t.amountPence < 0)).toBe(true);
    expect(data.bank.some((t) => t.category === 'Other income' && t.amountPence > 0)).toBe(true);
  });

  it('buys card readers now and then (Square and SumUp charge no rental)', () => {
    const profile = salonProfile('monthly', 1);
    const purchases = [];
    for (
      let month = monthIndexOf(dayNumberOf('2023-01-01'));
      month < monthIndexOf(dayNumberOf('2026-01-01'));
      month++
    ) {
      purchases.push(...regularBillLines(profile, month).filter((line) => line.category === 'Card terminal'));
    }
    expect(purchases.length).toBeGreaterThanOrEqual(2);
    expect(purchases.length).toBeLessThanOrEqual(4);
  });
});
