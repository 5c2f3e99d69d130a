import { describe, expect, it } from 'vitest';
import { stillExpected } from './expected-costs.js';

const payee = (months: number[], soFar = 0) => ({ name: 'X', category: 'Wages', months, soFar });

describe('what a regular payee is still expected to take this month (docs/finance.md, "Goal progress")', () => {
  it("its three months' average, when nothing was paid yet", () => {
    expect(stillExpected(payee([150_000, 150_000, 150_000]))).toBe(150_000);
  });

  it('less what it was paid so far (a weekly payee part-way through the month), to the penny', () => {
    // £400, £400 and £500: £433.33 a month, £400 paid.
    expect(stillExpected(payee([40_000, 40_000, 50_000], 40_000))).toBe(3_333);
  });

  it('nothing once its average is paid, or more than paid', () => {
    expect(stillExpected(payee([100_000, 100_000, 100_000], 100_000))).toBe(0);
    expect(stillExpected(payee([100_000, 100_000, 100_000], 120_000))).toBe(0);
  });

  it('nothing for a payee missing from any of the three months: it is not regular', () => {
    expect(stillExpected(payee([0, 20_000, 20_000]))).toBe(0);
    expect(stillExpected(payee([20_000, 20_000]))).toBe(0);
    // A month whose refunds outweigh its payments is no payment.
    expect(stillExpected(payee([20_000, -500, 20_000]))).toBe(0);
  });
});
