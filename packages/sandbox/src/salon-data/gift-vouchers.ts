import { type DayNumber, dateOf, dayOfMonth, monthOf } from './calendar';
import type { Client } from './client-pool';
import { type GenerationContext, memoised } from './context';
import { londonInstant } from './london-time';
import { randomFor } from './random';
import { isSalonOpen, openingHours } from './seasonality';
import type { VoucherRedemption } from './types';

/** Gift vouchers sold online a day at scale 1: a trickle all year, a rush in the four weeks before Christmas. */
function voucherRate(day: DayNumber): number {
  const month = monthOf(day);
  if (month === 12 && dayOfMonth(day) <= 23) return 2;
  if (month === 11) return 0.5;
  return 0.2;
}

const VOUCHER_VALUES = [2500, 5000, 7500, 10_000, 15_000];
const VOUCHER_WEIGHTS = [0.2, 0.4, 0.15, 0.2, 0.05];

/** A gift voucher bought on the salon's booking page (a Stripe payment) by someone who is not, by buying, a client. */
export interface VoucherSale {
  id: string;
  day: DayNumber;
  valuePence: number;
  buyer: Client;
  minute: number;
  second: number;
}

/** The vouchers sold on a London day: a function of (seed, day, scale) alone, so any range can look back. */
export function vouchersSoldOn(context: GenerationContext, day: DayNumber): VoucherSale[] {
  return memoised(context, 'vouchers', day, () => {
    const random = randomFor(context.profile.seed, 'vouchers', dateOf(day));
    const count = random.poisson(voucherRate(day) * context.profile.scale);
    const sales: VoucherSale[] = [];
    for (let i = 0; i < count; i++) {
      const valuePence = random.weighted(VOUCHER_VALUES, VOUCHER_WEIGHTS);
      const buyer: Client = {
        id: `gv_${dateOf(day)}_${i}`,
        kind: 'cut',
        key: random.int(0, 0xffffffff),
        words: [
          random.int(0, 0xffffffff),
          random.int(0, 0xffffffff),
          random.int(0, 0xffffffff),
          random.int(0, 0xffffffff),
        ],
        joinDay: day,
        weekday: 0,
        phase: 0,
        interval: 0,
        visits: 1,
        walkIn: false,
        stylist: context.profile.owner,
        mainService: 'Gift voucher',
        squareProfile: false,
        stripeProfile: true,
      };
      const minute = 7 * 60 + random.int(0, 16 * 60 - 1);
      sales.push({ id: buyer.id, day, valuePence, buyer, minute, second: random.int(0, 59) });
    }
    return sales;
  });
}

/**
 * About one voucher in seven is never spent (UK gift-card "breakage" runs at 10–20 %); the rest are spent within
 * six months, most in the first two (Christmas vouchers in January and February).
 */
const REDEEMED_SHARE = 0.85;
const MIN_LAG_DAYS = 7;
const MAX_LAG_DAYS = 180;
/** A redemption due on a closed day moves to the next open day: at most this many days later. */
const MAX_CLOSED_RUN = 4;
export const MAX_REDEMPTION_DELAY_DAYS = MAX_LAG_DAYS + MAX_CLOSED_RUN;

/** When (and whether) a voucher is spent: a hash of the voucher, independent of the range generated. */
function redemptionOf(context: GenerationContext, sale: VoucherSale): { day: DayNumber; minute: number } | null {
  const random = randomFor(context.profile.seed, 'voucher-redemption', sale.id);
  if (!random.chance(REDEEMED_SHARE)) return null;
  const u = random.next();
  let day = sale.day + MIN_LAG_DAYS + Math.floor(u * u * (MAX_LAG_DAYS - MIN_LAG_DAYS));
  while (!isSalonOpen(day)) day += 1;
  const { open, close } = openingHours(day);
  return { day, minute: random.int(open + 30, close - 30) };
}

/**
 * The vouchers spent at the desk on a London day. The salon takes them on its Square till as an external
 * "other gift card" tender (the voucher was sold online, not as a Square gift card): the visit of a client who pays
 * nothing new, so no money moves and no fee is charged. The recipient is usually someone new to the salon.
 */
export function redemptionsOn(context: GenerationContext, day: DayNumber): VoucherRedemption[] {
  return memoised(context, 'redemptions', day, () => {
    const out: VoucherRedemption[] = [];
    for (let sold = day - MAX_REDEMPTION_DELAY_DAYS; sold <= day - MIN_LAG_DAYS; sold++) {
      for (const sale of vouchersSoldOn(context, sold)) {
        const redemption = redemptionOf(context, sale);
        if (redemption?.day !== day) continue;
        const random = randomFor(context.profile.seed, 'voucher-redemption-id', sale.id);
        out.push({
          kind: 'redemption',
          processor: 'square',
          id: random.chars('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 29),
          occurredAt: londonInstant(day, redemption.minute, random.int(0, 59)),
          amountPence: sale.valuePence,
          voucherId: sale.id,
          clientId: `gr_${sale.id.slice(3)}`,
          description: `Gift voucher ${pounds(sale.valuePence)} redeemed`,
        });
      }
    }
    return out.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : 1));
  });
}

export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
