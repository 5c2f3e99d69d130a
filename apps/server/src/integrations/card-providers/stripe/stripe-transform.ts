import type Stripe from 'stripe';
import type { SourceItem, SourceTransaction } from '../../../ledger/classify.js';

/** A card-provider row (the ledger's non-bank source transaction) from Stripe. */
export type StripeRow = Exclude<SourceTransaction, { provider: 'bank' }> & { provider: 'stripe' };

/**
 * Balance transactions exist only for money that moved, so a failed or cancelled charge never appears here: the
 * listing holds succeeded payments, refunds, payouts and Stripe's own fees, each with gross, fee and net.
 * Other categories (disputes, reserves, transfers, payout failures, top-ups) are not imported; see README.md.
 */
export function stripeRows(transaction: Stripe.BalanceTransaction): StripeRow[] {
  // Brade's ledger is in pence; a balance in another currency cannot be added to it.
  if (transaction.currency !== 'gbp') return [];
  const occurredAt = new Date(transaction.created * 1000);
  const category = transaction.reporting_category || transaction.type;
  const sourceId = idOf(transaction.source) ?? transaction.id;
  const base = { provider: 'stripe' as const, occurredAt };
  switch (category) {
    case 'charge': {
      if (transaction.amount <= 0) return [];
      const charge = expandedCharge(transaction.source);
      const description = charge?.description || transaction.description || 'Card payment';
      const purpose = purposeOf(charge?.metadata ?? null, description);
      return [
        {
          ...base,
          type: 'payment',
          externalId: sourceId,
          amountPence: transaction.amount,
          description,
          customerId: idOf(charge?.customer ?? null),
          cardFingerprint:
            charge?.payment_method_details?.card?.fingerprint ??
            charge?.payment_method_details?.card_present?.fingerprint ??
            null,
          // Online bookings carry the client's e-mail; the receipt address is the fallback.
          payerEmail: charge?.billing_details?.email || charge?.receipt_email || null,
          purpose,
          // Without the charge (not expanded) nothing is known of what it paid for: the stored lines stay.
          ...(charge ? { items: stripeItemsOf(charge.metadata ?? null, purpose, transaction.amount) } : {}),
        },
        ...feeRow(transaction, sourceId, occurredAt),
      ];
    }
    case 'refund': {
      if (transaction.amount >= 0) return [];
      return [
        {
          ...base,
          type: 'refund',
          externalId: sourceId,
          amountPence: -transaction.amount,
          description: refundDescription(transaction.source),
        },
        ...feeRow(transaction, sourceId, occurredAt),
      ];
    }
    case 'payout':
      // A positive payout is money pulled from the bank into Stripe, not a payout to it.
      if (transaction.amount >= 0) return [];
      return [
        {
          ...base,
          type: 'payout',
          externalId: sourceId,
          amountPence: -transaction.amount,
          description: 'Stripe payout to bank',
        },
      ];
    case 'fee':
      // Stripe's own charges billed to the balance (e.g. Radar, Billing): no source object of their own.
      if (transaction.amount >= 0) return [];
      return [
        {
          ...base,
          type: 'fee',
          externalId: transaction.id,
          amountPence: -transaction.amount,
          description: transaction.description || 'Stripe fee',
        },
      ];
    default:
      return [];
  }
}

function feeRow(transaction: Stripe.BalanceTransaction, sourceId: string, occurredAt: Date): StripeRow[] {
  if (transaction.fee <= 0) return [];
  return [
    {
      provider: 'stripe',
      type: 'fee',
      externalId: `${sourceId}:fee`,
      occurredAt,
      amountPence: transaction.fee,
      description: 'Stripe processing fee',
    },
  ];
}

/** The metadata keys booking systems and payment links name what was sold with, in the order they are read. */
const ITEM_KEYS = ['service', 'item', 'product', 'treatment'] as const;

/**
 * What an online payment paid for (docs/finance.md, "What was sold"): the service, item or product the booking page
 * or payment link wrote in the charge's metadata; a deposit or gift voucher whose metadata names nothing is still
 * what it is ("Booking deposit", "Gift voucher"). Stripe carries no line items on a charge: one line, the whole
 * amount. None when nothing says.
 */
export function stripeItemsOf(
  metadata: Stripe.Metadata | null,
  purpose: 'deposit' | 'voucher_sale' | null,
  amountPence: number,
): SourceItem[] {
  const named = ITEM_KEYS.map((key) => metadata?.[key]?.trim()).find((value) => value);
  const name =
    named || (purpose === 'deposit' ? 'Booking deposit' : purpose === 'voucher_sale' ? 'Gift voucher' : null);
  return name ? [{ name, quantity: 1, amountPence }] : [];
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function expandedCharge(source: Stripe.BalanceTransaction['source']): Stripe.Charge | null {
  return source && typeof source === 'object' && source.object === 'charge' ? source : null;
}

/** Stripe's refund reasons are an enum (`requested_by_customer`); a report reads "Refund: requested by customer". */
function refundDescription(source: Stripe.BalanceTransaction['source']): string {
  const refund = source && typeof source === 'object' && source.object === 'refund' ? source : null;
  const reason = refund?.reason ?? refund?.metadata?.reason;
  return reason ? `Refund: ${reason.replaceAll('_', ' ')}` : 'Refund';
}

/**
 * What an online payment paid for, as booking systems tell Stripe: a `purpose`/`type`/`kind` in metadata when they
 * set one, else the charge's description ("Deposit: …", "Gift voucher …"). Null: an ordinary payment.
 */
export function purposeOf(metadata: Stripe.Metadata | null, description: string): 'deposit' | 'voucher_sale' | null {
  const tagged = [metadata?.purpose, metadata?.type, metadata?.kind].map((v) => v?.toLowerCase().trim());
  if (tagged.some((v) => v === 'deposit' || v === 'booking_deposit')) return 'deposit';
  if (tagged.some((v) => v === 'gift_voucher' || v === 'gift_card' || v === 'voucher')) return 'voucher_sale';
  if (/^\s*(booking )?deposit\b/i.test(description)) return 'deposit';
  if (/\bgift (voucher|card)\b/i.test(description)) return 'voucher_sale';
  return null;
}
