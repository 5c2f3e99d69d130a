import { type DayNumber, dayNumberOf } from './calendar';
import type { Processor } from './types';

/**
 * Each processor's UK fee for the way this salon takes payments (docs/sandbox.md, "Where the salon's figures come
 * from"):
 * - Stripe, online (booking deposits, gift vouchers): standard UK cards 1.5% + 20p from 10 April 2023 (Stripe support,
 *   "Pricing updates…UK"); before that 1.4% + 20p.
 * - Square, in person at reception: 1.75% (Square GB fee schedule, 22 Nov 2024).
 * - SumUp, in person in the nail room: 1.69% (SumUp GB help; NHF Salon Focus 2022).
 */
export interface FeeRule {
  basisPoints: number;
  fixedPence: number;
}

const STRIPE_2023_PRICE_CHANGE = dayNumberOf('2023-04-10');

export function feeRule(processor: Processor, day: DayNumber): FeeRule {
  if (processor === 'stripe') return { basisPoints: day >= STRIPE_2023_PRICE_CHANGE ? 150 : 140, fixedPence: 20 };
  if (processor === 'square') return { basisPoints: 175, fixedPence: 0 };
  return { basisPoints: 169, fixedPence: 0 };
}

/** The fee in pence, the percentage rounded half up to the penny. */
export function feeFor(processor: Processor, day: DayNumber, amountPence: number): number {
  const { basisPoints, fixedPence } = feeRule(processor, day);
  return Math.floor((amountPence * basisPoints + 5000) / 10_000) + fixedPence;
}
