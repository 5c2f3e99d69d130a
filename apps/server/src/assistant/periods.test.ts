import { describe, expect, it } from 'vitest';
import { findPeriods, periodBefore } from './periods.js';

const TODAY = '2026-11-20';
const first = (text: string) => findPeriods(text, TODAY)[0]?.period;

describe('periods a question names (docs/assistant.md, "Periods")', () => {
  it('reads months, quarters, seasons and years relative to today', () => {
    expect(first('last month')).toMatchObject({ from: '2026-10-01', to: '2026-10-31', label: 'October 2026' });
    expect(first('this month')).toMatchObject({ from: '2026-11-01', to: TODAY, soFar: true });
    expect(first('in March')).toMatchObject({ from: '2026-03-01', to: '2026-03-31', label: 'March 2026' });
    expect(first('in December')).toMatchObject({ label: 'December 2025' });
    expect(first('in March 2025')).toMatchObject({ label: 'March 2025' });
    expect(first('Q3')).toMatchObject({ from: '2026-07-01', to: '2026-09-30', label: 'Q3 (July to September 2026)' });
    expect(first('Q4')).toMatchObject({ from: '2026-10-01', to: TODAY });
    expect(first('the summer')).toMatchObject({ from: '2026-06-01', to: '2026-08-31' });
    expect(first('the winter')).toMatchObject({ from: '2025-12-01', to: '2026-02-28' });
    expect(first('this year')).toMatchObject({ from: '2026-01-01', to: TODAY, label: 'January to November 2026' });
    expect(first('since January')).toMatchObject({ from: '2026-01-01', to: TODAY });
    expect(first('since August')).toMatchObject({ from: '2026-08-01', to: TODAY });
    expect(first('last year')).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
    expect(first('the month before last')).toMatchObject({ label: 'September 2026' });
    expect(first('the last 12 months')).toMatchObject({ from: '2025-11-01', to: '2026-10-31' });
  });

  it('does not read "may" the verb as May, and finds two periods in order', () => {
    expect(findPeriods('May I ask about costs?', TODAY)).toEqual([]);
    expect(first('Total outgoings in May')).toMatchObject({ label: 'May 2026' });
    expect(findPeriods('Compare August and September', TODAY).map((f) => f.period.label)).toEqual([
      'August 2026',
      'September 2026',
    ]);
  });

  it('marks "the month before" as relative, and steps back a period of the same length', () => {
    expect(findPeriods('and the month before?', TODAY)[0]).toMatchObject({ relative: 'before' });
    expect(periodBefore(first('Q3')!, TODAY)).toMatchObject({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodBefore(first('in January')!, TODAY)).toMatchObject({ label: 'December 2025' });
  });
});
