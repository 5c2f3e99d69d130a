import { describe, expect, it } from 'vitest';
import { retentionFromVisits, type Visit } from './retention.js';

const visits = (byClient: Record<string, string[]>): Visit[] =>
  Object.entries(byClient).flatMap(([client, days]) => days.map((day) => ({ client, day })));

// History from 1 August 2025; today 15 June 2026, so a window must end before 17 March 2026 to have passed.
const BOOKS = visits({
  H: ['2025-08-01', '2025-12-10'], // first seen on the history's first day: never "new" in December
  E: ['2025-10-15'], // new in October, which lies in the history's first 90 days: left out
  A: ['2025-12-20', '2026-03-20'], // back exactly 90 days later: retained
  B: ['2025-12-31', '2026-04-01'], // back 91 days later: not retained
  C: ['2025-12-05'],
  D: ['2026-01-02', '2026-01-02', '2026-02-01'],
});

describe('retention (docs/finance.md, "Retention"), worked by hand', () => {
  const result = retentionFromVisits(BOOKS, '2026-06-15');

  it('new-client retention across a year end: December 1 of 3, January 1 of 1', () => {
    expect(result.new_client).toEqual([
      { month: '2025-11', new_clients: 0, returned: 0, percent: null },
      { month: '2025-12', new_clients: 3, returned: 1, percent: 33.3 },
      { month: '2026-01', new_clients: 1, returned: 1, percent: 100 },
      { month: '2026-02', new_clients: 0, returned: 0, percent: null },
    ]);
  });

  it('overall retention: seen in the 90 days up to a month end, seen again in the 90 days after', () => {
    expect(result.overall.map((o) => o.date)).toEqual([
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
    ]);
    // 3 Oct–31 Dec: E, H, A, B, C; of them only A comes back by 31 March.
    expect(result.overall[2]).toEqual({ date: '2025-12-31', clients: 5, seen_again: 1, percent: 20 });
    // 3 Nov–31 Jan: H, A, B, C, D; A (20 Mar), B (1 Apr) and D (1 Feb) come back by 30 April.
    expect(result.overall[3]).toEqual({ date: '2026-01-31', clients: 5, seen_again: 3, percent: 60 });
  });

  it('keeps the last 6 months and never clips a figure', () => {
    const many: Visit[] = [];
    for (let m = 1; m <= 12; m++) {
      const month = `2025-${String(m).padStart(2, '0')}`;
      many.push({ client: `n${m}`, day: `${month}-01` }, { client: `n${m}`, day: `${month}-20` });
    }
    const r = retentionFromVisits(many, '2026-06-15');
    expect(r.new_client.map((n) => n.month)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(r.new_client[0]!.percent).toBe(100);
    expect(r.overall).toHaveLength(6);
  });

  it('has nothing to say without visits', () => {
    expect(retentionFromVisits([], '2026-06-15')).toEqual({ new_client: [], overall: [] });
  });
});
