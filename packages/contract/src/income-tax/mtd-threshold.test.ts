import { describe, expect, it } from 'vitest';
import { mtdThresholdFor, mtdVerdict } from './mtd-threshold.js';

describe('whether Making Tax Digital for Income Tax applies', () => {
  it('has the thresholds HMRC set: £50,000 from 2026, £30,000 from 2027, £20,000 from 2028', () => {
    expect(mtdThresholdFor(2025)).toBeNull();
    expect(mtdThresholdFor(2026)).toBe(5_000_000);
    expect(mtdThresholdFor(2027)).toBe(3_000_000);
    expect(mtdThresholdFor(2030)).toBe(2_000_000);
  });

  it('decides the year two years on from the figure, over (not at) the threshold', () => {
    const over = mtdVerdict({ pence: 5_000_001, taxYear: '2024-25', source: 'owner' });
    expect(over).toMatchObject({ applies: true, decides: '2026-27', thresholdPence: 5_000_000 });
    expect(over.sentence).toBe(
      'Making Tax Digital for Income Tax applies to you from 6 April 2026: your qualifying income in 2024-25 was £50,000.01 (as you told us), over the £50,000 threshold.',
    );
    const at = mtdVerdict({ pence: 5_000_000, taxYear: '2024-25', source: 'owner' });
    expect(at.applies).toBe(false);
    expect(at.sentence).toContain('From 6 April 2027 the threshold is £30,000, decided by your 2025-26 income.');
  });

  it('names the books as the source with the whole tax year', () => {
    const verdict = mtdVerdict({ pence: 14_823_012, taxYear: '2025-26', source: 'books' });
    expect(verdict.sentence).toBe(
      "Making Tax Digital for Income Tax applies to you from 6 April 2027: your qualifying income in 2025-26 was £148,230.12 (in Brade's books, 6 April 2025 to 5 April 2026), over the £30,000 threshold.",
    );
  });

  it('says a figure too early decides nothing', () => {
    expect(mtdVerdict({ pence: 9_000_000, taxYear: '2023-24', source: 'books' })).toMatchObject({ applies: null });
  });

  it('has no later threshold to mention from 2028', () => {
    const verdict = mtdVerdict({ pence: 1_500_000, taxYear: '2026-27', source: 'books' });
    expect(verdict).toMatchObject({ applies: false, decides: '2028-29' });
    expect(verdict.sentence).not.toContain('From 6 April');
  });
});
