import { describe, expect, it } from 'vitest';
import { chooseBalance } from './balance-choice.js';

const balance = (type: string, amount: string, referenceDate: string | null = '2026-11-20', currency = 'GBP') => ({
  type,
  amount,
  currency,
  referenceDate,
});

describe('chooseBalance', () => {
  it('takes today’s booked and available figures over last night’s, in either naming', () => {
    expect(
      chooseBalance([
        balance('CLBD', '100.00', '2026-11-19'),
        balance('ITAV', '90.50'),
        balance('ITBD', '120.25'),
        balance('CLAV', '80.00'),
      ]),
    ).toEqual({ bookedPence: 12025, availablePence: 9050, currency: 'GBP', referenceDate: '2026-11-20' });
    expect(
      chooseBalance([balance('closingBooked', '-12.30', '2026-11-19'), balance('interimAvailable', '5.00')]),
    ).toEqual({ bookedPence: -1230, availablePence: 500, currency: 'GBP', referenceDate: '2026-11-19' });
  });

  it('falls back to opening or expected figures, and says when there is no available balance or date', () => {
    expect(chooseBalance([balance('XPCD', '7.00', null), balance('OPBD', '6.00', '2026-11-20T00:00:00Z')])).toEqual({
      bookedPence: 600,
      availablePence: null,
      currency: 'GBP',
      referenceDate: '2026-11-20',
    });
    expect(chooseBalance([balance('XPCD', '7.00', 'yesterday')])?.referenceDate).toBeNull();
  });

  it('keeps to the account’s currency when the bank reports several', () => {
    const reported = [
      balance('ITBD', '50.00', null, 'EUR'),
      balance('ITBD', '40.00'),
      balance('ITAV', '1.00', null, 'EUR'),
    ];
    expect(chooseBalance(reported)).toMatchObject({ bookedPence: 4000, availablePence: null, currency: 'GBP' });
  });

  it('is null without a booked-like figure', () => {
    expect(chooseBalance([balance('ITAV', '1.00'), balance('INFO', '2.00')])).toBeNull();
    expect(chooseBalance([])).toBeNull();
  });
});
