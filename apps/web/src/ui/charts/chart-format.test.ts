import { describe, expect, it } from 'vitest';
import { formatWholePounds, shortMonthLabel } from './chart-format';

describe('chart labels', () => {
  it('shortens months to a name and a two-digit year', () => {
    expect(['2025-01', '2025-09', '2025-12', '2026-06'].map(shortMonthLabel)).toEqual([
      'Jan 25',
      'Sep 25',
      'Dec 25',
      'Jun 26',
    ]);
  });

  it('formats axis ticks in whole pounds', () => {
    expect(formatWholePounds(0)).toBe('£0');
    expect(formatWholePounds(1500)).toBe('£1,500');
    expect(formatWholePounds(12_345.67)).toBe('£12,346');
  });
});
