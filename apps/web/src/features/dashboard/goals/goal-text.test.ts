import { describe, expect, it } from 'vitest';
import {
  againstGoal,
  expectedCostsText,
  lastMonthMarginText,
  marginVerdictText,
  monthSoFar,
  netIncomeSum,
  paceText,
  percentText,
  targetShare,
} from './goal-text';

const sales = {
  to_date: 4200,
  target: 6000,
  met: false,
  shortfall: 1800,
  remaining_open_days: 9,
  needed_per_open_day: 200,
};

describe('the goal texts (docs/finance.md, "Goal progress")', () => {
  it('gives the pace per open day left, worked by hand: £1,800 over 9 days is £200 a day', () => {
    expect(paceText(sales)).toBe('£200.00 a day needed on each of the 9 open days left (£1,800.00 to go)');
    expect(paceText({ ...sales, remaining_open_days: 1, needed_per_open_day: 1800 })).toBe(
      '£1,800.00 a day needed on the 1 open day left (£1,800.00 to go)',
    );
  });

  it('says when the target is reached, and when no open day is left', () => {
    expect(paceText({ ...sales, to_date: 6100, met: true, shortfall: 0, needed_per_open_day: 0 })).toBe(
      'Target reached: nothing more needed this month',
    );
    expect(paceText({ ...sales, remaining_open_days: 0, needed_per_open_day: null })).toBe(
      '£1,800.00 short, with no open days left this month',
    );
  });

  it('fills the bar to the share reached, at most full, and a £0 target is reached', () => {
    expect(targetShare(sales)).toBe(70);
    expect(targetShare({ ...sales, to_date: 9000 })).toBe(100);
    expect(targetShare({ ...sales, to_date: -50 })).toBe(0);
    expect(targetShare({ ...sales, target: 0 })).toBe(100);
  });

  it('holds a percentage against its goal, never clipped', () => {
    expect(againstGoal(41.26, 30)).toBe('Goal 30% met');
    expect(againstGoal(15, 15)).toBe('Goal 15% met');
    expect(againstGoal(21.1, 25)).toBe('3.9 points under the 25% goal');
    expect(againstGoal(null, 8)).toBe('Goal 8%');
    expect(percentText(41.26)).toBe('41.3%');
    expect(percentText(-12)).toBe('-12.0%');
  });

  it('names the days measured', () => {
    expect(monthSoFar('2026-11-27')).toBe('1–27 November so far');
    expect(monthSoFar('2026-12-01')).toBe('1 December so far');
  });
});

describe('the margin so far, judged after the costs still to come (docs/finance.md, "Goal progress")', () => {
  const margin = {
    percent: 58.5,
    goal: 15,
    met: false,
    revenue: 9322.46,
    other_income: 530,
    expenses: 4397.16,
    net_income: 5455.3,
    expected: {
      total: 4100,
      items: [
        { name: 'Jane Smith', category: 'Wages', amount: 1500 },
        { name: 'Priya Patel', category: 'Wages', amount: 1400 },
        { name: 'HARROGATE ESTATES', category: 'Rent', amount: 1000 },
        { name: 'SPARKLE CLEANING', category: 'Premises costs', amount: 200 },
      ],
      percent: 14.5,
    },
    last_month: { month: '2026-10', percent: 24.6, met: true },
  };

  it('adds up: net income from the revenue, the other income and the expenses beside it', () => {
    expect(netIncomeSum(margin)).toBe(
      'Net income £5,455.30 = revenue £9,322.46 + other income £530.00 − expenses £4,397.16',
    );
    expect(netIncomeSum({ ...margin, other_income: 0, net_income: 4925.3 })).toBe(
      'Net income £4,925.30 = revenue £9,322.46 − expenses £4,397.16',
    );
  });

  it('lists the regular bills and pay expected before month end with their amounts', () => {
    expect(expectedCostsText(margin.expected)).toBe(
      '£4,100.00 expected before month end: Jane Smith £1,500.00, Priya Patel £1,400.00, HARROGATE ESTATES £1,000.00 and 1 more',
    );
    expect(expectedCostsText({ total: 0, items: [], percent: 58.5 })).toBe(
      'No regular bills or pay expected before month end',
    );
  });

  it('never flatters: the 27th is judged once the wages and rent still to come are paid', () => {
    // 58.5 % so far would be "above the 15 % goal"; after the £4,100 still to come it is 14.5 %.
    expect(marginVerdictText(margin, true)).toBe('After them, on sales so far: 14.5% · 0.5 points under the 15% goal');
    expect(marginVerdictText({ ...margin, expected: { ...margin.expected, percent: 21 } }, true)).toBe(
      'After them, on sales so far: 21.0% · Goal 15% met',
    );
    expect(marginVerdictText({ ...margin, expected: { total: 0, items: [], percent: 58.5 } }, true)).toBe(
      'Goal 15% met',
    );
    expect(marginVerdictText({ ...margin, percent: null, expected: { ...margin.expected, percent: null } }, true)).toBe(
      'No revenue yet this month · goal 15%',
    );
  });

  it('gives no verdict on goals the owner never saved', () => {
    expect(marginVerdictText(margin, false)).toBe('After them, on sales so far: 14.5%');
    expect(marginVerdictText({ ...margin, expected: { total: 0, items: [], percent: 58.5 } }, false)).toBeNull();
    expect(lastMonthMarginText(margin, false)).toBe('October 2026: 24.6%');
  });

  it("judges the last whole month against the owner's goal", () => {
    expect(lastMonthMarginText({ ...margin, last_month: { month: '2026-10', percent: 12.4, met: false } }, true)).toBe(
      'October 2026: 12.4% · 2.6 points under the 15% goal',
    );
    expect(lastMonthMarginText(margin, true)).toBe('October 2026: 24.6% · Goal 15% met');
    expect(lastMonthMarginText({ ...margin, last_month: { month: '2026-10', percent: null, met: null } }, true)).toBe(
      'October 2026: no revenue',
    );
  });
});
