import { readFileSync } from 'node:fs';
import path from 'node:path';
import { squareExample } from '@brade/sandbox/provider-descriptions';
import fc from 'fast-check';
import { type Square, serialization } from 'square';
import { describe, expect, it } from 'vitest';
import {
  penceOf,
  squareItemsOf,
  squarePaymentRows,
  squarePayoutRows,
  squareRefundRows,
  squareTeamOf,
} from './square-transform.js';

type Wire = Record<string, unknown>;

/** Recorded from the Square simulator by record-square-fixtures.ts, snake_case as on the wire. */
const wire = (name: string): Wire =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '__fixtures__', name), 'utf8'));

/** The adapter never sees wire JSON: the SDK parses it with these options (its generated list methods). */
const AS_THE_SDK_PARSES = {
  unrecognizedObjectKeys: 'passthrough',
  allowUnrecognizedUnionMembers: true,
  allowUnrecognizedEnumValues: true,
  skipValidation: true,
} as const;
const payments = (body: Wire): Square.Payment[] =>
  serialization.ListPaymentsResponse.parseOrThrow(body, AS_THE_SDK_PARSES).payments ?? [];
const refunds = (body: Wire): Square.PaymentRefund[] =>
  serialization.ListPaymentRefundsResponse.parseOrThrow(body, AS_THE_SDK_PARSES).refunds ?? [];
const payouts = (body: Wire): Square.Payout[] =>
  serialization.ListPayoutsResponse.parseOrThrow(body, AS_THE_SDK_PARSES).payouts ?? [];

const orders = (body: Wire) =>
  new Map(
    (serialization.BatchGetOrdersResponse.parseOrThrow(body, AS_THE_SDK_PARSES).orders ?? []).map((o) => [o.id!, o]),
  );
const team = (body: Wire) =>
  serialization.SearchTeamMembersResponse.parseOrThrow(body, AS_THE_SDK_PARSES).teamMembers ?? [];

const recordedPayments = wire('payments.json');
const [guestWire, customerWire] = recordedPayments.payments as [Wire, Wire];
/** The recorded payment with some wire fields changed, as Square would send that variant. */
const paymentLike = (changes: Wire) => payments({ payments: [{ ...guestWire, ...changes }] })[0]!;

