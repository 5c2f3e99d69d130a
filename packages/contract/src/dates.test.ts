import { describe, expect, it } from 'vitest';
import { addMonths, lastMonths, londonDateOf, monthToDateRanges } from './dates.js';

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
