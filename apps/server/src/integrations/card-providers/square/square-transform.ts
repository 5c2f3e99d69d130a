import type { Square } from 'square';
import type { SourceItem, SourceTeamMember, SourceTransaction } from '../../../ledger/classify.js';

/** A card-provider row (the ledger's non-bank source transaction) from Square. */
export type SquareRow = Exclude<SourceTransaction, { provider: 'bank' }> & { provider: 'square' };

/**
 * Cash and "external" payments are recorded in Square but not processed by it: the cash is banked separately (the
 * bank import sees it) and external card payments belong to another processor, so importing them would count
 * the same money twice.
 */
const NOT_PROCESSED_BY_SQUARE = new Set(['CASH', 'EXTERNAL']);
const PAID_OUT = new Set(['SENT', 'PAID']);

/**
 * Pence from a Square Money (the SDK gives minor units as a bigint). Null for another currency than the pound, or
 * when missing, since such an amount cannot be added to Brade's ledger.
 */
export function penceOf(money: Square.Money | null | undefined): number | null {
  if (money?.amount == null || money.currency !== 'GBP') return null;
  const pence = Number(money.amount);
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Square amount out of range: ${money.amount}`);
  return pence;
}

const sumOf = (amounts: Array<{ amountMoney?: Square.Money | undefined }> | null | undefined): number =>
  (amounts ?? []).reduce((sum, item) => sum + (penceOf(item.amountMoney) ?? 0), 0);

/**
 * The orders of a page of payments, by id (null: Square would not show orders, as to a connection made before Brade
 * asked for ORDERS_READ).
 */
export type SquareOrders = ReadonlyMap<string, Square.Order> | null;

/**
 * What a payment paid for (docs/finance.md, "What was sold"): its order's line items, each with its total after
 * discounts (a deposit paid online is one), VAT included. A custom amount keyed without an item has no name; a gift
 * card sold is named for what it is. Undefined when the orders were not read or the order was not found, so the
 * lines stored before stay; an empty list when the payment has no order or a line's amount is not in pounds.
 */
export function squareItemsOf(payment: Square.Payment, orders: SquareOrders | undefined): SourceItem[] | undefined {
  if (!orders) return undefined;
  if (!payment.orderId) return [];
  const order = orders.get(payment.orderId);
  if (!order) return undefined;
  const items: SourceItem[] = [];
  for (const line of order.lineItems ?? []) {
    const pence = penceOf(line.totalMoney);
    if (pence === null) return [];
    const quantity = Number(line.quantity);
    items.push({
      name: line.name?.trim() || (line.itemType === 'GIFT_CARD' ? 'Gift card' : null),
      variation: line.variationName ?? null,
      quantity: Number.isFinite(quantity) ? quantity : 1,
      amountPence: pence,
    });
  }
  return items;
}

/** Square's team directory as names: given and family name, as the seller typed them. */
export function squareTeamOf(members: readonly Square.TeamMember[]): SourceTeamMember[] {
  return members.flatMap((m) => {
    const name = [m.givenName, m.familyName]
      .map((part) => part?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
    return m.id && name ? [{ id: m.id, name }] : [];
  });
}

/**
 * A completed card payment (tip included, as Square pays it out) and, when Square charged for it, its processing
 * fee (initial fee plus any adjustments). Approved, pending, cancelled and failed payments import nothing. With the
 * page's orders, what it paid for; with its `team_member_id`, who took it.
 */
export function squarePaymentRows(payment: Square.Payment, orders?: SquareOrders): SquareRow[] {
  if (payment.status !== 'COMPLETED' || !payment.id || !payment.createdAt) return [];
  const redemption = isVoucherRedemption(payment);
  if (!redemption && payment.sourceType && NOT_PROCESSED_BY_SQUARE.has(payment.sourceType)) return [];
  const gross = penceOf(payment.totalMoney ?? payment.amountMoney);
  if (gross === null || gross <= 0) return [];
  const occurredAt = new Date(payment.createdAt);
  const rows: SquareRow[] = [
    {
      provider: 'square',
      type: 'payment',
      externalId: payment.id,
      occurredAt,
      amountPence: gross,
      description: payment.note?.trim() || (redemption ? 'Gift voucher redeemed' : 'Card payment'),
      customerId: payment.customerId ?? null,
      cardFingerprint: redemption ? null : (payment.cardDetails?.card?.fingerprint ?? null),
      // Square fills this in when the seller e-mails the receipt.
      payerEmail: payment.buyerEmailAddress ?? null,
      purpose: redemption ? 'voucher_redemption' : null,
      ...(redemption ? {} : withItems(squareItemsOf(payment, orders))),
      teamMemberId: payment.teamMemberId ?? null,
    },
  ];
  const fee = sumOf(payment.processingFee);
  if (fee > 0) rows.push(feeRow(`${payment.id}:fee`, occurredAt, fee, 'Square processing fee'));
  return rows;
}

/**
 * A gift voucher spent at the till: a Square gift card tender (a CARD payment whose brand is SQUARE_GIFT_CARD) or a
 * voucher sold elsewhere, recorded as an external OTHER_GIFT_CARD tender. The voucher's sale was the money coming
 * in; this is the service it paid for, never a second sale (ledger kind `voucher_redemption`).
 */
export function isVoucherRedemption(payment: Square.Payment): boolean {
  if (payment.sourceType === 'CARD') return payment.cardDetails?.card?.cardBrand === 'SQUARE_GIFT_CARD';
  return payment.sourceType === 'EXTERNAL' && payment.externalDetails?.type === 'OTHER_GIFT_CARD';
}

/**
 * A completed refund on its own date. A refund's own processing fee is imported when positive; Square UK keeps the
 * original fee on a refund, and a fee given back (negative) has no place among expenses.
 */
export function squareRefundRows(refund: Square.PaymentRefund): SquareRow[] {
  if (refund.status !== 'COMPLETED' || !refund.createdAt) return [];
  const amount = penceOf(refund.amountMoney);
  if (amount === null || amount <= 0) return [];
  const occurredAt = new Date(refund.createdAt);
  const rows: SquareRow[] = [
    {
      provider: 'square',
      type: 'refund',
      externalId: refund.id,
      occurredAt,
      amountPence: amount,
      description: refund.reason?.trim() ? `Refund: ${refund.reason.trim()}` : 'Refund',
    },
  ];
  const fee = sumOf(refund.processingFee);
  if (fee > 0) rows.push(feeRow(`${refund.id}:fee`, occurredAt, fee, 'Square refund fee'));
  return rows;
}

/**
 * A payout sent or paid to the bank (Square pays each location separately), with the fee of an instant payout.
 * Failed payouts never reach the bank; a negative one is a withdrawal from it, not a payout.
 */
export function squarePayoutRows(payout: Square.Payout): SquareRow[] {
  if (!payout.status || !PAID_OUT.has(payout.status) || !payout.createdAt) return [];
  const amount = penceOf(payout.amountMoney);
  if (amount === null || amount <= 0) return [];
  const occurredAt = new Date(payout.createdAt);
  const rows: SquareRow[] = [
    {
      provider: 'square',
      type: 'payout',
      externalId: payout.id,
      occurredAt,
      amountPence: amount,
      description: 'Square payout to bank',
    },
  ];
  const fee = sumOf(payout.payoutFee);
  if (fee > 0) rows.push(feeRow(`${payout.id}:fee`, occurredAt, fee, 'Square payout fee'));
  return rows;
}

function feeRow(externalId: string, occurredAt: Date, amountPence: number, description: string): SquareRow {
  return { provider: 'square', type: 'fee', externalId, occurredAt, amountPence, description };
}

const withItems = (items: SourceItem[] | undefined) => (items === undefined ? {} : { items });
