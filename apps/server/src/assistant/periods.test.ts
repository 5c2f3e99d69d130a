import { describe, expect, it } from 'vitest';
import { clip, findPeriods, periodBefore, periodYearBefore } from './periods.js';

const TODAY = '2026-11-27';
const at = (today: string) => (text: string) =>
  findPeriods(text, { today, booksFrom: '2025-06-01', vatStagger: 'mar_jun_sep_dec' })[0]?.period;
const first = at(TODAY);
const range = (text: string) => {
  const p = first(text);
  return p ? `${p.from}..${p.to}` : null;
};

describe('the UK period grammar (docs/assistant.md, "Periods")', () => {
  it('reads months, quarters, halves, seasons and years, the latest that has started', () => {
    expect(first('last month')).toMatchObject({ from: '2026-10-01', to: '2026-10-31', label: 'October 2026' });
    expect(first('this month')).toMatchObject({
      from: '2026-11-01',
      to: TODAY,
      soFar: true,
      label: 'November 2026 so far (1–27 November 2026)',
    });
    expect(first('in December')).toMatchObject({ label: 'December 2025' });
    expect(first('november last yr')).toMatchObject({ label: 'November 2025' });
    expect(first('last november')).toMatchObject({ label: 'November 2025' });
    expect(first('march 2025')).toMatchObject({ label: 'March 2025' });
    expect(first('Q3')).toMatchObject({ from: '2026-07-01', to: '2026-09-30', label: 'Q3 2026 (July–September 2026)' });
    expect(range('the third quarter of 2026')).toBe('2026-07-01..2026-09-30');
    expect(range('q4 last year')).toBe('2025-10-01..2025-12-31');
    expect(range('last quarter')).toBe('2026-07-01..2026-09-30');
    expect(range('first half of the year')).toBe('2026-01-01..2026-06-30');
    expect(range('h2 2025')).toBe('2025-07-01..2025-12-31');
    expect(range('over the summer')).toBe('2026-06-01..2026-08-31');
    expect(range('last summer')).toBe('2025-06-01..2025-08-31');
    expect(range('the winter')).toBe('2025-12-01..2026-02-28');
    expect(range('this yr')).toBe('2026-01-01..2026-11-27');
    expect(range('year to date')).toBe('2026-01-01..2026-11-27');
    expect(range('last year')).toBe('2025-01-01..2025-12-31');
    expect(range('at christmas')).toBe('2025-12-01..2025-12-31');
    expect(range('from july to september')).toBe('2026-07-01..2026-09-30');
    expect(range('jul-sep')).toBe('2026-07-01..2026-09-30');
  });

  it('reads the UK tax year, its quarters and the VAT quarters of the owner', () => {
    expect(first('this tax year')).toMatchObject({ from: '2026-04-06', to: TODAY, soFar: true });
    expect(first('the 2025/26 tax year')).toMatchObject({
      from: '2025-04-06',
      to: '2026-04-05',
      label: 'the 2025/26 tax year (6 April 2025–5 April 2026)',
    });
    expect(range('25/26')).toBe('2025-04-06..2026-04-05');
    expect(range('the tax year just gone')).toBe('2025-04-06..2026-04-05');
    expect(range('Q2 of the tax year')).toBe('2026-07-06..2026-10-05');
    expect(range('this vat quarter')).toBe('2026-10-01..2026-11-27');
    expect(range('last vat quarter')).toBe('2026-07-01..2026-09-30');
    expect(range('the quarter ending september')).toBe('2026-07-01..2026-09-30');
    const apr = findPeriods('this vat quarter', { today: TODAY, vatStagger: 'apr_jul_oct_jan' })[0]!.period;
    expect(`${apr.from}..${apr.to}`).toBe('2026-11-01..2026-11-27');
  });

  it('reads days, weeks, "since" and "the last N", with chrono-node for written dates in day-month order', () => {
    expect(range('yesterday')).toBe('2026-11-26..2026-11-26');
    expect(range('today')).toBe('2026-11-27..2026-11-27');
    expect(range('last week')).toBe('2026-11-16..2026-11-22');
    expect(range('this week')).toBe('2026-11-23..2026-11-27');
    expect(range('last 90 days')).toBe('2026-08-30..2026-11-27');
    expect(range('the past 2 weeks')).toBe('2026-11-14..2026-11-27');
    expect(range('the last 12 months')).toBe('2025-11-01..2026-10-31');
    expect(range('in the last year')).toBe('2025-11-01..2026-10-31');
    expect(range('last 3 months')).toBe('2026-08-01..2026-10-31');
    expect(range('since april')).toBe('2026-04-01..2026-11-27');
    expect(range('since 6 april')).toBe('2026-04-06..2026-11-27');
    expect(range('since 1st sept 2025')).toBe('2025-09-01..2026-11-27');
    expect(range('on 14/02/2026')).toBe('2026-02-14..2026-02-14');
    expect(range('on 3/4')).toBe('2026-04-03..2026-04-03');
    expect(range('from 3 march to 10 april')).toBe('2026-03-03..2026-04-10');
    expect(range('between 1 and 15 october')).toBe('2026-10-01..2026-10-15');
    expect(range('since we started on brade')).toBe('2025-06-01..2026-11-27');
    expect(range('black friday')).toBe('2026-11-27..2026-11-27');
    expect(range('easter')).toBe('2026-04-03..2026-04-06');
  });

  it('does not read "may" the verb as May, nor a date in "last 90 days", and finds periods in order', () => {
    expect(findPeriods('May I ask about costs?', { today: TODAY })).toEqual([]);
    expect(first('Total outgoings in May')).toMatchObject({ label: 'May 2026' });
    expect(findPeriods('oct compare to sept', { today: TODAY }).map((f) => f.period.label)).toEqual([
      'October 2026',
      'September 2026',
    ]);
    expect(findPeriods('this summer vs last summer', { today: TODAY }).map((f) => f.period.from)).toEqual([
      '2026-06-01',
      '2025-06-01',
    ]);
  });

  it('looks ahead when the question does, and says what the books cannot answer', () => {
    const december = findPeriods("how's december looking", { today: TODAY, future: true })[0]!.period;
    expect(december.from).toBe('2026-12-01');
    expect(clip(december, TODAY, '2025-06-01').kind).toBe('notStarted');
    expect(clip(first('march 2025')!, TODAY, '2025-06-01').kind).toBe('beforeBooks');
    expect(clip(first('the 2025/26 tax year')!, TODAY, '2025-06-01')).toMatchObject({
      kind: 'partial',
      period: { from: '2025-06-01' },
    });
  });

  it('steps back a period of the same length, and a year', () => {
    expect(findPeriods('and the month before?', { today: TODAY })[0]).toMatchObject({ relative: 'before' });
    expect(periodBefore(first('Q3')!, TODAY)).toMatchObject({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodBefore(first('in January')!, TODAY)).toMatchObject({ label: 'December 2025' });
    expect(periodBefore(first('last 90 days')!, TODAY)).toMatchObject({ from: '2026-06-01', to: '2026-08-29' });
    expect(periodYearBefore(first('this month')!, TODAY)).toMatchObject({ from: '2025-11-01', to: '2025-11-27' });
    expect(periodBefore(first('this tax year')!, TODAY)).toMatchObject({ from: '2025-04-06', to: '2026-04-05' });
  });
});
