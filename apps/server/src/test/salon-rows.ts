import type { CardPayment, SalonData } from '@brade/sandbox';
import type { SourceItem, SourceTeamMember, SourceTransaction } from '../ledger/classify.js';

/**
 * The generator's records as ledger source rows (the shape the adapters hand over). `asAdapters` adds what the real
 * adapters also read from the providers (docs/sandbox.md): what an online payment paid for (a deposit, a gift
 * voucher), the vouchers spent at the Square till, and no payer identity on SumUp payments (SumUp shows only a card's
 * last four digits), what each till payment paid for (Square's order lines, SumUp's products, Stripe's booking-page
 * service as one line) and who took it at the Square till (docs/sandbox.md, "What was sold and who sold it").
 */
export function toSourceTransactions(data: SalonData, options: { asAdapters?: boolean } = {}): SourceTransaction[] {
  const out: SourceTransaction[] = [];
  const adapters = options.asAdapters === true;
  for (const p of data.payments) {
    const base = { provider: p.processor, occurredAt: p.occurredAt };
    const anonymous = adapters && p.processor === 'sumup';
    out.push({
      ...base,
      type: 'payment',
      externalId: p.id,
      amountPence: p.amountPence,
      description: p.description,
      customerId: anonymous ? null : p.customerId,
      cardFingerprint: anonymous ? null : p.cardFingerprint,
      ...(adapters && p.purpose
        ? { purpose: p.purpose === 'gift_voucher' ? ('voucher_sale' as const) : ('deposit' as const) }
        : {}),
      // Stripe's payments carry the booking page's service in their metadata, which the adapter makes the category.
      ...(adapters && p.processor === 'stripe' ? { category: p.service } : {}),
      ...(adapters ? { items: itemsAsRead(p) } : {}),
      ...(adapters && p.processor === 'square' && p.staffIndex !== null
        ? { teamMemberId: squareTeamMemberId(p.staffIndex) }
        : {}),
    });
    if (p.feePence > 0) {
      out.push({ ...base, type: 'fee', externalId: `${p.id}:fee`, amountPence: p.feePence, description: 'Fee' });
    }
  }
  if (adapters) {
    for (const v of data.redemptions) {
      out.push({
        provider: 'square',
        type: 'payment',
        externalId: v.id,
        occurredAt: v.occurredAt,
        amountPence: v.amountPence,
        description: v.description,
        purpose: 'voucher_redemption',
      });
    }
  }
  for (const r of data.refunds) {
    const base = { provider: r.processor, occurredAt: r.occurredAt, externalId: r.id, amountPence: r.amountPence };
    out.push({ ...base, type: 'refund', description: `Refund: ${r.reason}` });
  }
  for (const po of data.payouts) {
    const base = { provider: po.processor, occurredAt: po.occurredAt, externalId: po.id, amountPence: po.amountPence };
    out.push({ ...base, type: 'payout', description: 'Payout to bank' });
  }
  for (const b of data.bank) {
    out.push({
      provider: 'bank',
      externalId: b.id,
      occurredAt: b.occurredAt,
      amountPence: b.amountPence,
      description: b.description,
      counterparty: b.counterparty,
    });
  }
  return out;
}

/** The id Square's team directory gives a member of the generator's team, in these rows. */
const squareTeamMemberId = (index: number) => `TM_SEEDED_${index}`;

/** The salon's team as Square's directory names them (given and family name), for the import's `team`. */
export function squareTeamOfSalon(data: SalonData): SourceTeamMember[] {
  return data.team.map((m) => ({ id: squareTeamMemberId(m.index), name: `${m.givenName} ${m.familyName}` }));
}

/**
 * What a payment paid for as its adapter reads it: Square's order lines (a custom amount is one unnamed line), SumUp's
 * products (none for an amount keyed without them), Stripe's booking-page service or what the payment was for.
 */
function itemsAsRead(p: CardPayment): SourceItem[] {
  if (p.processor === 'stripe') {
    const name =
      p.service || (p.purpose === 'gift_voucher' ? 'Gift voucher' : p.purpose === 'deposit' ? 'Booking deposit' : '');
    return name ? [{ name, quantity: 1, amountPence: p.amountPence }] : [];
  }
  if (!p.items) return p.processor === 'square' ? [{ name: null, quantity: 1, amountPence: p.amountPence }] : [];
  return p.items.map((i) => ({
    name: i.name,
    variation: i.variation,
    quantity: i.quantity,
    amountPence: i.amountPence,
  }));
}
