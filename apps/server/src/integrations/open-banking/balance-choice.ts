import { decimalToPence } from '../card-providers/sumup/sumup-amounts.js';
import type { BankBalance } from './open-banking-provider.js';

/** GoCardless names balance types in words; Enable Banking uses the ISO 20022 codes. */
const ISO_CODE: Record<string, string> = {
  interimbooked: 'ITBD',
  closingbooked: 'CLBD',
  openingbooked: 'OPBD',
  interimavailable: 'ITAV',
  closingavailable: 'CLAV',
  openingavailable: 'OPAV',
  forwardavailable: 'FWAV',
  expected: 'XPCD',
};

/**
 * Booked: today's running figure first, then last night's closing, then the opening; "expected" (booked plus
 * pending) only when nothing else is given. Available: today's first, then closing, opening, forward.
 */
const BOOKED = ['ITBD', 'CLBD', 'OPBD', 'XPCD'];
const AVAILABLE = ['ITAV', 'CLAV', 'OPAV', 'FWAV'];

export interface ReportedBalance {
  type: string;
  amount: string;
  currency: string | null | undefined;
  referenceDate: string | null | undefined;
}

const codeOf = (type: string) => ISO_CODE[type.toLowerCase()] ?? type.toUpperCase();

/**
 * The account's booked and available balance from whatever types its bank reports, in the account's currency (the
 * booked figure's). Null when no booked-like figure is given.
 */
export function chooseBalance(reported: ReportedBalance[], accountCurrency = 'GBP'): BankBalance | null {
  const pick = (order: string[], currency?: string) =>
    order
      .map((code) =>
        reported.find((b) => codeOf(b.type) === code && (!currency || (b.currency ?? currency) === currency)),
      )
      .find((b) => b !== undefined);
  const booked = pick(BOOKED, accountCurrency) ?? pick(BOOKED);
  if (!booked) return null;
  const currency = booked.currency ?? accountCurrency;
  const available = pick(AVAILABLE, currency);
  const day = booked.referenceDate && /^\d{4}-\d{2}-\d{2}/.test(booked.referenceDate) ? booked.referenceDate : null;
  return {
    bookedPence: decimalToPence(booked.amount),
    availablePence: available ? decimalToPence(available.amount) : null,
    currency,
    referenceDate: day ? day.slice(0, 10) : null,
  };
}
