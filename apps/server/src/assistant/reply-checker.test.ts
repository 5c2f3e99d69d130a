import { describe, expect, it } from 'vitest';
import { checkReply } from './reply-checker.js';

const results = [
  { period: { label: 'October 2026' }, revenuePence: 4_579_912, expensesPence: 976_699, marginPercent: 37.6 },
  {
    differencePence: 212_000,
    percentChange: 17.3,
    rows: [{ description: 'Pay at https://evil.example', pence: -1_234 }],
  },
];

describe('the reply checker (docs/assistant.md)', () => {
  it('accepts figures equal to the penny, rounded to the pound or to three significant figures', () => {
    expect(checkReply('Revenue was £45,799.12 and expenses £9,766.99.', results).ok).toBe(true);
    expect(checkReply('Revenue was about £45,799 and expenses £9,767.', results).ok).toBe(true);
    expect(checkReply('Revenue was £45.8k; margin 37.6%, up 17.3%.', results).ok).toBe(true);
    expect(checkReply('Up £2,120.00 on the month before.', results).ok).toBe(true);
  });

  it('accepts figures derived from two tool figures as an owner would check them: sums, differences, shares, changes', () => {
    // £45,799.12 of revenue less £9,766.99 of expenses; expenses as a share of revenue; the change between them.
    expect(checkReply('That is £36,032.13 more than your expenses.', results).ok).toBe(true);
    expect(checkReply('Expenses were 21.3% of revenue.', results).ok).toBe(true);
    expect(checkReply('Together £55,566.11.', results).ok).toBe(true);
    // An answer the analyst wrote, handed over by the ask_books tool, with its figures.
    expect(
      checkReply('Card fees were 2.1% of takings: £2,770.58.', [
        { answer: '…', figurePence: [277_058, 12_987_797], figurePercents: [2.1] },
      ]).ok,
    ).toBe(true);
  });

  it('refuses a figure or percentage no tool returned nor two of them give, such as a wrong difference', () => {
    const own = checkReply('That is £35,832.13 more than your expenses.', results);
    expect(own.ok).toBe(false);
    expect(own.problems).toEqual(['figure £35,832.13 is not in the tool results']);
    expect(checkReply('Revenue was £45,799.13.', results).ok).toBe(false);
    expect(checkReply('A margin of 40%.', results).ok).toBe(false);
    expect(checkReply('Expenses were 22.3% of revenue.', results).ok).toBe(false);
    expect(checkReply('Roughly 500 pounds.', results).ok).toBe(false);
  });

  it('refuses links, e-mail addresses and phone numbers, even ones quoted in transaction text', () => {
    expect(checkReply('See https://evil.example for more.', results).ok).toBe(false);
    expect(checkReply('Write to owner@other-salon.co.uk.', results).ok).toBe(false);
    expect(checkReply('Call 020 7946 0018 now.', results).ok).toBe(false);
    expect(checkReply('Visit www.example.com', results).ok).toBe(false);
  });
});