describe('Square rows from recorded payments', () => {
  it('turns completed card payments into pence with their processing fees, keyed by the payment id', () => {
    expect(payments(recordedPayments).flatMap((p) => squarePaymentRows(p))).toEqual([
      {
        provider: 'square',
        type: 'payment',
        externalId: 'JYiqXAupa8O0aye1XuLOBdvXQsKrG',
        occurredAt: new Date('2026-02-14T11:34:19.000Z'),
        amountPence: 9900,
        description: 'Full head colour (less £25.00 deposit)',
        customerId: null,
        cardFingerprint: 'sq-1-HODbcycsvXmo_DJONJiUOSNRwnjwSeUDNxSavXwYMNjd2Plx5BdCEJvGHe_nt2xhFUW3aEfjlvFophhKdct9cC',
        payerEmail: null,
        purpose: null,
        // Who took it at the till (the Team API names them).
        teamMemberId: '4aWNjPHtqJzf4zo43qVp',
      },
      {
        provider: 'square',
        type: 'fee',
        externalId: 'JYiqXAupa8O0aye1XuLOBdvXQsKrG:fee',
        occurredAt: new Date('2026-02-14T11:34:19.000Z'),
        amountPence: 173,
        description: 'Square processing fee',
      },
      {
        provider: 'square',
        type: 'payment',
        externalId: '2OBPVP3tyHKtXj22aKRXlEe5ebjyN',
        occurredAt: new Date('2026-02-18T15:00:06.000Z'),
        // The later refund is its own row: the payment keeps its full amount on its own date.
        amountPence: 7300,
        description: 'Root touch-up (less £20.00 deposit)',
        customerId: 'MD90FR88AX5QP6MA2WH21S173K',
        cardFingerprint: 'sq-1-n5NEA4Z2KF-FQLZ9ObwkLH_a5W2Qw4Od4NhX76aER-vQzvwf8I0mLALKGJOc-avzI_PVsyTGxA2c78CDJ5s78q',
        // A known client: Square e-mailed the receipt.
        payerEmail: 'aisha.taylor19182@example.com',
        purpose: null,
        teamMemberId: '01bIg6hbpu1X10_pSXAq',
      },
      {
        provider: 'square',
        type: 'fee',
        externalId: '2OBPVP3tyHKtXj22aKRXlEe5ebjyN:fee',
        occurredAt: new Date('2026-02-18T15:00:06.000Z'),
        amountPence: 128,
        description: 'Square processing fee',
      },
    ]);
    expect(customerWire.refund_ids).toHaveLength(1);
  });

  it('imports nothing for payments that did not complete (the simulator never fails one; Square sends this shape)', () => {
    for (const status of ['FAILED', 'CANCELED', 'APPROVED', 'PENDING']) {
      const card = { ...(guestWire.card_details as Wire), status: status === 'APPROVED' ? 'AUTHORIZED' : status };
      expect(squarePaymentRows(paymentLike({ status, card_details: card, processing_fee: [] }))).toEqual([]);
    }
  });

  it('leaves out cash and external payments, which Square records but does not process', () => {
    expect(squarePaymentRows(paymentLike({ source_type: 'CASH', card_details: undefined }))).toEqual([]);
    expect(squarePaymentRows(paymentLike({ source_type: 'EXTERNAL', card_details: undefined }))).toEqual([]);
    expect(squarePaymentRows(paymentLike({ source_type: 'WALLET', card_details: undefined }))[0]).toMatchObject({
      type: 'payment',
      amountPence: 9900,
      cardFingerprint: null,
    });
  });

  it('counts the tip Square took with the payment and nets fee adjustments', () => {
    const rows = squarePaymentRows(
      paymentLike({
        tip_money: { amount: 500, currency: 'GBP' },
        total_money: { amount: 9200, currency: 'GBP' },
        processing_fee: [
          { effective_at: '2026-02-14T10:52:12.000Z', type: 'INITIAL', amount_money: { amount: 161, currency: 'GBP' } },
          {
            effective_at: '2026-02-15T09:00:00.000Z',
            type: 'ADJUSTMENT',
            amount_money: { amount: -9, currency: 'GBP' },
          },
        ],
      }),
    );
    expect(rows.map((row) => [row.type, row.amountPence])).toEqual([
      ['payment', 9200],
      ['fee', 152],
    ]);
  });

  it('reads "Card payment" when the seller left no note, and skips amounts in another currency', () => {
    expect(squarePaymentRows(paymentLike({ note: undefined }))[0]?.description).toBe('Card payment');
    const euros = { amount: 8700, currency: 'EUR' };
    expect(squarePaymentRows(paymentLike({ amount_money: euros, total_money: euros }))).toEqual([]);
  });
});

describe('what a Square payment paid for: its order, and who took it', () => {
  const recorded = orders(wire('orders.json'));
  const [afterDeposit, keyedAmount] = payments(recordedPayments) as [Square.Payment, Square.Payment];

  it('reads the order’s line items, each at its total after the deposit paid online, and a keyed amount unnamed', () => {
    expect(squarePaymentRows(afterDeposit, recorded)[0]).toMatchObject({
      amountPence: 9900,
      items: [{ name: 'Full head colour', variation: 'Junior stylist', quantity: 1, amountPence: 9900 }],
      teamMemberId: '4aWNjPHtqJzf4zo43qVp',
    });
    const order = recorded.get(afterDeposit.orderId!)!;
    expect(order.discounts?.[0]).toMatchObject({ name: 'Deposit paid online', amountMoney: { amount: 2500n } });
    expect(squareItemsOf(keyedAmount, recorded)).toEqual([
      { name: null, variation: null, quantity: 1, amountPence: 7300 },
    ]);
  });

  it('says nothing about items when the orders were not read or the order is missing, and none without an order', () => {
    expect(squarePaymentRows(afterDeposit, null)[0]).not.toHaveProperty('items');
    expect(squarePaymentRows(afterDeposit)[0]).not.toHaveProperty('items');
    expect(squareItemsOf(afterDeposit, new Map())).toBeUndefined();
    expect(squareItemsOf(paymentLike({ order_id: undefined }), recorded)).toEqual([]);
  });

  it('reads no items from an order in another currency, and names a gift card sold', () => {
    const order = recorded.get(afterDeposit.orderId!)!;
    const euros = new Map([
      [
        order.id!,
        {
          ...order,
          lineItems: order.lineItems!.map((l) => ({ ...l, totalMoney: { amount: 100n, currency: 'EUR' as const } })),
        },
      ],
    ]);
    expect(squareItemsOf(afterDeposit, euros)).toEqual([]);
    const giftCard = new Map([
      [
        order.id!,
        { ...order, lineItems: [{ ...order.lineItems![0]!, name: undefined, itemType: 'GIFT_CARD' as const }] },
      ],
    ]);
    expect(squareItemsOf(afterDeposit, giftCard)?.[0]?.name).toBe('Gift card');
  });

  it('names the team from the seller’s directory', () => {
    const names = squareTeamOf(team(wire('team.json')));
    expect(names).toContainEqual({ id: '4aWNjPHtqJzf4zo43qVp', name: 'Megan Khan' });
    expect(names).toHaveLength(8);
    expect(squareTeamOf([{ id: 'x', givenName: ' ', familyName: null }])).toEqual([]);
  });
});

