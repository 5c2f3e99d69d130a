import { addDays, type DayRange } from '@brade/contract';
import { generateSalonData, type SalonData } from '@brade/sandbox';
import type { Db } from '../db/client.js';
import type { SourceTransaction } from '../ledger/classify.js';
import { importTransactions } from '../ledger/import.js';
import { TEST_IMPORT } from './test-ledger.js';

/**
 * Fills an owner's books straight from the salon-data generator, a quarter at a time (as bench/drivers/seed-owner.ts
 * does): tests that need a whole salon's history in seconds rather than through the providers' imports.
 */
export async function seedSalon(
  db: Db,
  userId: string,
  options: { seed: string; salesPerDayScale: number; days: DayRange },
): Promise<number> {
  let imported = 0;
  for (let from = options.days.from; from <= options.days.to; from = addDays(from, 92)) {
    const to = addDays(from, 91) < options.days.to ? addDays(from, 91) : options.days.to;
    const data = generateSalonData({ seed: options.seed, from, to, salesPerDayScale: options.salesPerDayScale });
    imported += await importTransactions(db, userId, sourceRows(data), TEST_IMPORT);
  }
  return imported;
}

/** The generator's records as ledger source rows (the shape the adapters hand over). */
function sourceRows(data: SalonData): SourceTransaction[] {
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
