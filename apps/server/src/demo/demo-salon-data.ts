import { addMonths, DEMO_ACCOUNT, firstDayOf, londonDateOf, monthOf } from '@brade/contract';
import { generateSalonData, type SalonData } from '@brade/sandbox';
import type { Logger } from 'pino';
import { findUserByEmail } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { connectedProcessors, markConnected } from '../integrations/connections.js';
import type { SourceTransaction } from '../ledger/classify.js';
import { importTransactions, latestLedgerDate } from '../ledger/import.js';

export const DEMO_SEED = 'brade-demo-salon';
/** About 18 months: from the first day of the month 17 months ago up to today. */
const HISTORY_MONTHS = 17;
const PROCESSOR_NAMES = { stripe: 'Stripe', square: 'Square', sumup: 'SumUp' } as const;

/** The generator's records as the provider adapters will hand them to the ledger. */
export function toSourceTransactions(data: SalonData): SourceTransaction[] {
  const out: SourceTransaction[] = [];
  for (const p of data.payments) {
    out.push({
      provider: p.processor,
      type: 'payment',
      externalId: p.id,
      occurredAt: p.occurredAt,
      amountPence: p.amountPence,
      description: p.description,
      customerId: p.customerId,
      cardFingerprint: p.cardFingerprint,
      category: p.service,
    });
    if (p.feePence > 0) {
      out.push({
        provider: p.processor,
        type: 'fee',
        externalId: `${p.id}:fee`,
        occurredAt: p.occurredAt,
        amountPence: p.feePence,
        description: `${PROCESSOR_NAMES[p.processor]} processing fee`,
      });
    }
  }
  for (const r of data.refunds) {
    out.push({
      provider: r.processor,
      type: 'refund',
      externalId: r.id,
      occurredAt: r.occurredAt,
      amountPence: r.amountPence,
      description: `Refund: ${r.reason}`,
    });
  }
  for (const po of data.payouts) {
    out.push({
      provider: po.processor,
      type: 'payout',
      externalId: po.id,
      occurredAt: po.occurredAt,
      amountPence: po.amountPence,
      description: `${PROCESSOR_NAMES[po.processor]} payout for ${po.periodStart} to ${po.periodEnd}`,
    });
  }
  for (const b of data.bank) {
    out.push({
      provider: 'bank',
      externalId: b.id,
      occurredAt: b.occurredAt,
      amountPence: b.amountPence,
      description: b.description,
      counterparty: b.counterparty,
      category: b.category,
    });
  }
  return out;
}

/** True when the demo owner has no imported history yet (the first start must wait for it). */
export async function demoNeedsFirstImport(db: Db): Promise<boolean> {
  const demo = await findUserByEmail(db, DEMO_ACCOUNT.email);
  return Boolean(demo) && (await latestLedgerDate(db, demo!.id)) === null;
}

/**
 * Keeps the demo salon's books current: the first run imports about 18 months; later runs import only the
 * days since the newest one (with an overlap), so every start and every hour brings it up to today.
 */
export async function syncDemoSalonData(db: Db, log: Logger, now: Date = new Date()): Promise<number> {
  const demo = await findUserByEmail(db, DEMO_ACCOUNT.email);
  if (!demo) return 0;
  for (const provider of ['stripe', 'square', 'sumup', 'bank'] as const) await markConnected(db, demo.id, provider);
  const today = londonDateOf(now);
  const start = firstDayOf(addMonths(monthOf(today), -HISTORY_MONTHS));
  const latest = await latestLedgerDate(db, demo.id);
  // The generator gives every record to its own day and never changes a past day, so a top-up starts at the
  // newest imported day (imported, perhaps, before that day was over).
  const from = latest && latest > start ? latest : start;
  const started = performance.now();
  // The generator makes whole days; the afternoon has not happened yet in the morning.
  const transactions = toSourceTransactions(generateSalonData({ seed: DEMO_SEED, from, to: today })).filter(
    (tx) => tx.occurredAt <= now,
  );
  const count = await importTransactions(db, demo.id, transactions, await connectedProcessors(db, demo.id));
  log.info(
    { from, to: today, transactions: count, ms: Math.round(performance.now() - started) },
    'demo salon data brought up to date',
  );
  return count;
}
