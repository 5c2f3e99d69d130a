import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stripeExample } from '@brade/sandbox/provider-descriptions';
import fc from 'fast-check';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { purposeOf, stripeItemsOf, stripeRows } from './stripe-transform.js';

/** Recorded from the Stripe simulator by record-stripe-fixtures.ts: two payments, a refund, a payout. */
const recorded = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '__fixtures__/balance-transactions.json'), 'utf8')) as {
    data: Stripe.BalanceTransaction[];
  }
).data;
const [customerPayment, guestPayment, refund, payout] = recorded as [
  Stripe.BalanceTransaction,
  Stripe.BalanceTransaction,
  Stripe.BalanceTransaction,
  Stripe.BalanceTransaction,
];

describe('stripeRows on recorded balance transactions', () => {
  it('turns a charge into a payment in pence and its Stripe fee, keyed by the charge id', () => {
    expect(stripeRows(customerPayment)).toEqual([
      {
        provider: 'stripe',
        type: 'payment',
        externalId: 'ch_36MMD7FNsj9ByufxSF9fuzDm',
        occurredAt: new Date('2026-05-14T10:22:09.000Z'),
        amountPence: 2000,
        description: 'Deposit: Blow-dry, Wed, 20 May 2026 (booking TB443914)',
        customerId: 'cus_x1lTC8DILQgnwd',
        cardFingerprint: 'EkArd5yNVciJW9Vs',
        // The booking page's client: e-mail from billing_details, a deposit by its wording.
        payerEmail: 'mia.davies@example.com',
        purpose: 'deposit',
        // The deposit counts as the service the booking page names (docs/finance.md, "What was sold").
        items: [{ name: 'Blow-dry', quantity: 1, amountPence: 2000 }],
      },
      {
        provider: 'stripe',
        type: 'fee',
        externalId: 'ch_36MMD7FNsj9ByufxSF9fuzDm:fee',
        occurredAt: new Date('2026-05-14T10:22:09.000Z'),
        amountPence: 50,
        description: 'Stripe processing fee',
      },
    ]);
  });

  it('keeps a guest payment without a customer, identified by its card fingerprint', () => {
    const [payment] = stripeRows(guestPayment);
    expect(payment).toMatchObject({
      type: 'payment',
      externalId: 'ch_3hjklNzLYtVydp3sPIXj0VBQ',
      occurredAt: new Date('2026-05-11T19:26:23.000Z'),
      amountPence: 2000,
      customerId: null,
      cardFingerprint: 'WYsvreAjvXitbeSW',
      items: [{ name: 'Cut & finish', quantity: 1, amountPence: 2000 }],
    });
  });

  it('names what a charge paid for from its metadata, a deposit or voucher by what it is, else nothing', () => {
    expect(stripeItemsOf({ item: ' Balayage ' }, null, 15000)).toEqual([
      { name: 'Balayage', quantity: 1, amountPence: 15000 },
    ]);
    expect(stripeItemsOf({ product: 'Olaplex No.3' }, null, 2800)).toEqual([
      { name: 'Olaplex No.3', quantity: 1, amountPence: 2800 },
    ]);
    expect(stripeItemsOf({}, 'deposit', 2000)).toEqual([{ name: 'Booking deposit', quantity: 1, amountPence: 2000 }]);
    expect(stripeItemsOf(null, 'voucher_sale', 5000)).toEqual([
      { name: 'Gift voucher', quantity: 1, amountPence: 5000 },
    ]);
    expect(stripeItemsOf({ service: '  ' }, null, 2000)).toEqual([]);
    // A charge not expanded says nothing about what it paid for: the lines stored before stay.
    const unexpanded = { ...guestPayment, source: (guestPayment.source as { id: string }).id };
    expect(stripeRows(unexpanded as Stripe.BalanceTransaction)[0]).not.toHaveProperty('items');
  });

  it('turns a refund into a positive refund row on its own date with a readable reason and no fee', () => {
    expect(stripeRows(refund)).toEqual([
      {
        provider: 'stripe',
        type: 'refund',
        externalId: 're_3pyQicw1htFshkQXDL3UOQr1',
        occurredAt: new Date('2026-05-03T14:08:29.000Z'),
        amountPence: 500,
        description: 'Refund: requested by customer',
      },
    ]);
  });

  it('turns a payout into a positive payout row keyed by the payout id', () => {
    expect(stripeRows(payout)).toEqual([
      {
        provider: 'stripe',
        type: 'payout',
        externalId: 'po_1pBb6UsgoyZqFll4wUbImXkQ',
        occurredAt: new Date('2026-05-14T06:11:07.000Z'),
        amountPence: 13177,
        description: 'Stripe payout to bank',
      },
    ]);
  });

  it('reads the same rows when the source was not expanded, minus what only the charge knows', () => {
    const bare = { ...customerPayment, source: (customerPayment.source as Stripe.Charge).id };
    expect(stripeRows(bare)[0]).toMatchObject({
      externalId: 'ch_36MMD7FNsj9ByufxSF9fuzDm',
      description: 'Deposit: Blow-dry, Wed, 20 May 2026 (booking TB443914)',
      customerId: null,
      cardFingerprint: null,
    });
    expect(stripeRows(bare)[0]).not.toHaveProperty('category');
  });

  it('imports nothing it cannot add to a pound ledger or does not model (other currencies, transfers)', () => {
    expect(stripeRows({ ...customerPayment, currency: 'eur' })).toEqual([]);
    expect(stripeRows({ ...payout, type: 'transfer', reporting_category: 'transfer' })).toEqual([]);
    // A payout_failure puts a payout's money back: not a payout to the bank.
    expect(
      stripeRows({ ...payout, type: 'payout_failure', reporting_category: 'payout_reversal', amount: 13177 }),
    ).toEqual([]);
  });

  it("reads Stripe's own balance fees as fees keyed by the balance transaction", () => {
    const radar = {
      ...payout,
      id: 'txn_radar',
      type: 'stripe_fee',
      reporting_category: 'fee',
      amount: -200,
      fee: 0,
      description: 'Radar for Fraud Teams',
      source: null,
    } as Stripe.BalanceTransaction;
    expect(stripeRows(radar)).toEqual([
      {
        provider: 'stripe',
        type: 'fee',
        externalId: 'txn_radar',
        occurredAt: new Date('2026-05-14T06:11:07.000Z'),
        amountPence: 200,
        description: 'Radar for Fraud Teams',
      },
    ]);
  });
});

