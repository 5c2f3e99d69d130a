import { describe, expect, it } from 'vitest';
import { type AccountCash, cashOf } from './cash-in-the-bank.js';

const at = (iso: string) => new Date(iso);
const account = (overrides: Partial<AccountCash> = {}): AccountCash => ({
  currency: 'GBP',
  bookedPence: 1_234_56,
  availablePence: 1_200_00,
  balanceDate: '2026-11-20',
  readAt: at('2026-11-20T10:00:00Z'),
  ...overrides,
});

describe('cashOf', () => {
  it('adds up the sterling accounts, dated by the oldest reading and the earliest bank date', () => {
    const cash = cashOf([
      account(),
      account({
        bookedPence: -50_00,
        availablePence: 450_00,
        balanceDate: '2026-11-19',
        readAt: at('2026-11-20T04:00:00Z'),
      }),
    ]);
    expect(cash).toMatchObject({
      bookedPence: 1_184_56,
      availablePence: 1_650_00,
      currency: 'GBP',
      readAt: at('2026-11-20T04:00:00Z'),
      balanceDate: '2026-11-19',
    });
    expect(cash?.accounts).toHaveLength(2);
  });

  it('has no available total when any bank gives no available balance, and no date when none says', () => {
    expect(cashOf([account(), account({ availablePence: null, balanceDate: null })])).toMatchObject({
      availablePence: null,
      balanceDate: '2026-11-20',
    });
    expect(cashOf([account({ balanceDate: null })])?.balanceDate).toBeNull();
  });

  it('lists a euro account without adding it in, and is null without a sterling account', () => {
    const euro = account({ currency: 'EUR', bookedPence: 9_999_00 });
    expect(cashOf([account(), euro])).toMatchObject({ bookedPence: 1_234_56, accounts: [account(), euro] });
    expect(cashOf([euro])).toBeNull();
    expect(cashOf([])).toBeNull();
  });
});
