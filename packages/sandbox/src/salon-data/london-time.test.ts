import { describe, expect, it } from 'vitest';
import { dayNumberOf } from './calendar';
import { londonDateOf, londonInstant, londonTimeToUtc } from './london-time';

describe('London time', () => {
  it('puts 23:30 UTC on 31 March 2026 (BST) on 1 April', () => {
    expect(londonDateOf(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
  });

  it('keeps 23:30 UTC in winter (GMT) on the same day', () => {
    expect(londonDateOf(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
    expect(londonDateOf(new Date('2026-01-15T00:00:00Z'))).toBe('2026-01-15');
  });

  it('converts London wall-clock times to UTC in GMT and in BST', () => {
    expect(londonTimeToUtc('2026-01-15', 9, 0).toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(londonTimeToUtc('2026-07-15', 9, 0).toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(londonTimeToUtc('2026-04-01', 0, 30).toISOString()).toBe('2026-03-31T23:30:00.000Z');
  });

  it('is right on the days the clocks change', () => {
    // Spring forward: 29 March 2026 at 01:00 UTC; fall back: 25 October 2026 at 01:00 UTC.
    expect(londonTimeToUtc('2026-03-29', 0, 30).toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(londonTimeToUtc('2026-03-29', 9, 0).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(londonTimeToUtc('2026-10-25', 0, 30).toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(londonTimeToUtc('2026-10-25', 9, 0).toISOString()).toBe('2026-10-25T09:00:00.000Z');
  });

  it('round-trips every quarter hour of a year through londonDateOf', () => {
    for (let day = dayNumberOf('2026-01-01'); day <= dayNumberOf('2026-12-31'); day++) {
      for (const minute of [0, 45, 180, 600, 1425]) {
        const instant = londonInstant(day, minute);
        expect(londonDateOf(instant)).toBe(new Date(day * 86_400_000).toISOString().slice(0, 10));
      }
    }
  });

  it('gives the same instant from the fast path as from londonTimeToUtc', () => {
    for (const date of ['2025-03-30', '2025-10-26', '2026-03-29', '2026-10-25', '2026-06-01']) {
      for (let minute = 180; minute < 1440; minute += 37) {
        const expected = londonTimeToUtc(date, Math.floor(minute / 60), minute % 60);
        expect(londonInstant(dayNumberOf(date), minute).getTime()).toBe(expected.getTime());
      }
    }
  });
});