describe('stripeRows properties', () => {
  const balanceTransaction = fc.record({
    category: fc.constantFrom('charge', 'refund', 'payout', 'fee', 'dispute', 'transfer'),
    amount: fc.integer({ min: -5_000_000, max: 5_000_000 }),
    fee: fc.integer({ min: 0, max: 50_000 }),
    created: fc.integer({ min: 1_500_000_000, max: 2_000_000_000 }),
  });

  it('only ever emits positive whole pence under distinct external ids', () => {
    fc.assert(
      fc.property(balanceTransaction, ({ category, amount, fee, created }) => {
        const rows = stripeRows({
          ...customerPayment,
          reporting_category: category,
          amount,
          fee,
          net: amount - fee,
          created,
        });
        for (const row of rows) expect(Number.isSafeInteger(row.amountPence) && row.amountPence > 0).toBe(true);
        expect(new Set(rows.map((row) => row.externalId)).size).toBe(rows.length);
      }),
    );
  });

  it('splits a charge into gross and fee that net to what Stripe pays out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 0, max: 50_000 }), (amount, fee) => {
        const rows = stripeRows({ ...customerPayment, amount, fee, net: amount - fee });
        const payment = rows.find((row) => row.type === 'payment')!.amountPence;
        const fees = rows.filter((row) => row.type === 'fee').reduce((sum, row) => sum + row.amountPence, 0);
        expect(payment - fees).toBe(amount - fee);
      }),
    );
  });
});

describe("stripeRows on Stripe's own example objects (stripe/openapi fixtures3.json)", () => {
  const example = () => stripeExample('balance_transaction') as unknown as Stripe.BalanceTransaction;
  const charge = () => stripeExample('charge') as unknown as Stripe.Charge;

  it('imports nothing from the example as published: it is in US dollars', () => {
    expect(example().currency).toBe('usd');
    expect(stripeRows(example())).toEqual([]);
  });

  it('reads the example charge, expanded, as a payment once it is in pounds', () => {
    const transaction = { ...example(), currency: 'gbp', source: { ...charge(), currency: 'gbp' } };
    expect(stripeRows(transaction as Stripe.BalanceTransaction)).toEqual([
      {
        provider: 'stripe',
        type: 'payment',
        externalId: 'ch_1PgafuB7WZ01zgkWXYmPNZs8',
        occurredAt: new Date(1234567890 * 1000),
        amountPence: 100,
        description: 'My First Test Charge (created for API docs)',
        customerId: null,
        cardFingerprint: 'AOB934RVNwzk6xtn',
        payerEmail: null,
        purpose: null,
        // Stripe's example charge names nothing it paid for.
        items: [],
      },
    ]);
  });

  it('reads a payout built on the example as a payout to the bank', () => {
    const payout = stripeExample('payout') as unknown as Stripe.Payout;
    const transaction = {
      ...example(),
      currency: 'gbp',
      amount: -payout.amount,
      net: -payout.amount,
      type: 'payout',
      reporting_category: 'payout',
      source: { ...payout, currency: 'gbp' },
    };
    expect(stripeRows(transaction as Stripe.BalanceTransaction)).toEqual([
      expect.objectContaining({ type: 'payout', externalId: payout.id, amountPence: payout.amount }),
    ]);
  });

  it('tells deposits and gift vouchers from metadata or wording', () => {
    expect(purposeOf({ purpose: 'deposit' }, 'Cut & finish')).toBe('deposit');
    expect(purposeOf({}, 'Deposit: Balayage, Sat 14 Mar 2026 (booking TB123456)')).toBe('deposit');
    expect(purposeOf({ kind: 'gift_voucher' }, 'Voucher')).toBe('voucher_sale');
    expect(purposeOf(null, 'Gift voucher £50.00 – Willow & Co Hair')).toBe('voucher_sale');
    expect(purposeOf({ service: 'Cut & finish' }, 'Cut & finish')).toBeNull();
  });
});
