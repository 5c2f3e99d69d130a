import { salonProfile } from '../../salon-data/salon-profile';
import type { BankTransaction } from '../../salon-data/types';
import { addDays, penceToDecimalString } from '../common/salon-data-window';
import { stableFraction } from '../common/stable-identifiers';
import type { StatementSplit } from './bank-statement-feed';

export interface BusinessAccountIdentity {
  iban: string;
  bban: string;
  sortCode: string;
  accountNumber: string;
  ownerName: string;
}

/** ISO 13616 check digits: move "GB00" to the end, letters to numbers, 98 - (n mod 97). */
function ibanCheckDigits(bban: string): string {
  const digits = `${bban}GB00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

function digits(seed: string, label: string, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += Math.floor(stableFraction(seed, label, String(i)) * 10);
  return out;
}

/** The salon's business current account: a valid GB IBAN whose bank code follows the chosen institution's BIC. */
export function businessAccount(seed: string, bic: string, scale = 1): BusinessAccountIdentity {
  const sortCode = `30${digits(seed, 'sort-code', 4)}`;
  const accountNumber = digits(seed, 'account-number', 8);
  const bban = `${bic.slice(0, 4).toUpperCase()}${sortCode}${accountNumber}`;
  return {
    iban: `GB${ibanCheckDigits(bban)}${bban}`,
    bban,
    sortCode,
    accountNumber,
    ownerName: salonProfile(seed, scale).name.toUpperCase(),
  };
}

/** Balance at the start of the served window; the generator has no opening balance, so one is picked per seed. */
export function openingBalancePence(seed: string): number {
  return 800_000 + Math.round(stableFraction(seed, 'opening-balance') * 700_000);
}

const sum = (records: BankTransaction[]) => records.reduce((total, r) => total + r.amountPence, 0);

/** interimBooked (booked so far), interimAvailable (less pending debits) and closingBooked (end of yesterday). */
export function balances(seed: string, split: StatementSplit, today: string, startOfToday: Date, now: Date) {
  const opening = openingBalancePence(seed);
  const booked = opening + sum(split.booked);
  const available = booked + sum(split.pending);
  const closing = opening + sum(split.booked.filter((r) => r.occurredAt < startOfToday));
  const amount = (pence: number) => ({ amount: penceToDecimalString(pence), currency: 'GBP' });
  const yesterday = addDays(today, -1);
  return {
    balances: [
      {
        balanceAmount: amount(booked),
        balanceType: 'interimBooked',
        creditLimitIncluded: false,
        referenceDate: today,
        lastChangeDateTime: now.toISOString(),
      },
      {
        balanceAmount: amount(available),
        balanceType: 'interimAvailable',
        creditLimitIncluded: false,
        referenceDate: today,
        lastChangeDateTime: now.toISOString(),
      },
      {
        balanceAmount: amount(closing),
        balanceType: 'closingBooked',
        creditLimitIncluded: false,
        referenceDate: yesterday,
      },
    ],
  };
}
