import { createHash } from 'node:crypto';
import type { SourceTransaction } from '../../../ledger/classify.js';
import { decimalToPence } from '../../card-providers/sumup/sumup-amounts.js';
import type { EnableBankingTransaction } from './enable-banking-schemas.js';

type BankRow = Extract<SourceTransaction, { provider: 'bank' }>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The account part of every row key: short, and the same in every consent (the identification hash is). */
export const accountKey = (identificationHash: string) => sha256(identificationHash).slice(0, 16);

/**
 * An `entry_reference` some banks build from the row's place in the day's list ("2026-11-20-3", "20261120.3", or a
 * bare small index such as "0"): a late booking shifts every later one, so it cannot key a row
 * (docs/open-banking.md; actualbudget/actual#8701).
 */
export function isPositionalReference(reference: string, days: Array<string | null | undefined>): boolean {
  if (/^\d{1,3}$/.test(reference)) return true;
  const match = /^(\d{4}-?\d{2}-?\d{2})[-_.:/]?(\d{1,4})$/.exec(reference);
  if (!match) return false;
  const compact = match[1]!.replaceAll('-', '');
  return days.some((day) => day?.replaceAll('-', '') === compact);
}

function counterpartyOf(tx: EnableBankingTransaction): string | null {
  const payee = text(tx.creditor?.name);
  const payer = text(tx.debtor?.name);
  return tx.credit_debit_indicator === 'DBIT' ? (payee ?? payer) : (payer ?? payee);
}

function descriptionOf(tx: EnableBankingTransaction, counterparty: string | null): string {
  return (
    text(tx.remittance_information?.filter((line) => line.trim()).join(' ')) ??
    counterparty ??
    text(tx.bank_transaction_code?.description) ??
    text(tx.reference_number) ??
    'Bank transaction'
  );
}

/**
 * Booked transactions as signed ledger rows. The key (docs/open-banking.md) is the account's identification hash with
 * the bank's `entry_reference`, unique and immutable per account across consents; `transaction_id` is not used, as
 * it may change between listings. Where a bank gives no reference, or a positional one, the key is a hash of the
 * day, amount and wording with an occurrence number, so two identical coffees on one day stay two rows.
 *
 * Pending transactions (any status but BOOK) are left out: they carry no lasting reference and their wording and
 * date often change when booked, so they would count twice (docs/open-banking.md).
 */
export function bookedRows(transactions: EnableBankingTransaction[], identificationHash: string): BankRow[] {
  const account = accountKey(identificationHash);
  const seen = new Map<string, number>();
  const rows: BankRow[] = [];
  for (const tx of transactions) {
    if (tx.status !== 'BOOK') continue;
    const day = [tx.booking_date, tx.value_date, tx.transaction_date].find((d) => d && DAY.test(d));
    if (!day) continue; // No date at all: nowhere to put it in the books.
    const magnitude = Math.abs(decimalToPence(tx.transaction_amount.amount));
    const amountPence = tx.credit_debit_indicator === 'DBIT' ? -magnitude : magnitude;
    const counterparty = counterpartyOf(tx);
    const description = descriptionOf(tx, counterparty);
    const reference = text(tx.entry_reference);
    let externalId: string;
    if (reference && !isPositionalReference(reference, [tx.booking_date, tx.value_date, tx.transaction_date])) {
      externalId = `eb:${account}:${reference}`;
    } else {
      const fingerprint = [day, amountPence, description, counterparty ?? ''].join('\u0000');
      const occurrence = seen.get(fingerprint) ?? 0;
      seen.set(fingerprint, occurrence + 1);
      externalId = `eb:${account}:fp:${sha256(fingerprint).slice(0, 24)}:${occurrence}`;
    }
    // ISO family and sub-family ("IDDT-PMDD"), which the ledger's rule table reads as a bank transaction code.
    const iso = [text(tx.bank_transaction_code?.code), text(tx.bank_transaction_code?.sub_code)].filter(Boolean);
    // A day without a time: midday UTC falls on that same London day in any season.
    rows.push({
      provider: 'bank',
      externalId,
      occurredAt: new Date(`${day}T12:00:00Z`),
      amountPence,
      description,
      counterparty,
      ...(iso.length > 0 ? { bankCode: iso.join('-') } : {}),
    });
  }
  return rows;
}
