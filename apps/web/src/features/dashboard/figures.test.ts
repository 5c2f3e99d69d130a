import { describe, expect, it } from 'vitest';
import { changeTone, compareCaption, describeComparison, openDaysNote } from './figures';

describe('changeTone (docs/product.md, "Constants and looks")', () => {
  it.each([
    ['revenue', 12.5, 'good'],
    ['revenue', 0, 'good'],
    ['revenue', -0.04, 'good'], // shown as 0.0%
    ['revenue', -0.05, 'good'], // shown as 0.0% too (formatPercentChange rounds half up)
    ['revenue', -0.06, 'bad'], // shown as -0.1%
    ['revenue', -8.3, 'bad'],
    ['revenue', null, 'neutral'],
    ['revenuePerClient', 4.2, 'good'],
    ['revenuePerClient', 0, 'good'],
    ['revenuePerClient', -1, 'bad'],
    ['revenuePerClient', null, 'neutral'],
    ['expenses', -3.1, 'good'],
    ['expenses', 0, 'good'],
    ['expenses', 0.04, 'good'], // shown as 0.0%
    ['expenses', 0.05, 'bad'],
    ['expenses', 7.9, 'bad'],
    ['expenses', null, 'neutral'],
  ] as const)('%s with a change of %s is %s', (kind, change, tone) => {
    expect(changeTone(kind, change)).toBe(tone);
  });
});

describe('compareCaption', () => {
  it.each([
    ['2025-11-22', '1–22 Nov vs 1–22 Oct'],
    ['2025-11-01', '1 Nov vs 1 Oct'],
    ['2025-10-31', '1–31 Oct vs 1–30 Sep'],
    ['2026-03-31', '1–31 Mar vs 1–28 Feb'],
    ['2024-03-30', '1–30 Mar vs 1–29 Feb'],
    ['2026-01-31', '1–31 Jan 2026 vs 1–31 Dec 2025'],
    ['2026-01-01', '1 Jan 2026 vs 1 Dec 2025'],
    ['2025-12-31', '1–31 Dec vs 1–30 Nov'],
    // The last day of a month against the whole previous month (docs/finance.md, "Comparisons").
    ['2025-11-30', '1–30 Nov vs 1–31 Oct'],
    ['2024-02-29', '1–29 Feb vs 1–31 Jan'],
  ])('on %s reads %s', (today, text) => {
    expect(compareCaption(today).text).toBe(text);
  });

  it('names the earlier period on its own for the "nothing to compare" caption', () => {
    expect(compareCaption('2025-05-31')).toEqual({
      current: '1–31 May',
      previous: '1–30 Apr',
      text: '1–31 May vs 1–30 Apr',
    });
  });
});

describe('describeComparison (docs/finance.md, "Comparisons")', () => {
  it('adds the time of day to a period cut at one: on the 15th at 09:00', () => {
    expect(
      describeComparison({
        current: { from: '2026-11-01', to: '2026-11-15', until: '09:00' },
        previous: { from: '2026-10-01', to: '2026-10-15', until: '09:00' },
      }).text,
    ).toBe('1–15 Nov to 09:00 vs 1–15 Oct to 09:00');
  });

  it('on the 1st, on the last day of a month, and across a year end', () => {
    expect(
      describeComparison({
        current: { from: '2026-12-01', to: '2026-12-01', until: '09:00' },
        previous: { from: '2026-11-01', to: '2026-11-01', until: '09:00' },
      }).text,
    ).toBe('1 Dec to 09:00 vs 1 Nov to 09:00');
    expect(
      describeComparison({
        current: { from: '2026-11-01', to: '2026-11-30', until: '14:05' },
        previous: { from: '2026-10-01', to: '2026-10-31' },
      }),
    ).toEqual({ current: '1–30 Nov to 14:05', previous: '1–31 Oct', text: '1–30 Nov to 14:05 vs 1–31 Oct' });
    expect(
      describeComparison({
        current: { from: '2027-01-01', to: '2027-01-15', until: '09:00' },
        previous: { from: '2026-12-01', to: '2026-12-15', until: '09:00' },
      }).text,
    ).toBe('1–15 Jan 2027 to 09:00 vs 1–15 Dec 2026 to 09:00');
  });
});

describe('openDaysNote', () => {
  const periods = {
    current: { from: '2026-11-01', to: '2026-11-22' },
    previous: { from: '2026-10-01', to: '2026-10-22' },
  };
  it('says how many open days each period holds when they differ', () => {
    expect(openDaysNote({ ...periods, open_days: { current: 19, previous: 20 } })).toBe('19 open days vs 20');
    expect(openDaysNote({ ...periods, open_days: { current: 1, previous: 0 } })).toBe('1 open day vs 0');
  });
  it('says nothing when they are the same, or when the answer does not say', () => {
    expect(openDaysNote({ ...periods, open_days: { current: 19, previous: 19 } })).toBeNull();
    expect(openDaysNote(undefined)).toBeNull();
  });
});
