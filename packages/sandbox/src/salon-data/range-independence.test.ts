import { describe, expect, it } from 'vitest';
import { dateOf, dayNumberOf } from './calendar';
import { generateSalonData } from './generate';
import { londonDateOf } from './london-time';
import type { SalonData } from './types';

const KINDS = ['payments', 'refunds', 'payouts', 'bank', 'redemptions'] as const;

function concat(a: SalonData, b: SalonData): SalonData {
  return {
    team: b.team,
    payments: [...a.payments, ...b.payments],
    refunds: [...a.refunds, ...b.refunds],
    payouts: [...a.payouts, ...b.payouts],
    bank: [...a.bank, ...b.bank],
    redemptions: [...a.redemptions, ...b.redemptions],
  };
}

const next = (date: string) => dateOf(dayNumberOf(date) + 1);

describe('determinism', { timeout: 30_000 }, () => {
  it('gives the same salon for the same seed', () => {
    const options = { seed: 'determinism', from: '2025-03-01', to: '2025-04-15', salesPerDayScale: 1.5 };
    expect(generateSalonData(options)).toEqual(generateSalonData(options));
  });

  it('gives a different salon for a different seed', () => {
    const a = generateSalonData({ seed: 'one', from: '2025-03-01', to: '2025-03-31' });
    const b = generateSalonData({ seed: 'two', from: '2025-03-01', to: '2025-03-31' });
    expect(a.payments.map((p) => p.id)).not.toEqual(b.payments.map((p) => p.id));
    expect(a.payments.reduce((sum, p) => sum + p.amountPence, 0)).not.toBe(
      b.payments.reduce((sum, p) => sum + p.amountPence, 0),
    );
    expect(new Set(a.bank.map((t) => t.counterparty))).not.toEqual(new Set(b.bank.map((t) => t.counterparty)));
  });

  it('keeps ids unique', () => {
    const data = generateSalonData({ seed: 'ids', from: '2025-01-01', to: '2025-12-31', salesPerDayScale: 2 });
    for (const kind of KINDS) {
      const ids = data[kind].map((record) => record.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('range independence', { timeout: 30_000 }, () => {
  const seed = 'range';
  const whole = generateSalonData({ seed, from: '2025-01-01', to: '2025-06-30', salesPerDayScale: 2 });

  // A Friday (payouts of the weekend arrive after it), the day before a VAT Direct Debit, a month end with payroll,
  // and Maundy Thursday before the Easter bank holidays.
  for (const split of ['2025-01-10', '2025-05-09', '2025-02-28', '2025-04-17']) {
    it(`splits at ${split} into exactly the same records`, { timeout: 30_000 }, () => {
      const first = generateSalonData({ seed, from: '2025-01-01', to: split, salesPerDayScale: 2 });
      const second = generateSalonData({ seed, from: next(split), to: '2025-06-30', salesPerDayScale: 2 });
      const joined = concat(first, second);
      for (const kind of KINDS) expect(joined[kind]).toEqual(whole[kind]);
      // The split really cuts through dependent records: a payout after it covers sales before it, and a refund after
      // it refunds a payment before it.
      expect(second.payouts.some((p) => p.periodStart <= split)).toBe(true);
      const firstPaymentIds = new Set(
        whole.payments.filter((p) => londonDateOf(p.occurredAt) <= split).map((p) => p.id),
      );
      const refundsAcross = whole.refunds.filter(
        (r) => londonDateOf(r.occurredAt) > split && firstPaymentIds.has(r.paymentId),
      );
      if (split === '2025-05-09') expect(refundsAcross.length).toBeGreaterThan(0);
    });
  }

  // The app tops its data up a day at a time: two weeks around a month end (payroll, rent) and a weekend.
  it('builds days one call at a time exactly as in one call', { timeout: 60_000 }, () => {
    const month = generateSalonData({ seed, from: '2025-03-24', to: '2025-04-06', salesPerDayScale: 2 });
    let byDay: SalonData = { team: [], payments: [], refunds: [], payouts: [], bank: [], redemptions: [] };
    for (let day = dayNumberOf('2025-03-24'); day <= dayNumberOf('2025-04-06'); day++) {
      byDay = concat(byDay, generateSalonData({ seed, from: dateOf(day), to: dateOf(day), salesPerDayScale: 2 }));
    }
    for (const kind of KINDS) expect(byDay[kind]).toEqual(month[kind]);
  });

  it('returns only records dated inside the range', () => {
    const data = generateSalonData({ seed, from: '2025-02-10', to: '2025-02-20' });
    for (const kind of KINDS) {
      for (const record of data[kind]) {
        const day = londonDateOf(record.occurredAt);
        expect(day >= '2025-02-10' && day <= '2025-02-20', `${kind} ${record.id} on ${day}`).toBe(true);
      }
    }
  });

  it('returns nothing for an empty range and rejects a bad date', () => {
    expect(generateSalonData({ seed, from: '2025-02-10', to: '2025-02-09' }).payments).toEqual([]);
    expect(() => generateSalonData({ seed, from: '2025-02-30', to: '2025-03-01' })).toThrow();
  });
});
