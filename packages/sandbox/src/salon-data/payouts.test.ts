import { describe, expect, it } from 'vitest';
import { isWorkingDay } from './bank-holidays';
import { dateOf, dayNumberOf } from './calendar';
import { generateSalonData } from './generate';
import { londonDateOf } from './london-time';
import { payoutDayOf } from './payouts';
import type { Processor } from './types';

const FROM = '2025-01-01';
const data = generateSalonData({ seed: 'payouts', from: FROM, to: '2025-12-31', salesPerDayScale: 1.5 });
// Payouts early in January cover December's sales, outside the range: check those fully inside it.
const covered = data.payouts.filter((p) => p.periodStart >= FROM);

describe('payouts', { timeout: 30_000 }, () => {
  it('pay each processor out on working days only, at its delay: Stripe 3, Square 1, SumUp 2 working days', () => {
    const delays: Record<Processor, number> = { stripe: 3, square: 1, sumup: 2 };
    for (const payout of data.payouts) {
      const arrival = dayNumberOf(londonDateOf(payout.occurredAt));
      expect(isWorkingDay(arrival)).toBe(true);
      expect(payoutDayOf(payout.processor, dayNumberOf(payout.periodEnd))).toBe(arrival);
      let working = 0;
      for (let day = dayNumberOf(payout.periodEnd) + 1; day <= arrival; day++) if (isWorkingDay(day)) working += 1;
      expect(working).toBe(delays[payout.processor]);
    }
    // Square pays Friday-to-Sunday sales together on Monday.
    const monday = data.payouts.find((p) => p.processor === 'square' && p.periodStart === '2025-03-07');
    expect(monday && [monday.periodEnd, londonDateOf(monday.occurredAt)]).toEqual(['2025-03-09', '2025-03-10']);
  });

  it('cover every sale day exactly once, without gaps', () => {
    for (const processor of ['stripe', 'square', 'sumup'] as const) {
      const periods = covered.filter((p) => p.processor === processor);
      for (let i = 1; i < periods.length; i++) {
        expect(periods[i]!.periodStart > periods[i - 1]!.periodEnd).toBe(true);
      }
    }
  });

  it('equal the payments less fees less refunds of the days they cover', () => {
    expect(covered.length).toBeGreaterThan(600);
    // Net per processor and London day, computed independently of the generator's own payout code.
    const dayNet = new Map<string, number>();
    const add = (processor: Processor, instant: Date, pence: number) => {
      const key = `${processor}|${londonDateOf(instant)}`;
      dayNet.set(key, (dayNet.get(key) ?? 0) + pence);
    };
    for (const p of data.payments) add(p.processor, p.occurredAt, p.amountPence - p.feePence);
    for (const r of data.refunds) add(r.processor, r.occurredAt, -r.amountPence);
    for (const payout of covered) {
      let net = 0;
      for (let day = dayNumberOf(payout.periodStart); day <= dayNumberOf(payout.periodEnd); day++) {
        net += dayNet.get(`${payout.processor}|${dateOf(day)}`) ?? 0;
      }
      expect(payout.amountPence, `${payout.processor} ${payout.periodStart}..${payout.periodEnd}`).toBe(net);
    }
  });

  it('leave no sales unpaid: a day with net takings is in some payout', () => {
    const paidDays = new Set<string>();
    for (const payout of data.payouts) {
      for (let day = dayNumberOf(payout.periodStart); day <= dayNumberOf(payout.periodEnd); day++) {
        paidDays.add(`${payout.processor}|${dateOf(day)}`);
      }
    }
    for (const p of data.payments) {
      const day = londonDateOf(p.occurredAt);
      if (day <= '2025-12-20') expect(paidDays.has(`${p.processor}|${day}`), `${p.processor} ${day}`).toBe(true);
    }
  });

  it('each arrive as exactly one bank credit with the processor’s statement wording', () => {
    const credits = data.bank.filter((t) => t.category === 'Card payouts');
    expect(credits.length).toBe(data.payouts.length);
    const wording: Record<Processor, RegExp> = {
      stripe: /^FPI STRIPE PAYMENTS UK STRIPE$/,
      square: /^FPI SQUAREUP EUROPE LTD SQUARE PAYOUT$/,
      sumup: /^FPI SUMUP PAYMENTS LIMITED PID\d+-SUMUP$/,
    };
    for (const payout of data.payouts) {
      const matches = data.bank.filter((t) => t.payoutId === payout.id);
      expect(matches).toHaveLength(1);
      const [credit] = matches;
      expect(credit!.amountPence).toBe(payout.amountPence);
      expect(credit!.processor).toBe(payout.processor);
      expect(credit!.category).toBe('Card payouts');
      expect(credit!.occurredAt).toEqual(payout.occurredAt);
      expect(credit!.description).toMatch(wording[payout.processor]);
    }
  });

  it('look like each processor’s payout ids', () => {
    for (const payout of data.payouts) {
      if (payout.processor === 'stripe') expect(payout.id).toMatch(/^po_1[0-9A-Za-z]{23}$/);
      if (payout.processor === 'square') expect(payout.id).toMatch(/^po_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
      if (payout.processor === 'sumup') expect(payout.id).toMatch(/^\d{8}$/);
    }
  });
});
