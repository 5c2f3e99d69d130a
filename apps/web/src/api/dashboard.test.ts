import { INTEGRATION_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../test/api-mock';
import { jsonResponse } from '../test/render';
import { ApiError } from './client';
import { loadCashInTheBank } from './dashboard';

const CASH = INTEGRATION_ENDPOINTS.getCashInTheBank;
const read = { booked: -25.5, available: null, balance_date: null, read_at: '2026-07-15T13:05:00.000Z' };

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
});
afterEach(() => vi.unstubAllGlobals());

describe('loadCashInTheBank', () => {
  it('reads the balance, an overdrawn one and one without an available figure included', async () => {
    mockApi([
      on(CASH, {
        cash_in_the_bank: {
          ...read,
          currency: 'GBP',
          accounts: [
            { ...read, currency: 'GBP' },
            { ...read, currency: 'EUR' },
          ],
        },
      }),
    ]);
    expect(await loadCashInTheBank('u-1')).toEqual({
      booked: -25.5,
      available: null,
      balanceDate: null,
      readAt: '2026-07-15T13:05:00.000Z',
      accounts: 2,
    });
  });

  it('is null without a bank balance, and refuses an answer it cannot show', async () => {
    mockApi([on(CASH, { cash_in_the_bank: null })]);
    expect(await loadCashInTheBank('u-1')).toBeNull();
    for (const broken of [
      {},
      { ...read, booked: '12' },
      { ...read, read_at: 'soon' },
      { ...read, balance_date: '15/07' },
    ]) {
      mockApi([on(CASH, jsonResponse(200, { cash_in_the_bank: broken }))]);
      await expect(loadCashInTheBank('u-1')).rejects.toThrow(ApiError);
    }
  });
});