describe('Square rows from recorded refunds and payouts', () => {
  const [refund] = refunds(wire('refunds.json')) as [Square.PaymentRefund];

  it('turns a completed refund into its own positive row on its own date, with the reason', () => {
    expect(squareRefundRows(refund)).toEqual([
      {
        provider: 'square',
        type: 'refund',
        externalId: '2OBPVP3tyHKtXj22aKRXlEe5ebjyN_ufhJKFlTMAZXmiCyq3lWCBKASngqga1EZsQR7zGd',
        occurredAt: new Date('2026-02-21T11:49:31.000Z'),
        amountPence: 7300,
        description: 'Refund: Charged for wrong service',
      },
    ]);
  });

  it('waits for a refund to complete and never imports a rejected or failed one', () => {
    for (const status of ['PENDING', 'REJECTED', 'FAILED']) expect(squareRefundRows({ ...refund, status })).toEqual([]);
  });

  it('turns each location’s payout into a payout row, and an instant payout’s fee into a fee', () => {
    const [main, bar] = payouts(wire('payouts.json')) as [Square.Payout, Square.Payout];
    expect([...squarePayoutRows(main), ...squarePayoutRows(bar)]).toEqual([
      {
        provider: 'square',
        type: 'payout',
        externalId: 'po_a07d5516-1e29-4d77-8230-4103cc71a0c7',
        occurredAt: new Date('2026-05-13T15:08:25.000Z'),
        amountPence: 76398,
        description: 'Square payout to bank',
      },
      {
        provider: 'square',
        type: 'payout',
        externalId: 'po_e354ff01-732f-32aa-fb64-3c1747619edd',
        occurredAt: new Date('2026-05-13T15:08:25.000Z'),
        amountPence: 23578,
        description: 'Square payout to bank',
      },
    ]);
    const instant = { ...main, payoutFee: [{ amountMoney: { amount: 1575n, currency: 'GBP' as const } }] };
    expect(squarePayoutRows(instant)[1]).toEqual({
      provider: 'square',
      type: 'fee',
      externalId: 'po_a07d5516-1e29-4d77-8230-4103cc71a0c7:fee',
      occurredAt: new Date('2026-05-13T15:08:25.000Z'),
      amountPence: 1575,
      description: 'Square payout fee',
    });
    expect(squarePayoutRows({ ...main, status: 'FAILED' })).toEqual([]);
  });
});

