import { CARD_PROCESSORS, type CardProcessor } from '@brade/contract';
import { bankCodeOf, leadingCode } from './bank-codes.js';
import { matchBankRule, OTHER_INCOME, UNCATEGORISED } from './bank-rules.js';
import type { LedgerKind, LedgerProvider, SalePurpose } from './tables.js';

export type Processor = CardProcessor;
export const PROCESSORS: readonly Processor[] = CARD_PROCESSORS;

/** One line of what a card payment paid for: a name (null for an amount keyed without one), how many, how much. */
export interface SourceItem {
  name: string | null;
  variation?: string | null;
  quantity: number;
  /** Pence the provider gives for the line, VAT included; the ledger shares the payment over its lines by these. */
  amountPence: number;
}

/** A team member as a provider's directory names them. */
export interface SourceTeamMember {
  id: string;
  name: string;
}

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
      /**
       * What a payment paid for, line by line, as the provider lists it (docs/finance.md, "What was sold"): an empty
       * list when it says there were none; absent when it was not asked (the stored lines stay as they were).
       */
      items?: SourceItem[] | null;
      /** The provider's id of the team member who took the payment (Square), when it says. */
      teamMemberId?: string | null;
    }
  | {
      provider: 'bank';
      externalId: string;
      occurredAt: Date;
      /** Signed as the bank shows it: credits +, debits -. */
      amountPence: number;
      description: string;
      counterparty?: string | null;
      /** The bank's transaction code as the feed gives it apart from the text (UK code or ISO 20022), if any. */
      bankCode?: string | null;
    };

export interface Classified {
  provider: LedgerProvider;
  kind: LedgerKind;
  amountPence: number;
  category: string;
  clientKey: string | null;
  payoutProcessor: Processor | null;
}

/** Statement wording of processor payouts as UK banks show them (docs/finance.md, "Card payouts"). */
const PAYOUT_WORDING: Array<[Processor, RegExp]> = [
  ['stripe', /\bSTRIPE\b/i],
  ['square', /\bSQUARE ?UP\b|\bSQUARE\b|\bSQ \*/i],
  ['sumup', /\bSUM ?UP\b/i],
];

const MAX_RULE_TEXT = 512;

export function payoutProcessorOf(text: string): Processor | null {
  return PAYOUT_WORDING.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/**
 * docs/finance.md, "What each ledger row is (its kind)", in one place: processor payments are sales; refunds reduce revenue on
 * their own date; processor fees are expenses; a processor's payout is the processor side of a transfer. A bank line
 * is what the rule table (bank-rules.ts) reads in its text, code and sign. A processor's payout into the bank is
 * written as a transfer here and settled against the ledger right after (payouts.ts): sales when that processor's
 * sales for the period are not in the ledger.
 */
export function classify(tx: SourceTransaction): Classified {
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
        // What a sale paid for is its lines (sale-items.ts); its category is its VAT's (docs/finance.md, "VAT").
        return { ...base, kind: 'sale', amountPence: magnitude, category: 'Sales', clientKey };
      }
      case 'refund':
        return { ...base, kind: 'refund', amountPence: -magnitude, category: 'Refunds' };
      case 'fee':
        return { ...base, kind: 'fee', amountPence: -magnitude, category: 'Card processing fees' };
      case 'payout':
        return { ...base, kind: 'payout', amountPence: -magnitude, category: 'Payouts to bank' };
    }
  }
  const printed = leadingCode(tx.description);
  // Statement text is short (a Faster Payment reference is at most 18 characters); the cap keeps a hostile feed's
  // megabyte of text from making the patterns crawl.
  const text = `${tx.counterparty ?? ''} ${printed.rest}`.slice(0, MAX_RULE_TEXT).toUpperCase();
  const code = bankCodeOf(tx.bankCode) ?? printed.code;
  const base = { provider: 'bank' as const, amountPence: tx.amountPence, clientKey: null, payoutProcessor: null };
  const rule = matchBankRule({ text, code, amountPence: tx.amountPence });
  if (!rule) {
    return tx.amountPence < 0
      ? { ...base, kind: 'expense', category: UNCATEGORISED }
      : { ...base, kind: 'other_income', category: OTHER_INCOME };
  }
  if (rule.kind === 'processor_payout') {
    return { ...base, kind: 'transfer', category: rule.category, payoutProcessor: payoutProcessorOf(text) };
  }
  return { ...base, kind: rule.kind, category: rule.category };
}
