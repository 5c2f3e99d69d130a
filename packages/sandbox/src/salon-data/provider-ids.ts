import { BASE62, BASE64URL, HEX, type Random, UPPER_ALNUM } from './random';
import type { Processor } from './types';

/**
 * Identifiers shaped like each processor's (docs/providers.md, "Identifiers"): Stripe prefixes ('ch_', 're_', 'po_',
 * 'cus_') and 16-character card fingerprints, Square's 29-character payment ids, 'po_' + UUID payout ids and 'sq-1-'
 * card fingerprints, SumUp's 10-character transaction codes and integer payout ids.
 */
export function paymentId(processor: Processor, random: Random): string {
  if (processor === 'stripe') return `ch_3${random.chars(BASE62, 23)}`;
  if (processor === 'square') return random.chars(BASE62, 29);
  return `T${random.chars(UPPER_ALNUM, 9)}`;
}

export function refundId(processor: Processor, paymentIdValue: string, random: Random): string {
  if (processor === 'stripe') return `re_3${random.chars(BASE62, 23)}`;
  // Square refund ids extend the payment id.
  if (processor === 'square') return `${paymentIdValue}_${random.chars(BASE62, 40)}`;
  return `T${random.chars(UPPER_ALNUM, 9)}`;
}

function uuid(random: Random): string {
  const hex = random.chars(HEX, 32);
  const variant = '89ab'[random.int(0, 3)];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** SumUp payout ids are increasing integers: one band per day keeps them unique and in date order. */
export function payoutId(processor: Processor, arrivalDay: number, random: Random): string {
  if (processor === 'stripe') return `po_1${random.chars(BASE62, 23)}`;
  if (processor === 'square') return `po_${uuid(random)}`;
  return String(20_000_000 + arrivalDay * 40 + random.int(0, 39));
}

export function customerId(processor: 'stripe' | 'square', random: Random): string {
  if (processor === 'stripe') return `cus_${random.chars(BASE62, 14)}`;
  return random.chars('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26);
}

/** SumUp exposes no card fingerprint; its simulator uses a hex digest of the card, stable like the others. */
export function cardFingerprint(processor: Processor, random: Random): string {
  if (processor === 'stripe') return random.chars(BASE62, 16);
  if (processor === 'square') return `sq-1-${random.chars(BASE64URL, 86)}`;
  return random.chars(HEX, 32);
}
