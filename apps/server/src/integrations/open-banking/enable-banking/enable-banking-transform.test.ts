import { describe, expect, it } from 'vitest';
import type { EnableBankingTransaction } from './enable-banking-schemas.js';
import { accountKey, bookedRows, isPositionalReference } from './enable-banking-transform.js';

const HASH = 'WwpbImFjY291bnQiXV0=.k3Jx+abc/def=';
const KEY = accountKey(HASH);

function tx(overrides: Partial<EnableBankingTransaction> = {}): EnableBankingTransaction {
  return {
    entry_reference: 'E-1001',
    transaction_id: 'changes-every-listing',
    transaction_amount: { amount: '45.50', currency: 'GBP' },
    credit_debit_indicator: 'DBIT',
    status: 'BOOK',
    booking_date: '2026-11-20',
    value_date: '2026-11-19',
    creditor: { name: 'Wella UK' },
    debtor: null,
    remittance_information: ['DD WELLA UK', 'INV 4411'],
    ...overrides,
  };
}

describe('Enable Banking rows', () => {
  it('signs by the credit/debit indicator, dates by the booking day and keys by account and entry reference', () => {
    const [debit, credit] = bookedRows(
      [
        tx(),
        tx({
          entry_reference: 'E-1002',
          credit_debit_indicator: 'CRDT',
          transaction_amount: { amount: '-120.00', currency: 'GBP' },
          debtor: { name: 'STRIPE PAYMENTS UK' },
          creditor: null,
        }),
      ],
      HASH,
    );
    expect(debit).toEqual({
      provider: 'bank',
      externalId: `eb:${KEY}:E-1001`,
      occurredAt: new Date('2026-11-20T12:00:00Z'),
      amountPence: -4550,
      description: 'DD WELLA UK INV 4411',
      counterparty: 'Wella UK',
    });
    expect(credit).toMatchObject({ amountPence: 12000, counterparty: 'STRIPE PAYMENTS UK' });
    expect(KEY).toMatch(/^[0-9a-f]{16}$/);
  });

  it('leaves out everything not booked, and rows with no date at all', () => {
    const rows = bookedRows(
      [
        tx({ status: 'PDNG' }),
        tx({ status: 'HOLD' }),
        tx({ status: 'BOOK', booking_date: null, value_date: null, transaction_date: null }),
        tx({ booking_date: null, value_date: 'not a day', transaction_date: '2026-11-18' }),
      ],
      HASH,
    );
    expect(rows.map((r) => r.occurredAt)).toEqual([new Date('2026-11-18T12:00:00Z')]);
  });

  it('words a row from the remittance lines, else the counterparty, the bank’s code or the reference', () => {
    const described = bookedRows(
      [
        tx({ entry_reference: 'a', remittance_information: [' ', ''] }),
        tx({ entry_reference: 'b', remittance_information: null, creditor: null }),
        tx({
          entry_reference: 'c',
          remittance_information: [],
          creditor: null,
          bank_transaction_code: null,
          reference_number: 'RF18',
        }),
        tx({ entry_reference: 'd', remittance_information: [], creditor: null, reference_number: null }),
      ].map((t, i) => (i === 1 ? { ...t, bank_transaction_code: { description: 'Card purchase' } } : t)),
      HASH,
    );
    expect(described.map((r) => r.description)).toEqual(['Wella UK', 'Card purchase', 'RF18', 'Bank transaction']);
  });

  it('keys rows without a usable reference by day, amount and wording, two identical coffees staying two rows', () => {
    const coffee = { remittance_information: ['CARD PAYMENT COSTA'], creditor: { name: 'Costa' } };
    const rows = bookedRows(
      [
        tx({ ...coffee, entry_reference: null }),
        tx({ ...coffee, entry_reference: '' }),
        tx({ ...coffee, entry_reference: '2026-11-20-3' }),
        tx({ ...coffee, entry_reference: 'E-1001' }),
      ],
      HASH,
    );
    const ids = rows.map((r) => r.externalId);
    expect(new Set(ids).size).toBe(4);
    expect(ids.slice(0, 3).every((id) => id.startsWith(`eb:${KEY}:fp:`))).toBe(true);
    expect(ids.slice(0, 3).map((id) => id.split(':').at(-1))).toEqual(['0', '1', '2']);
    // The same statement read again gives the same keys.
    expect(bookedRows([tx({ ...coffee, entry_reference: null })], HASH)[0]!.externalId).toBe(ids[0]);
    // Another account's rows never share a key with this one's.
    expect(bookedRows([tx()], 'another-account')[0]!.externalId).not.toBe(bookedRows([tx()], HASH)[0]!.externalId);
  });

  it('hands the ledger the ISO bank transaction code, family and sub-family, when the bank gives one', () => {
    const coded = tx({ bank_transaction_code: { description: 'Direct Debit', code: 'IDDT', sub_code: 'PMDD' } });
    expect(bookedRows([coded], HASH)[0]!.bankCode).toBe('IDDT-PMDD');
    expect(bookedRows([tx()], HASH)[0]).not.toHaveProperty('bankCode');
  });
});

describe('isPositionalReference', () => {
  it('spots references built from the day and the row’s place in it, and bare indexes', () => {
    const days = ['2026-11-20', '2026-11-19'];
    for (const reference of ['2026-11-20-3', '20261120.12', '2026-11-19_1', '0', '7', '42']) {
      expect(isPositionalReference(reference, days), reference).toBe(true);
    }
    for (const reference of ['2026-11-18-3', 'E-1001', '5561990681', '4604aa90f8a8418092d80c3270846f0a', '1234']) {
      expect(isPositionalReference(reference, days), reference).toBe(false);
    }
  });
});
