import { describe, expect, it } from 'vitest';
import { salesPace } from './goal-progress.js';

describe('the pace needed per remaining open day (docs/finance.md, "Goal progress")', () => {
  it('target £6,000, £4,200 to date, 9 open days left: £1,800 short, £200 a day', () => {
    expect(salesPace(600_000, 420_000, 9)).toEqual({ met: false, shortfallPence: 180_000, perOpenDayPence: 20_000 });
  });

  it('a target already reached needs nothing more, and says so', () => {
    expect(salesPace(600_000, 612_345, 3)).toEqual({ met: true, shortfallPence: 0, perOpenDayPence: 0 });
    // Exactly on target is reached.
    expect(salesPace(600_000, 600_000, 0)).toEqual({ met: true, shortfallPence: 0, perOpenDayPence: 0 });
  });

  it('rounds a day up to the penny, so taking it every day reaches the target', () => {
    // £100 over 3 days: £33.34 a day (3 × £33.34 = £100.02), never £33.33 (£99.99).
    expect(salesPace(10_000, 0, 3).perOpenDayPence).toBe(3_334);
  });

  it('short with no open day left: no pace to give', () => {
    expect(salesPace(600_000, 420_000, 0)).toEqual({ met: false, shortfallPence: 180_000, perOpenDayPence: null });
  });
});
