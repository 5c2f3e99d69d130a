import { MAX_BOOKING_LEAD_DAYS } from './appointments';
import { bankTransactionsIn } from './bank-transactions';
import { type DayNumber, dayNumberOf } from './calendar';
import { paymentsOn } from './card-payments';
import { clientPool } from './client-pool';
import type { GenerationContext } from './context';
import { redemptionsOn } from './gift-vouchers';
import { MAX_PAYOUT_DELAY_DAYS, payoutsOn } from './payouts';
import { MAX_REFUND_DELAY_DAYS, refundsOn } from './refunds';
import { type SalonProfile, salonProfile } from './salon-profile';
import type {
  CardPayment,
  CardRefund,
  GenerateOptions,
  Payout,
  SalonData,
  TeamMember,
  VoucherRedemption,
} from './types';

/**
 * Days before `from` whose sales a range can need: a VAT Direct Debit (collected up to ~135 days after its quarter
 * starts) reads the quarter's sales and refunds, refunds read earlier payments, payouts read earlier days.
 */
const LOOKBACK_DAYS = 150 + MAX_PAYOUT_DELAY_DAYS + MAX_REFUND_DELAY_DAYS;

function byTime<T extends { occurredAt: Date; id: string }>(a: T, b: T): number {
  return a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The salon's staff as a team directory lists them, the owner first. */
export function teamOf(profile: SalonProfile): TeamMember[] {
  return [profile.owner, ...profile.staff].map((member) => {
    const [givenName, familyName] = member.name.split(' ') as [string, string];
    return { index: member.index, givenName, familyName, role: member.role, owner: member.role === 'owner' };
  });
}

/**
 * Generates a seeded UK salon's card payments, refunds, payouts, gift-voucher redemptions and bank statement for a
 * range of London days.
 * Every record is a pure function of (seed, its own day, scale): generating a..b and b+1..c gives exactly the records
 * of a..c.
 */
export function generateSalonData(options: GenerateOptions): SalonData {
  const from = dayNumberOf(options.from);
  const to = dayNumberOf(options.to);
  const scale = options.salesPerDayScale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error('salesPerDayScale must be a positive number');
  const profile = salonProfile(options.seed, scale, options.legalForm);
  if (to < from) return { team: teamOf(profile), payments: [], refunds: [], payouts: [], bank: [], redemptions: [] };
  const context: GenerationContext = {
    profile,
    pool: clientPool(profile, from - LOOKBACK_DAYS, to + MAX_BOOKING_LEAD_DAYS),
    memo: new Map(),
    depositsByDay: new Map(),
  };
  const payments: CardPayment[] = [];
  const refunds: CardRefund[] = [];
  const payouts: Payout[] = [];
  const redemptions: VoucherRedemption[] = [];
  for (let day: DayNumber = from; day <= to; day++) {
    for (const record of paymentsOn(context, day)) payments.push(record.payment);
    redemptions.push(...redemptionsOn(context, day));
    refunds.push(...refundsOn(context, day));
    payouts.push(...payoutsOn(context, day));
  }
  const bank = bankTransactionsIn(context, from, to);
  return {
    team: teamOf(profile),
    payments: payments.sort(byTime),
    refunds: refunds.sort(byTime),
    payouts: payouts.sort(byTime),
    bank: bank.sort(byTime),
    redemptions: redemptions.sort(byTime),
  };
}
