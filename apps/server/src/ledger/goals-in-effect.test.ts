import { describe, expect, it } from 'vitest';
import { suggestedRevenueTarget } from './goals-in-effect.js';

describe('the revenue target suggested from the books (docs/finance.md, "Goal progress")', () => {
  it("is the last three whole months' average revenue, to the nearest £100", () => {
    const months = [
      { month: '2026-08', revenuePence: 500_000 },
      { month: '2026-09', revenuePence: 512_000 },
      { month: '2026-10', revenuePence: 494_000 },
    ];
    // £5,020 → £5,000.
    expect(suggestedRevenueTarget(months)).toEqual({ target: 5_000, from: ['2026-08', '2026-09', '2026-10'] });
    // £31,591.40 a month (the salon whose £6,000 default read "Target reached") → £31,600.
    expect(suggestedRevenueTarget([{ month: '2026-10', revenuePence: 3_159_140 }]).target).toBe(31_600);
  });

  it('averages only the months with takings (a salon that started in September)', () => {
    const months = [
      { month: '2026-08', revenuePence: 0 },
      { month: '2026-09', revenuePence: 900_000 },
      { month: '2026-10', revenuePence: 1_000_000 },
    ];
    expect(suggestedRevenueTarget(months)).toEqual({ target: 9_500, from: ['2026-09', '2026-10'] });
  });

  it("keeps the spec's default without any month to average, and never passes the typed maximum", () => {
    expect(suggestedRevenueTarget([{ month: '2026-10', revenuePence: 0 }])).toEqual({ target: 6_000, from: [] });
    expect(suggestedRevenueTarget([{ month: '2026-10', revenuePence: 500_000_000 }]).target).toBe(1_000_000);
  });
});
