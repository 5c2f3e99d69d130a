import { DEFAULT_HMRC_EXPENSE_CATEGORY, NOT_BUSINESS_INCOME } from '@brade/contract';
import { describe, expect, it } from 'vitest';
import { BANK_RULES, UNCATEGORISED } from '../../ledger/bank-rules.js';

describe('the one mapping from Brade’s categories to HMRC’s (docs/finance.md, "Income Tax")', () => {
  it('places every expense category the books can hold, and nothing that is not a cost', () => {
    const expenses = new Set([
      ...BANK_RULES.filter((rule) => rule.kind === 'expense').map((rule) => rule.category),
      UNCATEGORISED,
      'Card processing fees',
    ]);
    expect([...expenses].filter((category) => !(category in DEFAULT_HMRC_EXPENSE_CATEGORY))).toEqual([]);
    const notCosts = BANK_RULES.filter((rule) => rule.kind !== 'expense').map((rule) => rule.category);
    expect(notCosts.filter((category) => category in DEFAULT_HMRC_EXPENSE_CATEGORY)).toEqual([]);
  });

  it('leaves out only income that is not the business’s', () => {
    const income = BANK_RULES.filter((rule) => rule.kind === 'other_income').map((rule) => rule.category);
    expect(NOT_BUSINESS_INCOME.every((category) => income.includes(category))).toBe(true);
  });
});
