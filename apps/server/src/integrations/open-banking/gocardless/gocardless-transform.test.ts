import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeGoCardlessError, rateLimitHeader } from './gocardless-errors.js';
import { banksInOrder, linkStatusOf, SANDBOX_BANK } from './gocardless-provider.js';
import { AccountTransactions, type BankTransaction, Institutions, Requisition } from './gocardless-schemas.js';
import { bookedRows } from './gocardless-transform.js';

/** JSON recorded from the GoCardless simulator by __fixtures__/record-gocardless-fixtures.ts. */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');
const recorded = (name: string): unknown => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8'));
const feed = AccountTransactions.parse(recorded('transactions.json'));
const NOW = new Date('2026-03-10T18:00:00Z');

const onlyBooked = (...booked: BankTransaction[]) => ({ transactions: { booked, pending: [] } });
const sumupPayout = () => feed.transactions.booked[0]!;

describe('GoCardless transactions', () => {
  it('turns booked transactions into signed rows keyed by the bank’s transaction id', () => {
    const rows = bookedRows(feed);
    expect(rows[0]).toEqual({
      provider: 'bank',
      externalId: '45792c781e401bbff30fb85194e1a620',
      occurredAt: new Date('2026-03-10T09:30:22.000Z'),
      amountPence: 126138,
      description: 'FPI SUMUP PAYMENTS LIMITED PID20820888-SUMUP',
      counterparty: 'SumUp Payments Limited',
      bankCode: 'FPI',
    });
    expect(rows.at(-1)).toEqual({
      provider: 'bank',
      externalId: 'db242d0fefac621b0fce40d0aca5e417',
      occurredAt: new Date('2026-03-06T03:00:15.000Z'),
      amountPence: -17187,
      description: 'DEB TIMELY LIMITED SUBSCRIPTION',
      counterparty: 'Timely',
      bankCode: 'DEB',
    });
    expect(rows.map((r) => [r.externalId.slice(0, 6), r.amountPence])).toEqual([
      ['45792c', 126138],
      ['8f053c', 7327],
      ['9c8681', 398792],
      ['ed2135', 37064],
      ['725e8b', 8311],
      ['30a056', 162800],
      ['c7783e', 18000],
      ['be70c9', 42571],
      ['6e87a6', 7820],
      ['db242d', -17187],
    ]);
  });

  it('leaves pending transactions out: their ids change when the bank books them', () => {
    expect(feed.transactions.pending.map((p) => p.transactionAmount.amount)).toEqual(['-980.65', '-27.81', '-611.00']);
    const ids = new Set(bookedRows(feed).map((r) => r.externalId));
    for (const pending of feed.transactions.pending) expect(ids.has(pending.transactionId!)).toBe(false);
    expect(bookedRows({ transactions: { booked: [], pending: feed.transactions.pending } })).toEqual([]);
  });

  it('falls back to GoCardless’s id, then to a fingerprint that keeps identical rows apart', () => {
    const bare = { ...sumupPayout(), transactionId: null };
    expect(bookedRows(onlyBooked(bare))[0]?.externalId).toBe('a62604093c4197c9f968e42edf934b0e');
    const anonymous = { ...bare, internalTransactionId: null };
    const [first, second] = bookedRows(onlyBooked(anonymous, anonymous));
    expect(first?.externalId).toMatch(/^fp:[0-9a-f]{32}$/);
    expect(second?.externalId).toMatch(/^fp:[0-9a-f]{32}$/);
    expect(first?.externalId).not.toBe(second?.externalId);
    expect(bookedRows(onlyBooked(anonymous, anonymous)).map((r) => r.externalId)).toEqual([
      first?.externalId,
      second?.externalId,
    ]);
  });

  it('dates a row by its booking time, else its booking or value day at midday UTC', () => {
    const dayOnly = { ...sumupPayout(), bookingDateTime: null, valueDateTime: null };
    expect(bookedRows(onlyBooked(dayOnly))[0]?.occurredAt).toEqual(new Date('2026-03-10T12:00:00Z'));
    const valueOnly = { ...dayOnly, bookingDate: null, valueDate: '2026-07-01' };
    expect(bookedRows(onlyBooked(valueOnly))[0]?.occurredAt).toEqual(new Date('2026-07-01T12:00:00Z'));
    expect(bookedRows(onlyBooked({ ...valueOnly, valueDate: null }))).toEqual([]);
  });

  it('describes a row by its remittance text, else other bank wording, else the counterparty', () => {
    const plain = { ...sumupPayout(), remittanceInformationUnstructured: null };
    const array = { ...plain, remittanceInformationUnstructuredArray: ['INV 12', 'MARCH'] };
    expect(bookedRows(onlyBooked(array))[0]?.description).toBe('INV 12 MARCH');
    expect(bookedRows(onlyBooked(plain))[0]?.description).toBe('SumUp Payments Limited');
    const nameless = { ...plain, debtorName: null };
    expect(bookedRows(onlyBooked(nameless))[0]).toMatchObject({ description: 'Bank transaction', counterparty: null });
  });

  it('reads any signed amount in pounds to the exact pence', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (pence) => {
        const abs = Math.abs(pence);
        const amount = `${pence < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
        const tx = { ...sumupPayout(), transactionAmount: { amount, currency: 'GBP' } };
        return bookedRows(onlyBooked(tx))[0]?.amountPence === pence;
      }),
    );
  });

  it('refuses an answer whose amount is not a decimal', () => {
    const broken = { ...sumupPayout(), transactionAmount: { amount: '12,30', currency: 'GBP' } };
    expect(AccountTransactions.safeParse(onlyBooked(broken)).success).toBe(false);
  });
});

describe('GoCardless banks and consents', () => {
  const institutions = Institutions.parse(recorded('institutions.json'));

  it('keeps the sandbox bank first, and adds it only where asked when the list lacks it', () => {
    expect(banksInOrder(institutions, false).map((b) => b.id)).toEqual([
      'SANDBOXFINANCE_SFIN0000',
      'BARCLAYS_BUKBGB22',
      'BARCLAYS_BUSINESS_BUKBGB22',
    ]);
    const real = [...institutions.slice(1), institutions[0]!].filter((b) => b.id !== SANDBOX_BANK.id);
    expect(banksInOrder(real, true)).toEqual([
      { id: 'SANDBOXFINANCE_SFIN0000', name: 'Sandbox Finance' },
      { id: 'BARCLAYS_BUKBGB22', name: 'Barclays' },
      { id: 'BARCLAYS_BUSINESS_BUKBGB22', name: 'Barclays Business' },
    ]);
    expect(banksInOrder(real, false).map((b) => b.id)).toEqual(['BARCLAYS_BUKBGB22', 'BARCLAYS_BUSINESS_BUKBGB22']);
  });

  it('reads the day limits GoCardless sends as strings', () => {
    expect(institutions[0]).toMatchObject({ transaction_total_days: 730, max_access_valid_for_days: 90 });
  });

  it('maps requisition statuses to the link states the app acts on', () => {
    const status = (name: string) => linkStatusOf(Requisition.parse(recorded(name)).status);
    expect([status('requisition-created.json'), status('requisition-linked.json')]).toEqual(['pending', 'linked']);
    expect(status('requisition-rejected.json')).toBe('rejected');
    const codes = ['CR', 'GC', 'UA', 'SA', 'GA', 'ID', 'LN', 'RJ', 'ER', 'EX', 'SU'];
    expect(Object.fromEntries(codes.map((c) => [c, linkStatusOf(c)]))).toEqual({
      CR: 'pending',
      GC: 'pending',
      UA: 'pending',
      SA: 'pending',
      GA: 'pending',
      ID: 'pending',
      LN: 'linked',
      RJ: 'rejected',
      ER: 'rejected',
      EX: 'expired',
      SU: 'expired',
    });
  });
});

describe('GoCardless errors', () => {
  type Recorded = { status: number; headers: Record<string, string>; body: unknown };
  const describeRecorded = (name: string, call: 'api' | 'account' | 'token' = 'account') => {
    const { status, headers, body } = recorded(name) as Recorded;
    return describeGoCardlessError(call, status, body, new Headers(headers), NOW);
  };

  it('reads the calls left today in either header spelling', () => {
    const headers = recorded('transactions-headers.json') as Record<string, string>;
    expect(rateLimitHeader(new Headers(headers), 'account-success-remaining')).toBe(3);
    const prefixedOnly = { HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_REMAINING: '2' };
    expect(rateLimitHeader(new Headers(prefixedOnly), 'account-success-remaining')).toBe(2);
    expect(rateLimitHeader(new Headers(), 'account-success-remaining')).toBeNull();
  });

  it('turns the bank’s daily limit into a wait until it resets, not an in-process retry', () => {
    const error = describeRecorded('error-daily-limit.json');
    expect([error.failure, error.retryAfterSeconds, error.status]).toEqual(['retryable', 21600, 429]);
    const { body } = recorded('error-daily-limit.json') as Recorded;
    const headerless = describeGoCardlessError('account', 429, body, new Headers(), NOW);
    expect(headerless.retryAfterSeconds).toBe(6 * 3600);
  });

  it('asks for a new consent when access or the agreement has expired', () => {
    const expired = describeRecorded('error-access-expired.json');
    expect([expired.failure, expired.providerCode, expired.message]).toEqual([
      'reauthorize',
      'AccessExpiredError',
      'Access has expired or it has been revoked. To restore access reconnect the account.',
    ]);
    const eua = describeRecorded('error-eua-expired.json', 'api');
    expect([eua.failure, eua.providerCode]).toEqual(['reauthorize', 'EUAExpired']);
  });

  it('rejects bad requests with GoCardless’s own words and flags a refused API token', () => {
    const field = describeRecorded('error-field.json', 'api');
    expect([field.failure, field.message]).toEqual([
      'rejected',
      'max_historical_days must be > 0 and <= 730 for SANDBOXFINANCE_SFIN0000.',
    ]);
    const nestedOnly = { max_historical_days: { summary: 'Incorrect', detail: 'Too many days' }, status_code: 400 };
    expect(describeGoCardlessError('api', 400, nestedOnly, new Headers(), NOW).message).toBe('Too many days.');
    const token = describeRecorded('error-invalid-token.json', 'api');
    expect([token.failure, token.providerCode]).toEqual(['rejected', 'invalid_token']);
  });

  it('retries server errors and short rate limits in-process', () => {
    const busy = describeGoCardlessError(
      'account',
      429,
      { summary: 'Rate limit exceeded' },
      new Headers({ 'retry-after': '2' }),
      NOW,
    );
    expect([busy.failure, busy.retryAfterSeconds]).toEqual(['retryable', 2]);
    expect(describeGoCardlessError('api', 502, null, new Headers(), NOW)).toMatchObject({
      failure: 'retryable',
      message: 'GoCardless answered with status 502.',
    });
  });
});
