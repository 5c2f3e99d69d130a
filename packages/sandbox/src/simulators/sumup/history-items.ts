import { londonDateOf } from '../../salon-data/london-time';
import type { CardPayment, CardRefund, Payout, SaleItem, SalonData } from '../../salon-data/types';
import { stableFraction, stableUuid } from '../common/stable-identifiers';
import type { SumupMerchant } from './merchant-profile';

/** A row of GET /v2.1/merchants/{merchant_code}/transactions/history (TransactionHistory in SumUp's OpenAPI). */
export interface HistoryItem {
  id: string;
  transaction_id: string;
  transaction_code: string;
  amount: number;
  currency: 'GBP';
  timestamp: string;
  status: 'SUCCESSFUL' | 'REFUNDED';
  payment_type: 'POS';
  type: 'PAYMENT' | 'REFUND';
  card_type: string;
  installments_count: number;
  product_summary: string;
  payouts_total: number;
  payouts_received: number;
  payout_plan: 'SINGLE_PAYMENT';
  user: string;
  payout_date?: string;
  payout_type?: 'BANK_ACCOUNT';
  refunded_amount: number;
}

/** Fields the API doesn't show in the history row but filters and the detail endpoint need. */
export interface HistoryEntry {
  item: HistoryItem;
  entryMode: string;
  feeAmount: number;
  last4: string;
  /** Last time the row changed (a later refund changes the payment's status), for changes_since. */
  changedAt: number;
  /** Payout the amount was paid out in (payments only). */
  payout?: Payout;
  refunds: CardRefund[];
  /** What a payment paid for, as the till's products (none when the amount was keyed without them). */
  items: SaleItem[] | null;
}

const pounds = (pence: number) => Math.round(pence) / 100;

function cardType(fingerprint: string): string {
  const r = stableFraction(fingerprint, 'card-type');
  return r < 0.58 ? 'VISA' : r < 0.93 ? 'MASTERCARD' : r < 0.98 ? 'AMEX' : 'MAESTRO';
}

function entryMode(code: string): string {
  const r = stableFraction(code, 'entry-mode');
  return r < 0.62 ? 'CONTACTLESS' : r < 0.82 ? 'APPLE_PAY' : r < 0.9 ? 'GOOGLE_PAY' : 'CHIP';
}

/** SumUp payouts cover whole London days; index them by day for "has this payment been paid out yet". */
function payoutByDay(payouts: Payout[]): Map<string, Payout> {
  const byDay = new Map<string, Payout>();
  for (const payout of payouts) {
    for (let t = Date.parse(payout.periodStart); t <= Date.parse(payout.periodEnd); t += 86_400_000) {
      byDay.set(new Date(t).toISOString().slice(0, 10), payout);
    }
  }
  return byDay;
}

/**
 * The merchant's history as of `now`: each SumUp payment (status REFUNDED once a refund has happened, with
 * refunded_amount), and each refund as its own REFUND row with a positive amount. Sorted by time, then code.
 */
export function historyEntries(data: SalonData, merchant: SumupMerchant, now: Date): HistoryEntry[] {
  const nowMs = now.getTime();
  const payments = data.payments.filter((p) => p.processor === 'sumup' && p.occurredAt.getTime() <= nowMs);
  const refunds = data.refunds.filter((r) => r.processor === 'sumup' && r.occurredAt.getTime() <= nowMs);
  const payouts = payoutByDay(data.payouts.filter((p) => p.processor === 'sumup' && p.occurredAt.getTime() <= nowMs));
  const refundsOf = new Map<string, CardRefund[]>();
  for (const refund of refunds) refundsOf.set(refund.paymentId, [...(refundsOf.get(refund.paymentId) ?? []), refund]);
  const paymentByCode = new Map(payments.map((p) => [p.id, p]));

  const entries: HistoryEntry[] = payments.map((payment) =>
    paymentEntry(payment, refundsOf.get(payment.id) ?? [], payouts, merchant),
  );
  for (const refund of refunds) {
    const original = paymentByCode.get(refund.paymentId);
    entries.push(refundEntry(refund, original, merchant));
  }
  return entries.sort(
    (a, b) =>
      a.item.timestamp.localeCompare(b.item.timestamp) ||
      a.item.transaction_code.localeCompare(b.item.transaction_code),
  );
}

