import { describe, expect, it } from 'vitest';
import { changeHint, hintPounds } from './change-hints.js';

describe('the hint of a headline tile (docs/finance.md, "Comparisons")', () => {
  it('names a quarterly rent paid this month: expenses £1,000 → £3,600, rent £2,400 of the £2,600 rise', () => {
    expect(
      changeHint({
        tile: 'expenses',
        categories: [
          { category: 'Rent', current: 240_000, previous: 0 },
          { category: 'Stock & supplies', current: 120_000, previous: 100_000 },
        ],
        largest: {
          current: [
            { category: 'Rent', amount: 240_000, date: '2026-11-01' },
            { category: 'Stock & supplies', amount: 60_000, date: '2026-11-09' },
          ],
          previous: [{ category: 'Stock & supplies', amount: 50_000, date: '2026-10-09' }],
        },
      }),
    ).toBe('Most of the rise is rent: £2,400 paid on 1 Nov');
  });

  it('names an annual insurance premium paid last month: a fall of £940, £900 of it insurance', () => {
    expect(
      changeHint({
        tile: 'expenses',
        categories: [
          { category: 'Insurance', current: 0, previous: 90_000 },
          { category: 'Utilities', current: 20_000, previous: 24_000 },
        ],
        largest: {
          current: [{ category: 'Utilities', amount: 20_000, date: '2026-11-12' }],
          previous: [
            { category: 'Insurance', amount: 90_000, date: '2026-10-03' },
            { category: 'Utilities', amount: 24_000, date: '2026-10-12' },
          ],
        },
      }),
    ).toBe("Most of the fall is insurance: last month's £900 paid on 3 Oct");
  });

  it('names an extra payroll day: 4 weekly runs of £1,250 against 3, the rise of £1,300 mostly the 4th', () => {
    expect(
      changeHint({
        tile: 'expenses',
        categories: [
          { category: 'Wages', current: 500_000, previous: 375_000 },
          { category: 'Utilities', current: 25_000, previous: 20_000 },
        ],
        largest: {
          current: [{ category: 'Wages', amount: 125_000, date: '2026-11-27' }],
          previous: [{ category: 'Wages', amount: 125_000, date: '2026-10-23' }],
        },
      }),
    ).toBe('Most of the rise is wages: £1,250 paid on 27 Nov');
  });

  it('names a category of many small transactions with its change', () => {
    // Stock: £1,200 in twelve orders of £100 against £400; the rise of £900 is £800 stock, £100 utilities.
    expect(
      changeHint({
        tile: 'expenses',
        categories: [
          { category: 'Stock & supplies', current: 120_000, previous: 40_000 },
          { category: 'Utilities', current: 30_000, previous: 20_000 },
        ],
        largest: {
          current: [{ category: 'Stock & supplies', amount: 10_000, date: '2026-11-02' }],
          previous: [{ category: 'Stock & supplies', amount: 10_000, date: '2026-10-02' }],
        },
      }),
    ).toBe('Most of the rise is in stock & supplies: £800 more');
  });

  it('does not name the only category a tile has, unless one transaction of it drove the change', () => {
    const only = { category: 'Cut & finish', current: 260_000, previous: 240_000 };
    expect(changeHint({ tile: 'revenue', categories: [only], largest: { current: [], previous: [] } })).toBeNull();
    expect(
      changeHint({
        tile: 'revenue',
        categories: [only],
        largest: { current: [{ category: 'Cut & finish', amount: 15_000, date: '2026-06-20' }], previous: [] },
      }),
    ).toBe('Most of the rise is cut & finish: £150 received on 20 Jun');
  });

  it('gives no hint when no category is more than half of the change', () => {
    expect(
      changeHint({
        tile: 'revenue',
        categories: [
          { category: 'Cut & finish', current: 150_000, previous: 100_000 },
          { category: 'Full head colour', current: 150_000, previous: 100_000 },
        ],
        largest: { current: [], previous: [] },
      }),
    ).toBeNull();
  });

  it('gives no hint for exactly half, for a change under 5 %, or with nothing to compare with', () => {
    const half = changeHint({
      tile: 'revenue',
      categories: [
        { category: 'A', current: 150, previous: 100 },
        { category: 'B', current: 150, previous: 100 },
      ],
      largest: { current: [], previous: [] },
    });
    expect(half).toBeNull();
    const small = changeHint({
      tile: 'expenses',
      categories: [{ category: 'Rent', current: 104_000, previous: 100_000 }],
      largest: { current: [], previous: [] },
    });
    expect(small).toBeNull();
    const none = changeHint({
      tile: 'expenses',
      categories: [{ category: 'Rent', current: 100_000, previous: 0 }],
      largest: { current: [], previous: [] },
    });
    expect(none).toBeNull();
  });

  it('names a large refund this month behind a fall in revenue', () => {
    expect(
      changeHint({
        tile: 'revenue',
        categories: [
          { category: 'Cut & finish', current: 100_000, previous: 100_000 },
          { category: 'Refunds', current: -30_050, previous: 0 },
        ],
        largest: {
          current: [{ category: 'Refunds', amount: -30_050, date: '2026-11-04' }],
          previous: [],
        },
      }),
    ).toBe('Most of the fall is refunds: £300.50 refunded on 4 Nov');
  });

  it('keeps an acronym’s capitals and formats whole pounds without pence', () => {
    expect(
      changeHint({
        tile: 'expenses',
        categories: [
          { category: 'PAYE and National Insurance', current: 200_000, previous: 100_000 },
          { category: 'Wages', current: 500_000, previous: 500_000 },
        ],
        largest: { current: [], previous: [] },
      }),
    ).toBe('Most of the rise is in PAYE and National Insurance: £1,000 more');
    expect(hintPounds(-123_456)).toBe('£1,234.56');
  });
});
