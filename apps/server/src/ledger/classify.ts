import { CARD_PROCESSORS, type CardProcessor } from '@brade/contract';
import type { LedgerKind, LedgerProvider, SalePurpose } from './tables.js';

export type Processor = CardProcessor;
export const PROCESSORS: readonly Processor[] = CARD_PROCESSORS;

/** A transaction as a provider adapter hands it over, before the ledger decides what it means. */
export type SourceTransaction =
  | {
      provider: Processor;
      type: 'payment' | 'refund' | 'fee' | 'payout';
      externalId: string;
      occurredAt: Date;
      /** Always positive: the direction comes from `type`. */
      amountPence: number;
      description: string;
      /** Who paid, in clear as the provider gives it; the import stores only keyed hashes (payer-keys.ts). */
      customerId?: string | null;
      cardFingerprint?: string | null;
      payerEmail?: string | null;
      /** What the payment paid for when the provider's data says: a deposit, a gift voucher, a voucher redeemed. */
      purpose?: SalePurpose | null;
      category?: string;
    }
  | {
      provider: 'bank';
      externalId: string;
      occurredAt: Date;
      /** Signed as the bank shows it: credits +, debits -. */
      amountPence: number;
      description: string;
      counterparty?: string | null;
      category?: string;
    };

export interface Classified {
  provider: LedgerProvider;
  kind: LedgerKind;
  amountPence: number;
  category: string;
  clientKey: string | null;
  payoutProcessor: Processor | null;
}

/** Statement wording of processor payouts as UK banks show them (reference/salon-economics.md). */
const PAYOUT_WORDING: Array<[Processor, RegExp]> = [
  ['stripe', /\bSTRIPE\b/i],
  ['square', /\bSQUARE\b|\bSQ \*|SQUARE PAYMENTS/i],
  ['sumup', /\bSUM ?UP\b/i],
];

const OWN_TRANSFER = /\b(TO|FROM) (OWN|SAVINGS|BUSINESS SAVINGS|RESERVE)\b|\bOWN ACCOUNT\b|\bINTERNAL TRANSFER\b/i;

export function payoutProcessorOf(text: string): Processor | null {
  return PAYOUT_WORDING.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/**
 * DESIGN.md section 8, in one place: processor payments are sales; refunds reduce revenue on their own date;
 * processor fees are expenses; a processor's payout is the processor side of a transfer; bank debits are
 * expenses; a bank credit that is a payout from a connected processor is a transfer (the sales are already
 * counted), from a processor that is not connected it is revenue; moves between the owner's own accounts are
 * transfers; other bank credits are other income.
 */
export function classify(tx: SourceTransaction, connected: ReadonlySet<Processor>): Classified {
  if (tx.provider !== 'bank') {
    const magnitude = Math.abs(tx.amountPence);
    const base = { provider: tx.provider, payoutProcessor: null, clientKey: null };
    switch (tx.type) {
      case 'payment': {
        // Card fingerprints are each processor's own: the same card never links across processors.
        const clientKey = tx.customerId
          ? `customer:${tx.provider}:${tx.customerId}`
          : tx.cardFingerprint
            ? `card:${tx.provider}:${tx.cardFingerprint}`
            : `txn:${tx.provider}:${tx.externalId}`;
        // A voucher redeemed moves no money: the voucher's sale was the revenue.
        if (tx.purpose === 'voucher_redemption') {
          return {
            ...base,
            kind: 'voucher_redemption',
            amountPence: magnitude,
            category: 'Gift voucher redemptions',
            clientKey,
          };
        }
        return { ...base, kind: 'sale', amountPence: magnitude, category: tx.category ?? 'Sales', clientKey };
      }
      case 'refund':
        return { ...base, kind: 'refund', amountPence: -magnitude, category: 'Refunds' };
      case 'fee':
        return { ...base, kind: 'fee', amountPence: -magnitude, category: 'Card processing fees' };
      case 'payout':
        return { ...base, kind: 'payout', amountPence: -magnitude, category: 'Payouts to bank' };
    }
  }
  const text = `${tx.counterparty ?? ''} ${tx.description}`;
  const base = { provider: 'bank' as const, amountPence: tx.amountPence, clientKey: null };
  if (OWN_TRANSFER.test(text) || tx.category === 'Transfer') {
    return { ...base, kind: 'transfer', category: 'Transfers between own accounts', payoutProcessor: null };
  }
  if (tx.amountPence < 0) return { ...base, kind: 'expense', category: tx.category ?? 'Other', payoutProcessor: null };
  const processor = payoutProcessorOf(text);
  if (processor) {
    return {
      ...base,
      kind: connected.has(processor) ? 'transfer' : 'other_income',
      category: 'Card payouts',
      payoutProcessor: processor,
    };
  }
  return { ...base, kind: 'other_income', category: tx.category ?? 'Other income', payoutProcessor: null };
}