describe('Square amounts', () => {
  it('converts any whole number of pence exactly and refuses what a number cannot hold', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }), (amount) => {
        const money = { amount, currency: 'GBP' as const };
        if (amount >= BigInt(Number.MIN_SAFE_INTEGER) && amount <= BigInt(Number.MAX_SAFE_INTEGER)) {
          expect(BigInt(penceOf(money)!)).toBe(amount);
        } else {
          expect(() => penceOf(money)).toThrow(RangeError);
        }
      }),
    );
  });

  it('splits any completed payment into positive whole pence that net to what Square pays out', () => {
    const payment = fc.record({
      total: fc.integer({ min: -1000, max: 10_000_000 }),
      fees: fc.array(fc.integer({ min: -500, max: 50_000 }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(payment, ({ total, fees }) => {
        const rows = squarePaymentRows(
          paymentLike({
            total_money: { amount: total, currency: 'GBP' },
            processing_fee: fees.map((amount) => ({ type: 'ADJUSTMENT', amount_money: { amount, currency: 'GBP' } })),
          }),
        );
        for (const row of rows) expect(Number.isSafeInteger(row.amountPence) && row.amountPence > 0).toBe(true);
        expect(new Set(rows.map((row) => row.externalId)).size).toBe(rows.length);
        const feeTotal = fees.reduce((sum, fee) => sum + fee, 0);
        if (total > 0) expect(rows[0]?.amountPence).toBe(total);
        if (total > 0 && feeTotal > 0) expect(rows[1]?.amountPence).toBe(feeTotal);
      }),
    );
  });
});

describe("Square rows from Square's own examples (connect-api-specification)", () => {
  /** The example with every `currency` set to GBP (Square's examples are in US dollars). */
  const inPounds = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(inPounds)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'currency' ? 'GBP' : inPounds(v)]))
        : value;

  it('imports nothing from the payment example as published (US dollars), and its sale and fee in pounds', () => {
    const example = squareExample('ListPaymentsResponse');
    expect(payments(example).flatMap((p) => squarePaymentRows(p))).toEqual([]);
    expect(payments(inPounds(example) as Wire).flatMap((p) => squarePaymentRows(p))).toEqual([
      {
        provider: 'square',
        type: 'payment',
        externalId: 'bP9mAsEMYPUGjjGNaNO5ZDVyLhSZY',
        occurredAt: new Date('2021-10-13T19:34:33.524Z'),
        amountPence: 555,
        description: 'Test Note',
        customerId: null,
        cardFingerprint: 'sq-1-Hxim77tbdcbGejOejnoAklBVJed2YFLTmirfl8Q5XZzObTc8qY_U8RkwzoNL8dCEcQ',
        payerEmail: null,
        purpose: null,
        teamMemberId: 'TMoK_ogh6rH1o4dV',
      },
      expect.objectContaining({ type: 'fee', externalId: 'bP9mAsEMYPUGjjGNaNO5ZDVyLhSZY:fee', amountPence: 34 }),
    ]);
  });

  it('reads the refund example; the payout example names its currency `currency_code`, so it is not read', () => {
    const refundRows = refunds(inPounds(squareExample('ListPaymentRefundsResponse')) as Wire).flatMap(squareRefundRows);
    expect(refundRows[0]).toMatchObject({ type: 'refund', amountPence: 555 });
    // Square's own payout example writes Money as {amount, currency_code}: its schema (and the API) say `currency`.
    const example = squareExample('ListPayoutsResponse');
    expect(payouts(inPounds(example) as Wire).flatMap(squarePayoutRows)).toEqual([]);
  });

  it('reads a gift card tender as a voucher redemption, never a second sale', () => {
    const [example] = (inPounds(squareExample('ListPaymentsResponse')) as { payments: Wire[] }).payments;
    const giftCard = payments({
      payments: [
        {
          ...example,
          processing_fee: [],
          card_details: {
            ...(example!.card_details as Wire),
            card: { card_brand: 'SQUARE_GIFT_CARD', last_4: '4321' },
          },
        },
      ],
    });
    expect(giftCard.flatMap((p) => squarePaymentRows(p))).toEqual([
      expect.objectContaining({ type: 'payment', purpose: 'voucher_redemption', cardFingerprint: null }),
    ]);
    const external = payments({
      payments: [
        {
          ...example,
          source_type: 'EXTERNAL',
          processing_fee: [],
          external_details: { type: 'OTHER_GIFT_CARD', source: 'Online gift voucher' },
        },
      ],
    });
    expect(external.flatMap((p) => squarePaymentRows(p))).toEqual([
      expect.objectContaining({ purpose: 'voucher_redemption' }),
    ]);
    const cash = payments({ payments: [{ ...example, source_type: 'CASH', processing_fee: [] }] });
    expect(cash.flatMap((p) => squarePaymentRows(p))).toEqual([]);
  });

  it('reads the line items of the orders example in pounds, and the team search example', () => {
    const example = orders(inPounds(squareExample('BatchRetrieveOrdersResponse')) as Wire);
    const [payment] = payments(inPounds(squareExample('ListPaymentsResponse')) as Wire) as [Square.Payment];
    const paid = { ...payment, orderId: 'CAISEM82RcpmcFBM0TfOyiHV3es' };
    expect(squareItemsOf(paid, example)).toEqual([
      { name: 'Awesome product', variation: null, quantity: 1, amountPence: 1599 },
      { name: 'Another awesome product', variation: null, quantity: 3, amountPence: 6000 },
    ]);
    // As published (US dollars) the lines cannot be added to a ledger in pounds.
    expect(squareItemsOf(paid, orders(squareExample('BatchRetrieveOrdersResponse')))).toEqual([]);
    expect(squareTeamOf(team(squareExample('SearchTeamMembersResponse')))).toContainEqual({
      id: '-3oZQKPKVk6gUXU_V5Qa',
      name: 'Johnny Cash',
    });
  });
});
