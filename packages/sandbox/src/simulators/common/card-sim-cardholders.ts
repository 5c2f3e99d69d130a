import { stableNumber } from './card-sim-ids';

/**
 * The generator knows clients by id and cards by fingerprint only; processors also show a name and card details.
 * These are derived from those ids so they stay stable, and are obviously fictional.
 */
const FIRST_NAMES = [
  'Amelia',
  'Olivia',
  'Isla',
  'Ava',
  'Mia',
  'Grace',
  'Freya',
  'Lily',
  'Sophie',
  'Emily',
  'Poppy',
  'Ella',
  'Jack',
  'Harry',
  'Oliver',
  'George',
  'Noah',
  'Leo',
  'Priya',
  'Aisha',
  'Chloe',
  'Hannah',
  'Zara',
  'Ruby',
];
const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Khan',
  'Lewis',
  'Clarke',
  'Hughes',
  'Wood',
  'Turner',
];

export function cardholderName(clientId: string): string {
  return `${FIRST_NAMES[stableNumber(`first:${clientId}`, FIRST_NAMES.length)]} ${SURNAMES[stableNumber(`last:${clientId}`, SURNAMES.length)]}`;
}

/**
 * A person's own e-mail: the name and a number, as people's addresses often are. The number keeps it one person's:
 * with the name alone, the 576 names would give two clients in the same salon one address, and the app, which links
 * payments across processors by e-mail (docs/finance.md, "Clients"), rightly takes them for one person.
 */
export function cardholderEmail(clientId: string): string {
  const number = 10_000 + stableNumber(`email:${clientId}`, 90_000);
  return `${cardholderName(clientId).toLowerCase().replace(' ', '.')}${number}@example.com`;
}

export interface CardDetails {
  brand: 'visa' | 'mastercard' | 'amex';
  last4: string;
  expMonth: number;
  expYear: number;
  funding: 'debit' | 'credit';
}

/** UK mix: mostly Visa debit, some Mastercard, a little Amex. */
export function cardDetails(fingerprint: string): CardDetails {
  const roll = stableNumber(`brand:${fingerprint}`, 100);
  const brand = roll < 68 ? 'visa' : roll < 96 ? 'mastercard' : 'amex';
  return {
    brand,
    last4: String(stableNumber(`last4:${fingerprint}`, 10_000)).padStart(4, '0'),
    expMonth: 1 + stableNumber(`month:${fingerprint}`, 12),
    expYear: 2026 + stableNumber(`year:${fingerprint}`, 5),
    funding: stableNumber(`funding:${fingerprint}`, 100) < 75 && brand !== 'amex' ? 'debit' : 'credit',
  };
}
