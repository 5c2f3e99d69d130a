import { createHash } from 'node:crypto';
import { londonDateOf } from '../../salon-data/london-time';
import type { BankTransaction, SalonData } from '../../salon-data/types';
import { addDays, penceToDecimalString } from '../common/salon-data-window';

/** A transaction as GET /accounts/{id}/transactions/ returns it (field names from actual-server's types). */
export interface FeedTransaction {
  transactionId: string;
  internalTransactionId?: string;
  bookingDate?: string;
  bookingDateTime?: string;
  valueDate: string;
  valueDateTime?: string;
  transactionAmount: { amount: string; currency: 'GBP' };
  creditorName?: string;
  debtorName?: string;
  remittanceInformationUnstructured: string;
  bankTransactionCode?: string;
  proprietaryBankTransactionCode?: string;
}

/**
 * ISO 20022 domain-family-subfamily for each UK statement code the generator uses: Faster Payments in and out,
 * standing orders, Direct Debits, BACS credits, card purchases, charges and own-account transfers.
 */
const ISO_CODES: Record<string, string> = {
  FPI: 'PMNT-RCDT-DMCT',
  FPO: 'PMNT-ICDT-DMCT',
  SO: 'PMNT-ICDT-STDO',
  DD: 'PMNT-IDDT-PMDD',
  BGC: 'PMNT-RCDT-DMCT',
  DEB: 'PMNT-CCRD-POSD',
  CHG: 'ACMT-MDOP-CHRG',
  TFR: 'PMNT-ICDT-BOOK',
};

/** Debits from the last two London days are still pending: banks book card and DD debits a day or two later. */
export const PENDING_DAYS = 2;

function hashHex(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
}

function counterpartyFields(record: BankTransaction): Pick<FeedTransaction, 'creditorName' | 'debtorName'> {
  return record.amountPence < 0 ? { creditorName: record.counterparty } : { debtorName: record.counterparty };
}

function statementCode(record: BankTransaction): string {
  return record.description.split(' ')[0] ?? '';
}

export function bookedTransaction(record: BankTransaction): FeedTransaction {
  const date = londonDateOf(record.occurredAt);
  const code = statementCode(record);
  const transaction: FeedTransaction = {
    transactionId: record.id,
    internalTransactionId: hashHex('internal', record.id),
    bookingDate: date,
    bookingDateTime: record.occurredAt.toISOString(),
    valueDate: date,
    valueDateTime: record.occurredAt.toISOString(),
    transactionAmount: { amount: penceToDecimalString(record.amountPence), currency: 'GBP' },
    ...counterpartyFields(record),
    remittanceInformationUnstructured: record.description,
    proprietaryBankTransactionCode: code,
  };
  const iso = ISO_CODES[code];
  if (iso) transaction.bankTransactionCode = code === 'TFR' && record.amountPence > 0 ? 'PMNT-RCDT-BOOK' : iso;
  return transaction;
}

/** The pending view of a recent debit: its own id (the bank assigns the booked id later), no booking date. */
export function pendingTransaction(record: BankTransaction): FeedTransaction {
  return {
    transactionId: `PDG${hashHex('pending', record.id).slice(0, 24).toUpperCase()}`,
    valueDate: londonDateOf(record.occurredAt),
    transactionAmount: { amount: penceToDecimalString(record.amountPence), currency: 'GBP' },
    ...counterpartyFields(record),
    remittanceInformationUnstructured: record.description,
  };
}

export interface StatementSplit {
  booked: BankTransaction[];
  pending: BankTransaction[];
}

/** Splits what has happened by `now` into booked and pending (recent debits). */
export function splitStatement(data: SalonData, now: Date): StatementSplit {
  const pendingFrom = addDays(londonDateOf(now), -(PENDING_DAYS - 1));
  const booked: BankTransaction[] = [];
  const pending: BankTransaction[] = [];
  for (const record of data.bank) {
    if (record.occurredAt > now) continue;
    const isPending = record.amountPence < 0 && londonDateOf(record.occurredAt) >= pendingFrom;
    (isPending ? pending : booked).push(record);
  }
  return { booked, pending };
}

/** Newest first, as most banks list them. */
export function transactionsBetween(split: StatementSplit, from: string, to: string) {
  const inRange = (record: BankTransaction) => {
    const day = londonDateOf(record.occurredAt);
    return day >= from && day <= to;
  };
  return {
    booked: split.booked.filter(inRange).reverse().map(bookedTransaction),
    pending: split.pending.filter(inRange).reverse().map(pendingTransaction),
  };
}
