import { describe, expect, it } from 'vitest';
import { BANK_HOLIDAYS, bankHolidayOn, bankHolidaysBetween, NATIONS, nationOfState } from './bank-holidays.js';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('UK bank holidays', () => {
  it('lists 2026 for England and Wales as gov.uk does, with 28 December for Boxing Day (a Saturday)', () => {
    expect(bankHolidaysBetween('england-and-wales', '2026-01-01', '2026-12-31').map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
    expect(bankHolidayOn('england-and-wales', '2026-12-28')).toBe('Boxing Day (substitute day)');
    expect(bankHolidayOn('england-and-wales', '2026-12-26')).toBeNull();
  });

  it('gives Scotland 2 January, no Easter Monday, 3 August and St Andrew’s Day in 2026', () => {
    expect(bankHolidaysBetween('scotland', '2026-01-01', '2026-12-31').map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-04-03',
      '2026-05-04',
      '2026-05-25',
      '2026-08-03',
      '2026-11-30',
      '2026-12-25',
      '2026-12-28',
    ]);
    expect(bankHolidayOn('scotland', '2026-04-06')).toBeNull();
    expect(bankHolidayOn('scotland', '2026-08-31')).toBeNull();
  });

  it('moves St Andrew’s Day to the Monday when it falls on a weekend (2024, 2025) and 2 January in 2027', () => {
    expect(bankHolidayOn('scotland', '2024-12-02')).toBe("St Andrew's Day (substitute day)");
    expect(bankHolidayOn('scotland', '2025-12-01')).toBe("St Andrew's Day (substitute day)");
    expect(bankHolidayOn('scotland', '2027-01-04')).toBe('2nd January (substitute day)');
    expect(bankHolidaysBetween('scotland', '2028-01-01', '2028-01-07').map((h) => h.date)).toEqual([
      '2028-01-03',
      '2028-01-04',
    ]);
  });

  it('gives Northern Ireland St Patrick’s Day and 12 July, each moved off a weekend', () => {
    const ni = bankHolidaysBetween('northern-ireland', '2026-01-01', '2026-12-31').map((h) => h.date);
    expect(ni).toEqual([
      '2026-01-01',
      '2026-03-17',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-07-13',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
    expect(bankHolidayOn('northern-ireland', '2024-03-18')).toBe("St Patrick's Day (substitute day)");
    expect(bankHolidayOn('northern-ireland', '2025-07-14')).toContain('substitute');
    expect(bankHolidayOn('england-and-wales', '2026-03-17')).toBeNull();
  });

  it('has 2027 right: Easter on 28 March, Christmas and Boxing Day on a weekend', () => {
    expect(bankHolidaysBetween('england-and-wales', '2027-01-01', '2027-12-31').map((h) => h.date)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
    ]);
  });

  it('puts every holiday on a weekday, once, in order, 8 a year in England and Wales, 9 in Scotland, 10 in NI', () => {
    const perYear = { 'england-and-wales': 8, scotland: 9, 'northern-ireland': 10 } as const;
    for (const nation of NATIONS) {
      const dates = BANK_HOLIDAYS[nation].map((h) => h.date);
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
      for (const date of dates) expect([0, 6]).not.toContain(weekday(date));
      for (let year = 2024; year <= 2028; year += 1) {
        expect(bankHolidaysBetween(nation, `${year}-01-01`, `${year}-12-31`)).toHaveLength(perYear[nation]);
      }
    }
  });
});

describe('the nation of a State field', () => {
  it('reads the four nations the form offers; Wales follows England', () => {
    expect(nationOfState('England')).toBe('england-and-wales');
    expect(nationOfState('Wales')).toBe('england-and-wales');
    expect(nationOfState('Scotland')).toBe('scotland');
    expect(nationOfState('Northern Ireland')).toBe('northern-ireland');
  });

  it('reads older free text naming a county or city as a whole word', () => {
    expect(nationOfState('Glasgow')).toBe('scotland');
    expect(nationOfState('  EDINBURGH ')).toBe('scotland');
    expect(nationOfState('Co. Antrim')).toBe('northern-ireland');
    expect(nationOfState('County Down')).toBe('northern-ireland');
    expect(nationOfState('NI')).toBe('northern-ireland');
    expect(nationOfState('Greater Manchester')).toBe('england-and-wales');
    expect(nationOfState('Fifeshire-on-Sea')).toBe('england-and-wales'); // not the word 'fife'
  });

  it('takes England and Wales when the field is empty or unknown', () => {
    expect(nationOfState(null)).toBe('england-and-wales');
    expect(nationOfState(undefined)).toBe('england-and-wales');
    expect(nationOfState('')).toBe('england-and-wales');
    expect(nationOfState('Atlantis')).toBe('england-and-wales');
  });
});
