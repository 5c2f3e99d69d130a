import { type DayNumber, dateOf } from './calendar';
import { londonInstant } from './london-time';
import { hashWords } from './random';
import type { BankCategory, BankTransaction, Processor } from './types';

/**
 * Statement wording for a UK business current account: a transaction-type code, then the payee and the reference,
 * in capitals, as Lloyds/Bank of Scotland print them (docs/sandbox.md, "Where the salon's figures come from"): FPI/FPO
 * Faster Payment in/out, DD Direct Debit, SO standing order, BGC bank giro credit, DEB debit card, CHG charge, TFR
 * transfer.
 */
export type TransactionCode = 'FPI' | 'FPO' | 'DD' | 'SO' | 'BGC' | 'DEB' | 'CHG' | 'TFR';

export interface BankLine {
  day: DayNumber;
  /** London minute of the day it is booked. */
  minute: number;
  amountPence: number;
  code: TransactionCode;
  payee: string;
  reference?: string;
  counterparty: string;
  category: BankCategory;
  /** Unique within the day; the id is a hash of (seed, day, key), so it doesn't depend on what else the day holds. */
  key: string;
  processor?: Processor;
  payoutId?: string;
  /** Carries 20% VAT the salon reclaims (stock, energy, software, equipment); rent, rates, insurance, wages don't. */
  vatable?: boolean;
  /** An exact instant, when the line mirrors another record (a payout's arrival). */
  occurredAt?: Date;
}

function hex(words: number[]): string {
  return words.map((w) => w.toString(16).padStart(8, '0')).join('');
}

export function bankTransaction(seed: string, line: BankLine): BankTransaction {
  const words = hashWords(seed, 'bank', dateOf(line.day), line.key);
  const transaction: BankTransaction = {
    kind: 'bank',
    id: hex(words),
    occurredAt: line.occurredAt ?? londonInstant(line.day, line.minute, words[0] % 60),
    amountPence: line.amountPence,
    description: [line.code, line.payee, line.reference].filter(Boolean).join(' '),
    counterparty: line.counterparty,
    category: line.category,
  };
  if (line.processor) transaction.processor = line.processor;
  if (line.payoutId) transaction.payoutId = line.payoutId;
  return transaction;
}

/** Whole pounds, as most bills are. */
export function roundPounds(pence: number): number {
  return Math.round(pence / 100) * 100;
}
