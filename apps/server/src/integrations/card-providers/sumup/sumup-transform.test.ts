import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sumupHistoryExample, sumupProductExample } from '@brade/sandbox/provider-descriptions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountFormatError, decimalToPence } from './sumup-amounts.js';
import { describeSumupError } from './sumup-errors.js';
import { type HistoryItem, HistoryPage, Product, TransactionDetail } from './sumup-schemas.js';
import { historyItemRows, sumupItemsOf } from './sumup-transform.js';

/** JSON recorded from the SumUp simulator by __fixtures__/record-sumup-fixtures.ts. */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');
const recorded = (name: string): unknown => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8'));

const details = TransactionDetail.array().parse(recorded('transaction-details.json'));
const feeOf = (item: HistoryItem) => details.find((d) => d.id === item.id)?.fee_amount;
const rowsOfPage = (name: string) =>
  HistoryPage.parse(recorded(name)).items.flatMap((item) => historyItemRows(item, feeOf(item)));
const firstItem = (name: string) => HistoryPage.parse(recorded(name)).items[0]!;

describe('SumUp history rows', () => {
  it('turns each sale into a payment and its fee, refunded or not, at the sale time', () => {
    expect(rowsOfPage('history-refunded-sale.json')).toEqual([
      {
        provider: 'sumup',
        type: 'payment',
        externalId: 'T6CIYGHB75',
        occurredAt: new Date('2026-01-15T11:19:27.000Z'),
        amountPence: 3800,
        description: 'Gel manicure',
      },
      {
        provider: 'sumup',
        type: 'fee',
        externalId: 'T6CIYGHB75:fee',
        occurredAt: new Date('2026-01-15T11:19:27.000Z'),
        amountPence: 64,
        description: 'SumUp processing fee',
      },
      {
        provider: 'sumup',
        type: 'payment',
        externalId: 'TCV6NH2EXO',
        occurredAt: new Date('2026-01-15T17:52:49.000Z'),
        amountPence: 8900,
        description: 'Cut & finish, Treatment',
      },
      {
        provider: 'sumup',
        type: 'fee',
        externalId: 'TCV6NH2EXO:fee',
        occurredAt: new Date('2026-01-15T17:52:49.000Z'),
        amountPence: 150,
        description: 'SumUp processing fee',
      },
      {
        provider: 'sumup',
        type: 'payment',
        externalId: 'TUBLBXZO0L',
        occurredAt: new Date('2026-01-16T10:38:11.000Z'),
        amountPence: 6000,
        description: 'Blow-dry, Treatment',
      },
      {
        provider: 'sumup',
        type: 'fee',
        externalId: 'TUBLBXZO0L:fee',
        occurredAt: new Date('2026-01-16T10:38:11.000Z'),
        amountPence: 101,
        description: 'SumUp processing fee',
      },
    ]);
  });

  it('turns a refund into its own row on its own date, keeping SumUp’s wording', () => {
    expect(rowsOfPage('history-refund.json')).toEqual([
      {
        provider: 'sumup',
        type: 'refund',
        externalId: 'T50705JT47',
        occurredAt: new Date('2026-01-16T11:56:47.000Z'),
        amountPence: 900,
        description: 'Refund: Gel manicure',
      },
      {
        provider: 'sumup',
        type: 'payment',
        externalId: 'TVOJU2G4SP',
        occurredAt: new Date('2026-01-16T12:30:59.000Z'),
        amountPence: 5700,
        description: 'Gel manicure, Redken heat protector',
      },
      {
        provider: 'sumup',
        type: 'fee',
        externalId: 'TVOJU2G4SP:fee',
        occurredAt: new Date('2026-01-16T12:30:59.000Z'),
        amountPence: 96,
        description: 'SumUp processing fee',
      },
    ]);
  });

  it('counts today’s sales before SumUp has paid them out', () => {
    const rows = rowsOfPage('history-newest.json');
    expect(rows.map((r) => [r.type, r.externalId, r.amountPence])).toEqual([
      ['payment', 'TVJPXF7HNJ', 3100],
      ['fee', 'TVJPXF7HNJ:fee', 52],
      ['payment', 'TXZ1H0FIHA', 5400],
      ['fee', 'TXZ1H0FIHA:fee', 91],
    ]);
  });

  it('skips failed, cancelled and pending sales and unsuccessful refunds', () => {
    // Hand-edited copies of recorded rows: the simulator only produces successful sales.
    const sale = firstItem('history-newest.json');
    for (const status of ['FAILED', 'CANCELLED', 'PENDING']) {
      expect(historyItemRows({ ...sale, status }, 0.52)).toEqual([]);
    }
    const refund = firstItem('history-refund.json');
    expect(historyItemRows({ ...refund, status: 'FAILED' }, null)).toEqual([]);
  });

  it('treats a chargeback as money taken back, and names sales without a summary', () => {
    const sale = firstItem('history-newest.json');
    expect(historyItemRows({ ...sale, type: 'CHARGE_BACK', transaction_code: 'TCB1' }, null)).toEqual([
      {
        provider: 'sumup',
        type: 'refund',
        externalId: 'TCB1',
        occurredAt: new Date('2026-03-10T17:19:49.000Z'),
        amountPence: 3100,
        description: "Chargeback: Gents' cut",
      },
    ]);
    const unnamed = { ...sale, product_summary: null };
    expect(historyItemRows(unnamed, 0)[0]?.description).toBe('Card payment');
    expect(historyItemRows({ ...unnamed, payment_type: 'CASH' }, 0)).toEqual([
      expect.objectContaining({ type: 'payment', description: 'Cash payment', amountPence: 3100 }),
    ]);
  });

  it('leaves out a fee of nothing and falls back to the transaction id without a transaction code', () => {
    const sale = firstItem('history-newest.json');
    const rows = historyItemRows({ ...sale, transaction_code: null }, 0);
    expect(rows).toEqual([expect.objectContaining({ type: 'payment', externalId: sale.transaction_id })]);
  });

  it('imports nothing in another currency than the pound (SumUp amounts carry no currency of their own)', () => {
    const sale = firstItem('history-newest.json');
    expect(historyItemRows({ ...sale, currency: 'EUR' }, 0.2)).toEqual([]);
    expect(historyItemRows({ ...sale, type: 'REFUND', status: 'SUCCESSFUL', currency: 'EUR' }, null)).toEqual([]);
    expect(historyItemRows({ ...sale, currency: 'gbp' }, null)).toHaveLength(1);
  });
});

