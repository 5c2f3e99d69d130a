import { describe, expect, it } from 'vitest';
import { classify, type Processor, payoutProcessorOf, type SourceTransaction } from './classify.js';

const when = new Date('2026-04-02T10:00:00Z');
const none = new Set<Processor>();
const stripeOnly = new Set<Processor>(['stripe']);
const bank = (amountPence: number, description: string, extra: Partial<SourceTransaction> = {}): SourceTransaction =>
  ({ provider: 'bank', externalId: 'b', occurredAt: when, amountPence, description, ...extra }) as SourceTransaction;

describe('classify', () => {
  it('makes processor payments sales, keyed to the customer, else the card, else the transaction', () => {
    const base = {
      provider: 'stripe',
      type: 'payment',
      externalId: 'ch_9',
      occurredAt: when,
      amountPence: 4500,
      description: 'Cut',
    } as const;
    expect(classify({ ...base, customerId: 'cus_1', cardFingerprint: 'fp' }, none)).toMatchObject({
      kind: 'sale',
      amountPence: 4500,
      clientKey: 'customer:stripe:cus_1',
    });
    expect(classify({ ...base, cardFingerprint: 'fp' }, none).clientKey).toBe('card:stripe:fp');
    expect(classify(base, none).clientKey).toBe('txn:stripe:ch_9');
  });

  it('signs refunds, fees and payouts negative whatever sign arrives', () => {
    const base = { provider: 'square', externalId: 'x', occurredAt: when, description: 'x' } as const;
    expect(classify({ ...base, type: 'refund', amountPence: -1000 }, none)).toMatchObject({
      kind: 'refund',
      amountPence: -1000,
    });
    expect(classify({ ...base, type: 'fee', amountPence: 120 }, none)).toMatchObject({
      kind: 'fee',
      amountPence: -120,
    });
    expect(classify({ ...base, type: 'payout', amountPence: 9000 }, none)).toMatchObject({
      kind: 'payout',
      amountPence: -9000,
    });
  });

  it('turns a connected processor’s payout into a transfer and an unconnected one into revenue', () => {
    expect(classify(bank(6880, 'STRIPE PAYMENTS UK LTD'), stripeOnly)).toMatchObject({
      kind: 'transfer',
      payoutProcessor: 'stripe',
    });
    expect(classify(bank(2500, 'SUMUP PAYMENTS LIMITED'), stripeOnly)).toMatchObject({
      kind: 'other_income',
      payoutProcessor: 'sumup',
    });
  });

  it('keeps moves between own accounts out, and makes other debits expenses', () => {
    expect(classify(bank(-50000, 'TFR TO SAVINGS'), none).kind).toBe('transfer');
    expect(classify(bank(20000, 'FROM SAVINGS'), none).kind).toBe('transfer');
    expect(classify(bank(-120000, 'DD LANDLORD RENT', { category: 'Rent' } as never), none)).toMatchObject({
      kind: 'expense',
      category: 'Rent',
    });
    expect(classify(bank(1500, 'BANK INTEREST'), none).kind).toBe('other_income');
  });

  it('recognises UK statement wording of each processor', () => {
    expect(payoutProcessorOf('STRIPE PAYMENTS UK LTD STRIPE')).toBe('stripe');
    expect(payoutProcessorOf('SQUARE PAYMENTS UK LTD')).toBe('square');
    expect(payoutProcessorOf('SUMUP PAYMENTS LTD')).toBe('sumup');
    expect(payoutProcessorOf('TESCO STORES 2231')).toBeNull();
  });
});
