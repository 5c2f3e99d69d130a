import { CARD_PROCESSORS } from '@brade/contract';
import { addWorkingDays, isWorkingDay } from './bank-holidays';
import { type DayNumber, dateOf } from './calendar';
import { paymentsOn } from './card-payments';
import { type GenerationContext, memoised } from './context';
import { londonInstant } from './london-time';
import { payoutId } from './provider-ids';
import { randomFor } from './random';
import { refundsOn } from './refunds';
import type { Payout, Processor } from './types';

/**
 * When each processor's money for a day's sales reaches the bank (docs/sandbox.md, "Where the salon's figures come
 * from"). All three pay out daily, only on working days (no weekend or bank-holiday transfers), so a Monday payout
 * covers the weekend:
 * - Stripe: standard payouts 3 business days after the payment (Business Expert; the reference says to model 2–3).
 * - Square: next working day; transfers start about 4pm Monday to Friday.
 * - SumUp: 1–3 business days; direct to a bank other than SumUp's own account takes 2–3: here 2, in the morning.
 */
const DELAY_WORKING_DAYS: Record<Processor, number> = { stripe: 3, square: 1, sumup: 2 };

/** London minute the transfer lands: Stripe early morning, SumUp late morning, Square from 4pm. */
const ARRIVAL_WINDOW: Record<Processor, [number, number]> = {
  stripe: [6 * 60, 8 * 60],
  square: [16 * 60, 17 * 60 + 30],
  sumup: [9 * 60 + 30, 11 * 60 + 30],
};

export const PROCESSORS: readonly Processor[] = CARD_PROCESSORS;
/** Longest gap between a sale and its payout (three working days across Christmas and a weekend). */
export const MAX_PAYOUT_DELAY_DAYS = 10;

export function payoutDayOf(processor: Processor, saleDay: DayNumber): DayNumber {
  return addWorkingDays(saleDay, DELAY_WORKING_DAYS[processor]);
}

/** The sale days a payout arriving on `day` covers: every day whose money becomes due that day. */
export function saleDaysPaidOn(processor: Processor, day: DayNumber): DayNumber[] {
  const days: DayNumber[] = [];
  for (let sale = day - MAX_PAYOUT_DELAY_DAYS; sale < day; sale++) {
    if (payoutDayOf(processor, sale) === day) days.push(sale);
  }
  return days;
}

/** A processor's takings on a day: payments, less their fees, less refunds made that day (fees are not returned). */
export function dayNetOf(context: GenerationContext, processor: Processor, day: DayNumber): number {
  let net = 0;
  for (const { payment } of paymentsOn(context, day)) {
    if (payment.processor === processor) net += payment.amountPence - payment.feePence;
  }
  for (const refund of refundsOn(context, day)) if (refund.processor === processor) net -= refund.amountPence;
  return net;
}

export function payoutsOn(context: GenerationContext, day: DayNumber): Payout[] {
  return memoised(context, 'payouts', day, () => {
    if (!isWorkingDay(day)) return [];
    const payouts: Payout[] = [];
    for (const processor of PROCESSORS) {
      const saleDays = saleDaysPaidOn(processor, day);
      let amountPence = 0;
      for (const sale of saleDays) amountPence += dayNetOf(context, processor, sale);
      if (amountPence <= 0) continue;
      const random = randomFor(context.profile.seed, 'payout', processor, dateOf(day));
      const [earliest, latest] = ARRIVAL_WINDOW[processor];
      payouts.push({
        kind: 'payout',
        processor,
        id: payoutId(processor, day, random),
        occurredAt: londonInstant(day, random.int(earliest, latest), random.int(0, 59)),
        amountPence,
        periodStart: dateOf(saleDays[0]!),
        periodEnd: dateOf(saleDays[saleDays.length - 1]!),
      });
    }
    return payouts;
  });
}