describe('SumUp amounts', () => {
  it('converts pounds to pence exactly where float multiplication goes wrong', () => {
    expect(decimalToPence(4.35)).toBe(435); // 4.35 * 100 = 434.99999999999994
    expect(decimalToPence(1.15)).toBe(115);
    expect(decimalToPence(0.29)).toBe(29);
    expect(decimalToPence(38)).toBe(3800);
    expect(decimalToPence(37.5)).toBe(3750);
    expect(decimalToPence('1.005')).toBe(101);
    expect(decimalToPence(1.005)).toBe(101); // 1.005 * 100 = 100.49999999999999
    expect(decimalToPence('-12.30')).toBe(-1230);
    expect(decimalToPence('12.340')).toBe(1234);
    expect(decimalToPence(1e-7)).toBe(0);
    expect(decimalToPence(1.5e3)).toBe(150000);
    expect(() => decimalToPence('12,30')).toThrow(AmountFormatError);
    expect(() => decimalToPence(Number.NaN)).toThrow(AmountFormatError);
    expect(() => decimalToPence(1e300)).toThrow(AmountFormatError);
  });

  it('reads any whole-pence amount back exactly, as a JSON number or as text', () => {
    const pence = fc.integer({ min: -(2 ** 46), max: 2 ** 46 });
    fc.assert(fc.property(pence, (p) => decimalToPence(p / 100) === p));
    fc.assert(fc.property(pence, (p) => decimalToPence(JSON.parse(JSON.stringify(p / 100))) === p));
    fc.assert(
      fc.property(pence, (p) => {
        const text = `${p < 0 ? '-' : ''}${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;
        return decimalToPence(text) === p;
      }),
    );
  });

  it('rounds a third decimal half away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 9 }), (p, digit) => {
        const text = `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}${digit}`;
        const expected = p + (digit >= 5 ? 1 : 0);
        return decimalToPence(text) === expected && decimalToPence(`-${text}`) === -expected;
      }),
    );
  });
});

describe('what a SumUp sale paid for: the products of its detail', () => {
  const sale = firstItem('history-refunded-sale.json');

  it('reads SumUp’s own example product at its total with VAT, for its quantity', () => {
    const example = Product.parse(sumupProductExample());
    expect(sumupItemsOf([example])).toEqual([
      { name: 'Purchase reader for merchant with code ME3FCAVF', quantity: 1, amountPence: 11900 },
    ]);
    expect(historyItemRows(sale, 0.64, [example])[0]).toMatchObject({
      type: 'payment',
      items: [{ name: 'Purchase reader for merchant with code ME3FCAVF', amountPence: 11900 }],
    });
  });

  it('falls back to the unit price with VAT, then the net amounts, and keeps an unnamed product unnamed', () => {
    expect(sumupItemsOf([{ name: 'Gel manicure', quantity: 2, price_with_vat: 19.5 }])).toEqual([
      { name: 'Gel manicure', quantity: 2, amountPence: 3900 },
    ]);
    expect(sumupItemsOf([{ name: ' ', total_price: 12.34 }])).toEqual([{ name: null, quantity: 1, amountPence: 1234 }]);
    expect(sumupItemsOf([{ name: 'Polish', quantity: 3, price: 4 }])).toEqual([
      { name: 'Polish', quantity: 3, amountPence: 1200 },
    ]);
  });

  it('says a sale keyed without products has none, and says nothing when the detail was not read', () => {
    expect(historyItemRows(sale, 0.64, [])[0]).toMatchObject({ items: [] });
    expect(historyItemRows(sale, 0.64, null)[0]).toMatchObject({ items: [] });
    expect(historyItemRows(sale, 0.64)[0]).not.toHaveProperty('items');
    // A refund names no products.
    expect(historyItemRows(firstItem('history-refund.json'), null, [])[0]).not.toHaveProperty('items');
  });
});

describe('SumUp errors', () => {
  const headersOf = (retryAfter: string | null) => new Headers(retryAfter ? { 'retry-after': retryAfter } : {});
  const recordedError = (name: string) => recorded(name) as { status: number; body: unknown; retryAfter?: string };

  it('retries a rate limit after the time SumUp asks for', () => {
    const { status, body, retryAfter } = recordedError('error-rate-limited.json');
    const error = describeSumupError('api', status, body, headersOf(retryAfter ?? null));
    expect([error.failure, error.retryAfterSeconds, error.message, error.providerCode]).toEqual([
      'retryable',
      7,
      'Too many requests.',
      'TOO_MANY_REQUESTS',
    ]);
  });

  it('asks the owner to reconnect when the token is dead or the refresh token is refused', () => {
    const revoked = recordedError('error-revoked-token.json');
    const api = describeSumupError('api', revoked.status, revoked.body, headersOf(null));
    expect([api.failure, api.message, api.status]).toEqual(['reauthorize', 'Invalid access token.', 401]);
    const refresh = recordedError('error-refresh-revoked.json');
    const refused = describeSumupError('refresh', refresh.status, refresh.body, headersOf(null));
    expect([refused.failure, refused.message, refused.providerCode]).toEqual([
      'reauthorize',
      'The refresh token is invalid, expired or revoked.',
      'invalid_grant',
    ]);
  });

  it('rejects a used authorisation code with SumUp’s own words', () => {
    const { status, body } = recordedError('error-code-reused.json');
    const error = describeSumupError('code-exchange', status, body, headersOf(null));
    expect([error.failure, error.message]).toEqual(['rejected', 'The authorization code has already been used.']);
  });

  it('treats server errors as retryable and other client errors as rejections', () => {
    expect(describeSumupError('api', 503, null, headersOf('3'))).toMatchObject({
      failure: 'retryable',
      retryAfterSeconds: 3,
      message: 'SumUp answered with status 503.',
    });
    const invalid = { message: 'Invalid limit: expected an integer from 1 to 1000', error_code: 'INVALID' };
    expect(describeSumupError('api', 400, invalid, headersOf(null))).toMatchObject({
      failure: 'rejected',
      message: 'Invalid limit: expected an integer from 1 to 1000.',
      retryAfterSeconds: null,
    });
  });
});

describe("SumUp rows from SumUp's own example (sumup-ts openapi.json)", () => {
  const example = () => HistoryPage.parse(sumupHistoryExample()).items[0]!;

  it('accepts the example row though it has no id, and imports nothing from it as published: it is in euros', () => {
    expect(example()).toMatchObject({ transaction_code: 'TEENSK4W2K', currency: 'EUR' });
    expect(example().id).toBeUndefined();
    expect(historyItemRows(example(), 0.2)).toEqual([]);
  });

  it('reads the example sale in pounds, keyed by its transaction code', () => {
    expect(historyItemRows({ ...example(), currency: 'GBP' }, 0.2)).toEqual([
      {
        provider: 'sumup',
        type: 'payment',
        externalId: 'TEENSK4W2K',
        occurredAt: new Date('2020-02-29T10:56:56.876Z'),
        amountPence: 1010,
        description: 'Card payment',
      },
      expect.objectContaining({ type: 'fee', externalId: 'TEENSK4W2K:fee', amountPence: 20 }),
    ]);
  });
});
