import type { SourceTransaction } from '../ledger/classify.js';
import { payerHash } from '../ledger/payer-keys.js';

/** A fixed, test-only CLIENT_KEY: the hand-made payments carry customer ids and card fingerprints. */
export const TEST_IMPORT = { hashPayer: payerHash('42'.repeat(32)) } as const;

/** Hand-made transactions whose figures the tests work out by hand (see figures.api.test.ts). */
export const at = (iso: string) => new Date(iso);

export function aprilLedger(): SourceTransaction[] {
  return [
    // 23:30 UTC on 31 March is 00:30 BST on 1 April: an April sale.
    {
      provider: 'stripe',
      type: 'payment',
      externalId: 'ch_1',
      occurredAt: at('2026-03-31T23:30:00Z'),
      amountPence: 5000,
      description: 'Cut & finish',
      customerId: 'cus_1',
      items: [{ name: 'Cut & finish', quantity: 1, amountPence: 5000 }],
    },
    {
      provider: 'stripe',
      type: 'payment',
      externalId: 'ch_2',
      occurredAt: at('2026-04-02T10:00:00Z'),
      amountPence: 3000,
      description: 'Blow-dry',
      customerId: 'cus_1',
      items: [{ name: 'Blow-dry', quantity: 1, amountPence: 3000 }],
    },
    {
      provider: 'square',
      type: 'payment',
      externalId: 'sq_1',
      occurredAt: at('2026-04-03T11:00:00Z'),
      amountPence: 4000,
      description: 'Gel manicure',
      cardFingerprint: 'fp_X',
      items: [{ name: 'Gel manicure', quantity: 1, amountPence: 4000 }],
    },
    {
      provider: 'stripe',
      type: 'fee',
      externalId: 'ch_2:fee',
      occurredAt: at('2026-04-02T10:00:00Z'),
      amountPence: 120,
      description: 'Stripe fee',
    },
    // A refund of a March sale reduces April, the month it happened in.
    {
      provider: 'stripe',
      type: 'refund',
      externalId: 're_1',
      occurredAt: at('2026-04-05T09:00:00Z'),
      amountPence: 1000,
      description: 'Refund',
    },
    {
      provider: 'stripe',
      type: 'payout',
      externalId: 'po_1',
      occurredAt: at('2026-04-06T06:00:00Z'),
      amountPence: 6880,
      description: 'Payout',
    },
    {
      provider: 'bank',
      externalId: 'bank_1',
      occurredAt: at('2026-04-06T07:00:00Z'),
      amountPence: 6880,
      description: 'STRIPE PAYMENTS UK LTD',
      counterparty: 'STRIPE',
    },
    {
      provider: 'bank',
      externalId: 'bank_2',
      occurredAt: at('2026-04-07T07:00:00Z'),
      amountPence: 2500,
      description: 'SUMUP PAYMENTS LIMITED',
      counterparty: 'SUMUP',
    },
    {
      provider: 'bank',
      externalId: 'bank_3',
      occurredAt: at('2026-04-01T08:00:00Z'),
      amountPence: -120000,
      description: 'DD HARROGATE ESTATES RENT',
      counterparty: 'HARROGATE ESTATES',
    },
    {
      provider: 'bank',
      externalId: 'bank_4',
      occurredAt: at('2026-04-08T08:00:00Z'),
      amountPence: -50000,
      description: 'TFR TO SAVINGS',
      counterparty: 'OWN ACCOUNT',
    },
    // March, for the comparison.
    {
      provider: 'stripe',
      type: 'payment',
      externalId: 'ch_0',
      occurredAt: at('2026-03-10T12:00:00Z'),
      amountPence: 10000,
      description: 'Full head colour',
      customerId: 'cus_2',
      items: [{ name: 'Full head colour', quantity: 1, amountPence: 10000 }],
    },
    {
      provider: 'bank',
      externalId: 'bank_0',
      occurredAt: at('2026-03-12T08:00:00Z'),
      amountPence: -30000,
      description: 'SALON SERVICES LTD',
      counterparty: 'SALON SERVICES',
    },
  ];
}
