import { describe, expect, it } from 'vitest';
import { generateSalonData } from './generate';
import { londonDateOf } from './london-time';
import type { CardPayment, Processor } from './types';

const data = generateSalonData({ seed: 'sales', from: '2025-01-01', to: '2025-12-31' });
const inSalon = data.payments.filter((p) => p.processor !== 'stripe');
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const londonMinute = (instant: Date) => {
  const [hour, minute] = clock.format(instant).split(':').map(Number) as [number, number];
  return hour * 60 + minute;
};

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe('card sales', { timeout: 30_000 }, () => {
  it('takes no payment at the salon on Mondays (closed) or on Christmas Day, Boxing Day and New Year’s Day', () => {
    const closedDays = inSalon.filter((p) => {
      const day = londonDateOf(p.occurredAt);
      return weekday(day) === 1 || day.endsWith('-12-25') || day.endsWith('-12-26') || day.endsWith('-01-01');
    });
    expect(closedDays).toEqual([]);
    // Online booking keeps taking deposits on closed days, through Stripe only.
    const mondays = data.payments.filter((p) => weekday(londonDateOf(p.occurredAt)) === 1);
    expect(mondays.length).toBeGreaterThan(0);
    expect(new Set(mondays.map((p) => p.processor))).toEqual(new Set(['stripe']));
  });

  it('takes in-salon payments within opening hours: 9:00–18:00, Thursdays to 20:00 (London time)', () => {
    const outside = inSalon.filter((payment) => {
      const minute = londonMinute(payment.occurredAt);
      return minute < 9 * 60 || minute >= (weekday(londonDateOf(payment.occurredAt)) === 4 ? 20 * 60 : 18 * 60);
    });
    expect(outside).toEqual([]);
    expect(
      inSalon.some((p) => weekday(londonDateOf(p.occurredAt)) === 4 && londonMinute(p.occurredAt) >= 18 * 60),
    ).toBe(true);
  });

  it('sees 15 to 45 appointments on nearly all open days at scale 1', () => {
    const perDay = [...countBy(inSalon, (p) => londonDateOf(p.occurredAt)).values()].sort((a, b) => a - b);
    const within = perDay.filter((count) => count >= 15 && count <= 45).length;
    // The rest are the Christmas rush above 45 and a few quiet January Sundays below 15.
    expect(within / perDay.length).toBeGreaterThan(0.88);
    expect(perDay[Math.floor(perDay.length / 2)]).toBeGreaterThanOrEqual(24);
    expect(perDay[Math.floor(perDay.length / 2)]).toBeLessThanOrEqual(34);
    expect(perDay[0]).toBeGreaterThanOrEqual(8);
    expect(perDay.at(-1)).toBeLessThanOrEqual(100);
  });

  it('is busiest on Fridays and Saturdays and quiet on Sundays', () => {
    const perWeekday = countBy(inSalon, (p) => String(weekday(londonDateOf(p.occurredAt))));
    const share = (day: number) => (perWeekday.get(String(day)) ?? 0) / inSalon.length;
    expect(share(5) + share(6)).toBeGreaterThan(0.36);
    for (const other of [0, 2, 3]) expect(Math.min(share(5), share(6))).toBeGreaterThan(share(other));
    expect(share(0)).toBeLessThan(share(2) * 1.1);
  });

  it('is busier in December than in January, and January is the quietest month', () => {
    const perMonth = countBy(inSalon, (p) => londonDateOf(p.occurredAt).slice(5, 7));
    const december = perMonth.get('12')!;
    const january = perMonth.get('01')!;
    expect(december).toBeGreaterThan(january * 1.25);
    expect(december).toBeGreaterThan(perMonth.get('11')! * 1.1);
    for (const [month, count] of perMonth) if (month !== '01' && month !== '02') expect(count).toBeGreaterThan(january);
  });

  it('charges each processor its UK fee, rounded to the penny', () => {
    const expectedFee: Record<Processor, (p: CardPayment) => number> = {
      // Stripe online UK cards 1.5% + 20p, Square in person 1.75%, SumUp 1.69% (docs/sandbox.md, "Where the salon's
      // figures come from"); halves round up.
      stripe: (p) => Math.round((p.amountPence * 150) / 10_000) + 20,
      square: (p) => Math.round((p.amountPence * 175) / 10_000),
      sumup: (p) => Math.round((p.amountPence * 169) / 10_000),
    };
    for (const payment of data.payments) expect(payment.feePence).toBe(expectedFee[payment.processor](payment));
  });

  it('uses integer pence everywhere and GBP', () => {
    const records = [...data.payments, ...data.refunds, ...data.payouts, ...data.bank];
    expect(records.filter((record) => !Number.isInteger(record.amountPence))).toEqual([]);
    expect(data.payments.filter((p) => !Number.isInteger(p.feePence) || p.amountPence <= 0)).toEqual([]);
    expect(new Set(data.payments.map((p) => p.currency))).toEqual(new Set(['GBP']));
  });

  it('splits sales: Square at reception for most, SumUp in the nail room, Stripe for online deposits', () => {
    const gross = (processor: Processor) =>
      data.payments.filter((p) => p.processor === processor).reduce((sum, p) => sum + p.amountPence, 0);
    const total = gross('stripe') + gross('square') + gross('sumup');
    expect(gross('square') / total).toBeGreaterThan(0.6);
    expect(gross('sumup') / total).toBeGreaterThan(0.1);
    expect(gross('stripe') / total).toBeGreaterThan(0.03);
    for (const p of inSalon.filter((p) => p.service === 'Gel manicure')) expect(p.processor).toBe('sumup');
    for (const p of data.payments.filter((p) => p.processor === 'stripe')) {
      expect(p.description).toMatch(/^(Deposit: |Gift voucher )/);
    }
  });

  it('shapes ids like each processor’s', () => {
    const shapes: Record<Processor, RegExp> = {
      stripe: /^ch_3[0-9A-Za-z]{23}$/,
      square: /^[0-9A-Za-z]{29}$/,
      sumup: /^T[0-9A-Z]{9}$/,
    };
    for (const payment of data.payments) expect(payment.id).toMatch(shapes[payment.processor]);
    for (const payment of data.payments.filter((p) => p.customerId)) {
      expect(payment.customerId).toMatch(payment.processor === 'stripe' ? /^cus_\w{14}$/ : /^[0-9A-Z]{26}$/);
    }
  });

  it('refunds about 0.5–1% of payments, partly or fully, one to ten days later', () => {
    const byId = new Map(data.payments.map((p) => [p.id, p]));
    const rate = data.refunds.length / data.payments.length;
    expect(rate).toBeGreaterThanOrEqual(0.004);
    expect(rate).toBeLessThanOrEqual(0.01);
    let partial = 0;
    for (const refund of data.refunds) {
      const payment = byId.get(refund.paymentId);
      if (!payment) continue; // paid in the last days of 2024
      expect(refund.processor).toBe(payment.processor);
      expect(refund.amountPence).toBeGreaterThan(0);
      expect(refund.amountPence).toBeLessThanOrEqual(payment.amountPence);
      if (refund.amountPence < payment.amountPence) partial += 1;
      const days = (refund.occurredAt.getTime() - payment.occurredAt.getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(0);
      expect(days).toBeLessThan(11);
    }
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(data.refunds.length);
  });
});
