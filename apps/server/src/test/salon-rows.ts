import type { SalonData } from '@brade/sandbox';
import type { SourceTransaction } from '../ledger/classify.js';

/** The generator's records as ledger source rows (the shape the adapters hand over). */
export function toSourceTransactions(data: SalonData): SourceTransaction[] {
  const out: SourceTransaction[] = [];
  for (const p of data.payments) {
    const base = { provider: p.processor, occurredAt: p.occurredAt };
    out.push({
      ...base,
      type: 'payment',
      externalId: p.id,
      amountPence: p.amountPence,
      description: p.description,
      customerId: p.customerId,
      cardFingerprint: p.cardFingerprint,
    });
    if (p.feePence > 0) {
      out.push({ ...base, type: 'fee', externalId: `${p.id}:fee`, amountPence: p.feePence, description: 'Fee' });
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