function paymentEntry(
  payment: CardPayment,
  refunds: CardRefund[],
  payouts: Map<string, Payout>,
  merchant: SumupMerchant,
): HistoryEntry {
  const id = stableUuid('sumup-transaction', payment.id);
  const refundedPence = refunds.reduce((sum, r) => sum + r.amountPence, 0);
  const payout = payouts.get(londonDateOf(payment.occurredAt));
  const item: HistoryItem = {
    id,
    transaction_id: id,
    transaction_code: payment.id,
    amount: pounds(payment.amountPence),
    currency: 'GBP',
    timestamp: payment.occurredAt.toISOString(),
    status: refunds.length > 0 ? 'REFUNDED' : 'SUCCESSFUL',
    payment_type: 'POS',
    type: 'PAYMENT',
    card_type: cardType(payment.cardFingerprint),
    installments_count: 1,
    product_summary: payment.description,
    payouts_total: 1,
    payouts_received: payout ? 1 : 0,
    payout_plan: 'SINGLE_PAYMENT',
    user: merchant.email,
    refunded_amount: pounds(refundedPence),
  };
  if (payout) {
    item.payout_date = londonDateOf(payout.occurredAt);
    item.payout_type = 'BANK_ACCOUNT';
  }
  const changes = [payment.occurredAt.getTime(), ...refunds.map((r) => r.occurredAt.getTime())];
  if (payout) changes.push(payout.occurredAt.getTime());
  return {
    item,
    entryMode: entryMode(payment.id),
    feeAmount: pounds(payment.feePence),
    last4: String(Math.floor(stableFraction(payment.cardFingerprint, 'last4') * 10_000)).padStart(4, '0'),
    changedAt: Math.max(...changes),
    refunds,
    items: payment.items,
    ...(payout ? { payout } : {}),
  };
}

function refundEntry(refund: CardRefund, original: CardPayment | undefined, merchant: SumupMerchant): HistoryEntry {
  const id = stableUuid('sumup-transaction', refund.id);
  const fingerprint = original?.cardFingerprint ?? refund.paymentId;
  return {
    item: {
      id,
      transaction_id: id,
      transaction_code: refund.id,
      amount: pounds(refund.amountPence),
      currency: 'GBP',
      timestamp: refund.occurredAt.toISOString(),
      status: 'SUCCESSFUL',
      payment_type: 'POS',
      type: 'REFUND',
      card_type: cardType(fingerprint),
      installments_count: 1,
      product_summary: original ? `Refund: ${original.description}` : 'Refund',
      payouts_total: 0,
      payouts_received: 0,
      payout_plan: 'SINGLE_PAYMENT',
      user: merchant.email,
      refunded_amount: 0,
    },
    entryMode: original ? entryMode(original.id) : 'CONTACTLESS',
    feeAmount: 0,
    last4: String(Math.floor(stableFraction(fingerprint, 'last4') * 10_000)).padStart(4, '0'),
    changedAt: refund.occurredAt.getTime(),
    refunds: [],
    items: null,
  };
}

const memo = new WeakMap<SalonData, { key: string; entries: HistoryEntry[] }>();

/**
 * historyEntries, memoised per data window. Building the rows costs ~40 ms and a client paging with the default
 * limit of 10 makes hundreds of calls; the rows only change when another payment, refund or payout has happened, so
 * the count of each that precede `now` identifies the result.
 */
export function historyEntriesAt(data: SalonData, merchant: SumupMerchant, now: Date): HistoryEntry[] {
  const nowMs = now.getTime();
  const happened = (records: { occurredAt: Date; processor: string }[]) =>
    records.reduce((n, r) => (r.processor === 'sumup' && r.occurredAt.getTime() <= nowMs ? n + 1 : n), 0);
  const key = `${merchant.merchantCode}|${happened(data.payments)}|${happened(data.refunds)}|${happened(data.payouts)}`;
  const cached = memo.get(data);
  if (cached?.key === key) return cached.entries;
  const entries = historyEntries(data, merchant, now);
  memo.set(data, { key, entries });
  return entries;
}
