import { describe, expect, it } from 'vitest';
import { openableLines } from './report-lines';

const row = (description: string, amount: number | null, flags: Record<string, boolean | 1> = {}) => ({
  description,
  amount,
  header: false,
  total: false,
  net_income: false,
  ...flags,
});

describe('openableLines', () => {
  it('opens category lines by their section, Corporation Tax paid as a whole, never totals', () => {
    const rows = [
      row('Revenue', null, { header: true }),
      row('Cut & finish', 50),
      row('Room rent', 300),
      row('Total Revenue', 350, { total: true }),
      row('Expenses', null, { header: true }),
      row('Rent', 1200),
      row('Total Expenses', 1200, { total: true }),
      row('Net Income', -850, { net_income: true }),
      row('Corporation Tax paid', 100),
      row('Profit after tax', -950, { total: true }),
      row("Owner's money (not in the profit and loss)", null, { header: true }),
      row('Owner drawings', -500),
      row("Owner's money, net", -500, { total: true }),
      row('Loans (not in the profit and loss)', null, { header: true }),
      row('Loan received', 5000),
      row('Loans, net', 5000, { total: true }),
    ];
    expect(openableLines({ type: 'income_statement', rows })).toEqual([
      null,
      { group: 'revenue', category: 'Cut & finish' },
      { group: 'revenue', category: 'Room rent' },
      null,
      null,
      { group: 'expenses', category: 'Rent' },
      null,
      null,
      { group: 'corporation_tax' },
      null,
      null,
      { group: 'owner_money', category: 'Owner drawings' },
      null,
      null,
      { group: 'loans', category: 'Loan received' },
      null,
    ]);
    expect(openableLines({ type: 'expense', rows: [row('Rent', 1200), row('Total', 1200, { total: true })] })).toEqual([
      { group: 'expenses', category: 'Rent' },
      null,
    ]);
  });

  it('opens an item under a sales category as that item of the category', () => {
    const rows = [
      row('Colour', 160),
      row('Full head colour', 130, { level: 1 }),
      row('Root touch-up', 30, { level: 1 }),
      row('SumUp card sales without item detail', 40),
      row('Total', 200, { total: true }),
    ];
    expect(openableLines({ type: 'sales', rows })).toEqual([
      { group: 'revenue', category: 'Colour' },
      { group: 'revenue', category: 'Colour', item: 'Full head colour' },
      { group: 'revenue', category: 'Colour', item: 'Root touch-up' },
      { group: 'revenue', category: 'SumUp card sales without item detail' },
      null,
    ]);
  });
});
