import { createHash } from 'node:crypto';
import type { SourceTransaction } from '../../../ledger/classify.js';
import { decimalToPence } from '../../card-providers/sumup/sumup-amounts.js';
import type { AccountTransactions, BankTransaction } from './gocardless-schemas.js';

type BankRow = Extract<SourceTransaction, { provider: 'bank' }>;

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** A day without a time: midday UTC falls on that same London day in any season. */
const dayAt = (date: string) => new Date(`${date}T12:00:00Z`);

function occurredAt(tx: BankTransaction): Date | null {
  for (const stamp of [tx.bookingDateTime, tx.valueDateTime]) {
    const t = stamp ? Date.parse(stamp) : Number.NaN;
    if (!Number.isNaN(t)) return new Date(t);
  }
  const date = [tx.bookingDate, tx.valueDate].find((d) => d && /^\d{4}-\d{2}-\d{2}$/.test(d));
  return date ? dayAt(date) : null;
}

function counterpartyOf(tx: BankTransaction, amountPence: number): string | null {
  const payee = text(tx.creditorName);
  const payer = text(tx.debtorName);
  return amountPence < 0 ? (payee ?? payer) : (payer ?? payee);
}

function descriptionOf(tx: BankTransaction, counterparty: string | null): string {
  return (
    text(tx.remittanceInformationUnstructured) ??
    text(tx.remittanceInformationUnstructuredArray?.join(' ')) ??
    text(tx.remittanceInformationStructured) ??
    text(tx.additionalInformation) ??
    counterparty ??
    'Bank transaction'
  );
}

/**
 * Booked transactions as signed ledger rows, keyed by the bank's `transactionId`, else GoCardless's
 * `internalTransactionId`, else (a bank that gives neither) a fingerprint of date, amount and wording with an
 * occurrence number, so two identical coffees on one day stay two rows.
 *
 * Pending transactions are left out. Their ids are not the ids they get once booked (and their wording and date
 * often change too), so a pending row could never be replaced by its booked self and would count twice. A debit
 * arrives in the ledger once the bank books it, a day or two later, as Midday and Actual do it.
 */
export function bookedRows(feed: AccountTransactions): BankRow[] {
  const seen = new Map<string, number>();
  const rows: BankRow[] = [];
  for (const tx of feed.transactions.booked) {
    const at = occurredAt(tx);
    if (!at) continue; // No date at all: nowhere to put it in the books.
    const amountPence = decimalToPence(tx.transactionAmount.amount);
    const counterparty = counterpartyOf(tx, amountPence);
    const description = descriptionOf(tx, counterparty);
    let externalId = text(tx.transactionId) ?? text(tx.internalTransactionId);
    if (!externalId) {
      const key = [at.toISOString(), amountPence, description, counterparty ?? ''].join('\u0000');
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      externalId = `fp:${createHash('sha256').update(`${key}\u0000${occurrence}`).digest('hex').slice(0, 32)}`;
    }
    // The bank's own code (FPI, DD…) says more than the ISO one; the ledger's rule table reads either.
    const bankCode = text(tx.proprietaryBankTransactionCode) ?? text(tx.bankTransactionCode);
    rows.push({
      provider: 'bank',
      externalId,
      occurredAt: at,
      amountPence,
      description,
      counterparty,
      ...(bankCode ? { bankCode } : {}),
    });
  }
  return rows;
}
