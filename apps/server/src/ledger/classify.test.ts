import { describe, expect, it } from 'vitest';
import { classify, payoutProcessorOf, type SourceTransaction } from './classify.js';

const when = new Date('2026-04-02T10:00:00Z');
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
    expect(classify({ ...base, customerId: 'cus_1', cardFingerprint: 'fp' })).toMatchObject({
      kind: 'sale',
      amountPence: 4500,
      clientKey: 'customer:stripe:cus_1',
    });
    expect(classify({ ...base, cardFingerprint: 'fp' }).clientKey).toBe('card:stripe:fp');
    expect(classify(base).clientKey).toBe('txn:stripe:ch_9');
  });

  it('signs refunds, fees and payouts negative whatever sign arrives', () => {
    const base = { provider: 'square', externalId: 'x', occurredAt: when, description: 'x' } as const;
    expect(classify({ ...base, type: 'refund', amountPence: -1000 })).toMatchObject({
      kind: 'refund',
      amountPence: -1000,
    });
    expect(classify({ ...base, type: 'fee', amountPence: 120 })).toMatchObject({
      kind: 'fee',
      amountPence: -120,
    });
    expect(classify({ ...base, type: 'payout', amountPence: 9000 })).toMatchObject({
      kind: 'payout',
      amountPence: -9000,
    });
  });

  it('writes a processor’s payout into the bank as a transfer of that processor, settled against the ledger later', () => {
    expect(classify(bank(6880, 'STRIPE PAYMENTS UK LTD'))).toMatchObject({
      kind: 'transfer',
      category: 'Card payouts',
      payoutProcessor: 'stripe',
    });
    expect(classify(bank(2500, 'FPI SUMUP PAYMENTS LIMITED PID77-SUMUP'))).toMatchObject({
      kind: 'transfer',
      payoutProcessor: 'sumup',
    });
    expect(classify(bank(8312, 'SQUAREUP EUROPE LTD SQUARE PAYOUT'))).toMatchObject({ payoutProcessor: 'square' });
  });

  it('reads a bank line from its text alone: the generator’s hint is gone, unknown debits are Uncategorised', () => {
    expect(classify(bank(-120000, 'DD LANDLORD RENT'))).toMatchObject({ kind: 'expense', category: 'Rent' });
    expect(classify(bank(-4500, 'FPO REF 1192', { counterparty: 'P JONES' }))).toMatchObject({
      kind: 'expense',
      category: 'Uncategorised',
    });
    expect(classify(bank(1500, 'BANK INTEREST'))).toMatchObject({
      kind: 'other_income',
      category: 'Interest received',
    });
    expect(classify(bank(9000, 'FPI J BLOGGS INV 12'))).toMatchObject({
      kind: 'other_income',
      category: 'Other income',
    });
  });

  it('takes the bank’s code from the feed (UK or ISO) or from the start of the description', () => {
    // "ACME 4411" says nothing; a charge code makes it a bank charge.
    expect(classify(bank(-300, 'ACME 4411', { bankCode: 'CHG' })).category).toBe('Bank charges');
    expect(classify(bank(-300, 'ACME 4411', { bankCode: 'ACMT-MDOP-CHRG' })).category).toBe('Bank charges');
    expect(classify(bank(-300, 'CHG ACME 4411')).category).toBe('Bank charges');
    expect(classify(bank(-300, 'ACME 4411')).category).toBe('Uncategorised');
  });

  it('recognises UK statement wording of each processor', () => {
    expect(payoutProcessorOf('STRIPE PAYMENTS UK LTD STRIPE')).toBe('stripe');
    expect(payoutProcessorOf('SQUARE PAYMENTS UK LTD')).toBe('square');
    expect(payoutProcessorOf('SQUAREUP EUROPE LTD')).toBe('square');
    expect(payoutProcessorOf('SUMUP PAYMENTS LTD')).toBe('sumup');
    expect(payoutProcessorOf('TESCO STORES 2231')).toBeNull();
  });
});
