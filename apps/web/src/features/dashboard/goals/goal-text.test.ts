import { describe, expect, it } from 'vitest';
import {
  againstGoal,
  lastMonthMarginText,
  marginSoFarText,
  monthSoFar,
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

describe('the margin so far and the last whole month', () => {
  const margin = {
    percent: 57.8,
    goal: 15,
    met: true,
    revenue: 9160.8,
    net_income: 5297.13,
    last_month: { month: '2026-10', percent: 12.4, met: false },
  };
  it('never calls a month in progress met: its wages and rent may not have gone out yet', () => {
    expect(marginSoFarText(margin)).toBe('Above your 15% goal so far · net income £5,297.13');
    expect(marginSoFarText({ ...margin, percent: 9.5, met: false })).toBe(
      'Below your 15% goal so far · net income £5,297.13',
    );
    expect(marginSoFarText({ ...margin, percent: null, met: null })).toBe('No revenue yet this month · goal 15%');
  });
  it('judges the last whole month against the goal', () => {
    expect(lastMonthMarginText(margin)).toBe('October 2026: 12.4% · 2.6 points under the 15% goal');
    expect(lastMonthMarginText({ ...margin, last_month: { month: '2026-10', percent: 17.7, met: true } })).toBe(
      'October 2026: 17.7% · Goal 15% met',
    );
    expect(lastMonthMarginText({ ...margin, last_month: { month: '2026-10', percent: null, met: null } })).toBe(
      'October 2026: no revenue',
    );
  });
});
