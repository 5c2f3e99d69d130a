import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPence, formatPercentChange, formatPounds, penceToPounds, poundsToPence } from './money.js';

describe('money', () => {
  it('formats pounds the UK way', () => {
    expect(formatPounds(1234.5)).toBe('£1,234.50');
    expect(formatPounds(0)).toBe('£0.00');
    expect(formatPounds(-12.3)).toBe('-£12.30');
    expect(formatPence(123456)).toBe('£1,234.56');
  });

  it('round-trips pence through pounds exactly (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (pence) => {
        expect(poundsToPence(penceToPounds(pence))).toBe(pence);
      }),
    );
  });

  it('rounds half-pennies away from zero', () => {
    expect(poundsToPence(0.005)).toBe(1);
    expect(poundsToPence(-0.005)).toBe(-1);
    expect(poundsToPence(10.994)).toBe(1099);
  });

  it('shows percent change with one decimal and + when positive', () => {
    expect(formatPercentChange(12.345)).toBe('+12.3%');
    expect(formatPercentChange(-4.06)).toBe('-4.1%');
    expect(formatPercentChange(0)).toBe('0.0%');
    expect(formatPercentChange(0.04)).toBe('0.0%');
    expect(formatPercentChange(-0.04)).toBe('0.0%');
    expect(formatPercentChange(null)).toBe('0.0%');
  });
});
