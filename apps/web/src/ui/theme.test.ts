import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './contrast';
import { BRAND_PRIMARY, theme } from './theme';

describe('contrast maths', () => {
  it('matches the WCAG reference values', () => {
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    // #777777 on white is the classic "just fails AA" grey (4.48:1).
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });
});

describe('brand theme', () => {
  it('uses the pink brand colour as primary', () => {
    expect(theme.palette.primary.main).toBe(BRAND_PRIMARY);
    expect(theme.palette.primary.contrastText).toBe('#FFFFFF');
  });

  it('lets white text on the primary colour pass WCAG AA (>= 4.5:1)', () => {
    expect(contrastRatio('#FFFFFF', BRAND_PRIMARY)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the primary colour readable as link text on white', () => {
    expect(contrastRatio(BRAND_PRIMARY, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });
});
