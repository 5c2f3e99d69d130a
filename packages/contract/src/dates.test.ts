import { describe, expect, it } from 'vitest';
import {
  addMonths,
  lastMonths,
  likeForLikePeriods,
  londonDateOf,
  londonInstant,
  londonTimeOf,
  monthToDateRanges,
} from './dates.js';

describe('Europe/London dates', () => {
  it('puts 23:30 UTC on 31 March (BST) on 1 April, and 23:30 UTC on 31 January on 31 January (GMT)', () => {
    expect(londonDateOf(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(londonDateOf(new Date('2026-01-31T23:30:00Z'))).toBe('2026-01-31');
    expect(londonDateOf(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(londonDateOf(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });

  it('compares month to date with the same days of the previous month, capped at its length', () => {
    expect(monthToDateRanges('2026-11-22')).toEqual({
      current: { from: '2026-11-01', to: '2026-11-22' },
      previous: { from: '2026-10-01', to: '2026-10-22' },
    });
    expect(monthToDateRanges('2026-03-31').previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthToDateRanges('2026-01-15').previous).toEqual({ from: '2025-12-01', to: '2025-12-15' });
  });

  it('lists the last 12 months oldest first across a year end', () => {
    expect(lastMonths('2026-02-10', 12)).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});

describe('like-for-like periods (docs/finance.md, "Comparisons")', () => {
  it('on the 1st at 09:00: 1 November to 09:00 against 1 October to 09:00', () => {
    expect(likeForLikePeriods('2026-11-01', '09:00')).toEqual({
      current: { from: '2026-11-01', to: '2026-11-01', until: '09:00' },
      previous: { from: '2026-10-01', to: '2026-10-01', until: '09:00' },
    });
  });

  it('on the 15th at 09:00: 1–15 to 09:00 of each month', () => {
    expect(likeForLikePeriods('2026-11-15', '09:00')).toEqual({
      current: { from: '2026-11-01', to: '2026-11-15', until: '09:00' },
      previous: { from: '2026-10-01', to: '2026-10-15', until: '09:00' },
    });
  });

  it('on the last day of a month: the month so far against the whole previous month', () => {
    expect(likeForLikePeriods('2026-11-30', '14:05')).toEqual({
      current: { from: '2026-11-01', to: '2026-11-30', until: '14:05' },
      previous: { from: '2026-10-01', to: '2026-10-31' },
    });
    expect(likeForLikePeriods('2026-03-31', '10:00').previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthToDateRanges('2026-11-30').previous).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('past the end of a shorter previous month: the whole of it; on its last day number, to the same time', () => {
    expect(likeForLikePeriods('2026-03-29', '09:00').previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(likeForLikePeriods('2026-03-28', '09:00').previous).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      until: '09:00',
    });
  });

  it('across a year end: 1–15 January 2027 against 1–15 December 2026', () => {
    expect(likeForLikePeriods('2027-01-15', '09:00').previous).toEqual({
      from: '2026-12-01',
      to: '2026-12-15',
      until: '09:00',
    });
  });

  it('reads and makes Europe/London times of day in GMT and BST', () => {
    expect(londonTimeOf(new Date('2026-06-15T08:30:00Z'))).toBe('09:30');
    expect(londonTimeOf(new Date('2026-12-15T08:30:00Z'))).toBe('08:30');
    expect(londonInstant('2026-06-15', '09:00').toISOString()).toBe('2026-06-15T08:00:00.000Z');
    expect(londonInstant('2026-12-15', '09:00').toISOString()).toBe('2026-12-15T09:00:00.000Z');
    expect(londonInstant('2026-04-01', '00:30').toISOString()).toBe('2026-03-31T23:30:00.000Z');
  });
});
