import type { CardProcessor } from '@brade/contract';

/**
 * The generator's public records (docs/architecture.md, "Data conventions": money in integer pence, instants in UTC).
 */
export type Processor = CardProcessor;

export interface GenerateOptions {
  /** Same seed, same salon: clients, prices, staff. */
  seed: string;
  /** 'YYYY-MM-DD' Europe/London, inclusive. */
  from: string;
  /** 'YYYY-MM-DD' Europe/London, inclusive. */
  to: string;
  /** Multiplies appointment volume (default 1); about 5 gives ~150 sales a day. */
  salesPerDayScale?: number;
  /** How the owner runs the salon (default a limited company): it decides how the owner is paid (salon-profile.ts). */
  legalForm?: SalonLegalForm;
}

/**
 * A limited company pays its owner a director's salary through the payroll; a sole trader cannot employ themselves,
 * so takes drawings and pays Self Assessment on account, twice a year.
 */
export type SalonLegalForm = 'limited_company' | 'sole_trader';

/**
 * One thing a payment paid for, as the till or booking page records it (docs/sandbox.md, "What was sold and who sold it"): the
 * processors show these as Square order line items, SumUp products and Stripe metadata.
 */
export interface SaleItem {
  /** The item's name in the salon's catalogue ('Cut & finish', 'Olaplex No.3'). */
  name: string;
  /** The catalogue variation, where the till has one (Square: the stylist's level, a wedding party's size). */
  variation: string | null;
  quantity: number;
  /** Gross pence this payment paid for it: a deposit paid earlier is taken off the visit's lines, main line first. */
  amountPence: number;
  /** The part of the line's price a deposit paid earlier covered (a till shows it as a discount); usually 0. */
  depositPence: number;
  /** What it is (the generator's own truth; the processors do not say). */
  type: 'service' | 'retail' | 'gift_voucher';
}

export interface CardPayment {
  kind: 'payment';
  processor: Processor;
  id: string;
  occurredAt: Date;
  amountPence: number;
  feePence: number;
  currency: 'GBP';
  /** The processor's customer id when the client is known to it, else null. */
  customerId: string | null;
  /** Stable per client card (each processor fingerprints a card its own way). */
  cardFingerprint: string;
  /** Internal id of the client in the pool (for tests). */
  clientId: string;
  service: string;
  /** As the processor would show it. */
  description: string;
  /** What an online payment paid for: a booking deposit or a gift voucher; null for a visit paid at the desk. */
  purpose: 'deposit' | 'gift_voucher' | null;
  /**
   * What the payment paid for, line by line (their amounts add up to the payment's); null for a till payment keyed
   * as an amount without items (about 5 % at the Square till, 15 % on SumUp), as in real salons.
   */
  items: SaleItem[] | null;
  /** The team member who served the client (`SalonData.team`), for a visit paid at the till; null online. */
  staffIndex: number | null;
}

/**
 * A gift voucher spent at the desk (a Square "other gift card" tender): a visit with no new money. The voucher's
 * sale was the revenue (cash basis); this is the service it paid for.
 */
export interface VoucherRedemption {
  kind: 'redemption';
  processor: 'square';
  id: string;
  occurredAt: Date;
  /** The voucher's value, spent whole. */
  amountPence: number;
  /** The voucher sold (its buyer's internal id, `gv_…`). */
  voucherId: string;
  /** Internal id of the person who spent it (for tests): not the buyer. */
  clientId: string;
  description: string;
}

export interface CardRefund {
  kind: 'refund';
  processor: Processor;
  id: string;
  paymentId: string;
  occurredAt: Date;
  /** Positive. */
  amountPence: number;
  reason: string;
}

export interface Payout {
  kind: 'payout';
  processor: Processor;
  id: string;
  /** Arrival in the bank. */
  occurredAt: Date;
  /** Positive net of the sales, fees and refunds it covers. */
  amountPence: number;
  /** 'YYYY-MM-DD' London days of the sales it covers. */
  periodStart: string;
  periodEnd: string;
}

/**
 * What each statement line truly is, as the generator knows it: the truth the app's classification is measured
 * against (bench/classification-coverage.mjs). The app never sees it: adapters pass only the bank's own fields.
 */
export const BANK_CATEGORIES = [
  'Card payouts',
  'Rent',
  'Business rates',
  'Wages',
  'Pension',
  'PAYE/NI',
  'VAT',
  'Stock & supplies',
  'Utilities',
  'Insurance',
  'Software',
  'Card terminal',
  'Bank charges',
  'Professional fees',
  'Premises costs',
  'Licences',
  'Refreshments',
  "Owner's savings",
  'Owner drawings',
  'Self Assessment',
  'Other income',
] as const;
export type BankCategory = (typeof BANK_CATEGORIES)[number];

export interface BankTransaction {
  kind: 'bank';
  id: string;
  occurredAt: Date;
  /** Signed: credit +, debit -. */
  amountPence: number;
  /** UK bank-statement wording: transaction type code, payee, reference. */
  description: string;
  counterparty: string;
  category: BankCategory;
  /** Set on the credit that is a processor payout. */
  processor?: Processor;
  payoutId?: string;
}

/** A member of the salon's team, as a processor's team directory (Square's Team API) lists them. */
export interface TeamMember {
  index: number;
  givenName: string;
  familyName: string;
  role: string;
  owner: boolean;
}

export interface SalonData {
  /** Everyone on the salon's staff, the owner first. */
  team: TeamMember[];
  payments: CardPayment[];
  refunds: CardRefund[];
  payouts: Payout[];
  bank: BankTransaction[];
  redemptions: VoucherRedemption[];
}
