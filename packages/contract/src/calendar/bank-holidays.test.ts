import { describe, expect, it } from 'vitest';
import {
  bankHolidayOn,
  bankHolidaysBetween,
  bankHolidaysOfYear,
  NATIONS,
  type Nation,
  nationOfState,
} from './bank-holidays.js';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const datesOf = (nation: Nation, year: number) => bankHolidaysOfYear(nation, year).map((h) => h.date);

/**
 * gov.uk's published lists for 2024 to 2028, as the contract kept them in a table before the calendar was worked out
 * from rules: the rules must give every date and name.
 */
const PUBLISHED_2024_TO_2028: Record<Nation, Array<[string, string]>> = {
  'england-and-wales': [
    ['2024-01-01', "New Year's Day"],
    ['2024-03-29', 'Good Friday'],
    ['2024-04-01', 'Easter Monday'],
    ['2024-05-06', 'Early May bank holiday'],
    ['2024-05-27', 'Spring bank holiday'],
    ['2024-08-26', 'Summer bank holiday'],
    ['2024-12-25', 'Christmas Day'],
    ['2024-12-26', 'Boxing Day'],
    ['2025-01-01', "New Year's Day"],
    ['2025-04-18', 'Good Friday'],
    ['2025-04-21', 'Easter Monday'],
    ['2025-05-05', 'Early May bank holiday'],
    ['2025-05-26', 'Spring bank holiday'],
    ['2025-08-25', 'Summer bank holiday'],
    ['2025-12-25', 'Christmas Day'],
    ['2025-12-26', 'Boxing Day'],
    ['2026-01-01', "New Year's Day"],
    ['2026-04-03', 'Good Friday'],
    ['2026-04-06', 'Easter Monday'],
    ['2026-05-04', 'Early May bank holiday'],
    ['2026-05-25', 'Spring bank holiday'],
    ['2026-08-31', 'Summer bank holiday'],
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-28', 'Boxing Day (substitute day)'],
    ['2027-01-01', "New Year's Day"],
    ['2027-03-26', 'Good Friday'],
    ['2027-03-29', 'Easter Monday'],
    ['2027-05-03', 'Early May bank holiday'],
    ['2027-05-31', 'Spring bank holiday'],
    ['2027-08-30', 'Summer bank holiday'],
    ['2027-12-27', 'Christmas Day (substitute day)'],
    ['2027-12-28', 'Boxing Day (substitute day)'],
    ['2028-01-03', "New Year's Day (substitute day)"],
    ['2028-04-14', 'Good Friday'],
    ['2028-04-17', 'Easter Monday'],
    ['2028-05-01', 'Early May bank holiday'],
    ['2028-05-29', 'Spring bank holiday'],
    ['2028-08-28', 'Summer bank holiday'],
    ['2028-12-25', 'Christmas Day'],
    ['2028-12-26', 'Boxing Day'],
  ],
  scotland: [
    ['2024-01-01', "New Year's Day"],
    ['2024-01-02', '2nd January'],
    ['2024-03-29', 'Good Friday'],
    ['2024-05-06', 'Early May bank holiday'],
    ['2024-05-27', 'Spring bank holiday'],
    ['2024-08-05', 'Summer bank holiday'],
    ['2024-12-02', "St Andrew's Day (substitute day)"],
    ['2024-12-25', 'Christmas Day'],
    ['2024-12-26', 'Boxing Day'],
    ['2025-01-01', "New Year's Day"],
    ['2025-01-02', '2nd January'],
    ['2025-04-18', 'Good Friday'],
    ['2025-05-05', 'Early May bank holiday'],
    ['2025-05-26', 'Spring bank holiday'],
    ['2025-08-04', 'Summer bank holiday'],
    ['2025-12-01', "St Andrew's Day (substitute day)"],
    ['2025-12-25', 'Christmas Day'],
    ['2025-12-26', 'Boxing Day'],
    ['2026-01-01', "New Year's Day"],
    ['2026-01-02', '2nd January'],
    ['2026-04-03', 'Good Friday'],
    ['2026-05-04', 'Early May bank holiday'],
    ['2026-05-25', 'Spring bank holiday'],
    ['2026-08-03', 'Summer bank holiday'],
    ['2026-11-30', "St Andrew's Day"],
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-28', 'Boxing Day (substitute day)'],
    ['2027-01-01', "New Year's Day"],
    ['2027-01-04', '2nd January (substitute day)'],
    ['2027-03-26', 'Good Friday'],
    ['2027-05-03', 'Early May bank holiday'],
    ['2027-05-31', 'Spring bank holiday'],
    ['2027-08-02', 'Summer bank holiday'],
    ['2027-11-30', "St Andrew's Day"],
    ['2027-12-27', 'Christmas Day (substitute day)'],
    ['2027-12-28', 'Boxing Day (substitute day)'],
    ['2028-01-03', "New Year's Day (substitute day)"],
    ['2028-01-04', '2nd January (substitute day)'],
    ['2028-04-14', 'Good Friday'],
    ['2028-05-01', 'Early May bank holiday'],
    ['2028-05-29', 'Spring bank holiday'],
    ['2028-08-07', 'Summer bank holiday'],
    ['2028-11-30', "St Andrew's Day"],
    ['2028-12-25', 'Christmas Day'],
    ['2028-12-26', 'Boxing Day'],
  ],
  'northern-ireland': [
    ['2024-01-01', "New Year's Day"],
    ['2024-03-18', "St Patrick's Day (substitute day)"],
    ['2024-03-29', 'Good Friday'],
    ['2024-04-01', 'Easter Monday'],
    ['2024-05-06', 'Early May bank holiday'],
    ['2024-05-27', 'Spring bank holiday'],
    ['2024-07-12', 'Battle of the Boyne (Orangemen’s Day)'],
    ['2024-08-26', 'Summer bank holiday'],
    ['2024-12-25', 'Christmas Day'],
    ['2024-12-26', 'Boxing Day'],
    ['2025-01-01', "New Year's Day"],
    ['2025-03-17', "St Patrick's Day"],
    ['2025-04-18', 'Good Friday'],
    ['2025-04-21', 'Easter Monday'],
    ['2025-05-05', 'Early May bank holiday'],
    ['2025-05-26', 'Spring bank holiday'],
    ['2025-07-14', 'Battle of the Boyne (Orangemen’s Day) (substitute day)'],
    ['2025-08-25', 'Summer bank holiday'],
    ['2025-12-25', 'Christmas Day'],
    ['2025-12-26', 'Boxing Day'],
    ['2026-01-01', "New Year's Day"],
    ['2026-03-17', "St Patrick's Day"],
    ['2026-04-03', 'Good Friday'],
    ['2026-04-06', 'Easter Monday'],
    ['2026-05-04', 'Early May bank holiday'],
    ['2026-05-25', 'Spring bank holiday'],
    ['2026-07-13', 'Battle of the Boyne (Orangemen’s Day) (substitute day)'],
    ['2026-08-31', 'Summer bank holiday'],
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-28', 'Boxing Day (substitute day)'],
    ['2027-01-01', "New Year's Day"],
    ['2027-03-17', "St Patrick's Day"],
    ['2027-03-26', 'Good Friday'],
    ['2027-03-29', 'Easter Monday'],
    ['2027-05-03', 'Early May bank holiday'],
    ['2027-05-31', 'Spring bank holiday'],
    ['2027-07-12', 'Battle of the Boyne (Orangemen’s Day)'],
    ['2027-08-30', 'Summer bank holiday'],
    ['2027-12-27', 'Christmas Day (substitute day)'],
    ['2027-12-28', 'Boxing Day (substitute day)'],
    ['2028-01-03', "New Year's Day (substitute day)"],
    ['2028-03-17', "St Patrick's Day"],
    ['2028-04-14', 'Good Friday'],
    ['2028-04-17', 'Easter Monday'],
    ['2028-05-01', 'Early May bank holiday'],
    ['2028-05-29', 'Spring bank holiday'],
    ['2028-07-12', 'Battle of the Boyne (Orangemen’s Day)'],
    ['2028-08-28', 'Summer bank holiday'],
    ['2028-12-25', 'Christmas Day'],
    ['2028-12-26', 'Boxing Day'],
  ],
};

/** gov.uk's earlier years, with the announced one-off changes of 2020, 2022 and 2023. */
const PUBLISHED_2018_TO_2023: Record<Nation, Record<number, string[]>> = {
  'england-and-wales': {
    2018: ['01-01', '03-30', '04-02', '05-07', '05-28', '08-27', '12-25', '12-26'],
    2019: ['01-01', '04-19', '04-22', '05-06', '05-27', '08-26', '12-25', '12-26'],
    2020: ['01-01', '04-10', '04-13', '05-08', '05-25', '08-31', '12-25', '12-28'],
    2021: ['01-01', '04-02', '04-05', '05-03', '05-31', '08-30', '12-27', '12-28'],
    2022: ['01-03', '04-15', '04-18', '05-02', '06-02', '06-03', '08-29', '09-19', '12-26', '12-27'],
    2023: ['01-02', '04-07', '04-10', '05-01', '05-08', '05-29', '08-28', '12-25', '12-26'],
  },
  scotland: {
    2019: ['01-01', '01-02', '04-19', '05-06', '05-27', '08-05', '12-02', '12-25', '12-26'],
    2020: ['01-01', '01-02', '04-10', '05-08', '05-25', '08-03', '11-30', '12-25', '12-28'],
    2021: ['01-01', '01-04', '04-02', '05-03', '05-31', '08-02', '11-30', '12-27', '12-28'],
    2022: ['01-03', '01-04', '04-15', '05-02', '06-02', '06-03', '08-01', '09-19', '11-30', '12-26', '12-27'],
    2023: ['01-02', '01-03', '04-07', '05-01', '05-08', '05-29', '08-07', '11-30', '12-25', '12-26'],
  },
  'northern-ireland': {
    2018: ['01-01', '03-19', '03-30', '04-02', '05-07', '05-28', '07-12', '08-27', '12-25', '12-26'],
    2020: ['01-01', '03-17', '04-10', '04-13', '05-08', '05-25', '07-13', '08-31', '12-25', '12-28'],
    2022: ['01-03', '03-17', '04-15', '04-18', '05-02', '06-02', '06-03', '07-12', '08-29', '09-19', '12-26', '12-27'],
    2023: ['01-02', '03-17', '04-07', '04-10', '05-01', '05-08', '05-29', '07-12', '08-28', '12-25', '12-26'],
  },
};

describe('UK bank holidays', () => {
  it("gives gov.uk's dates and names for 2024 to 2028 in each nation", () => {
    for (const nation of NATIONS) {
      const years = bankHolidaysBetween(nation, '2024-01-01', '2028-12-31').map((h): [string, string] => [
        h.date,
        h.name,
      ]);
      expect(years).toEqual(PUBLISHED_2024_TO_2028[nation]);
    }
  });

  it("gives gov.uk's dates for 2018 to 2023, the announced changes included (VE Day, the Jubilee, the State Funeral, the Coronation)", () => {
    for (const nation of NATIONS) {
      for (const [year, dates] of Object.entries(PUBLISHED_2018_TO_2023[nation])) {
        expect(
          datesOf(nation, Number(year)).map((date) => date.slice(5)),
          `${nation} ${year}`,
        ).toEqual(dates);
      }
    }
    expect(bankHolidayOn('england-and-wales', '2020-05-04')).toBeNull();
    expect(bankHolidayOn('scotland', '2022-05-30')).toBeNull();
    expect(bankHolidayOn('northern-ireland', '2023-05-08')).toBe('Bank holiday for the coronation of King Charles III');
  });

  it('lists 2026 for England and Wales as gov.uk does, with 28 December for Boxing Day (a Saturday)', () => {
    expect(bankHolidayOn('england-and-wales', '2026-12-28')).toBe('Boxing Day (substitute day)');
    expect(bankHolidayOn('england-and-wales', '2026-12-26')).toBeNull();
  });

  it("gives Scotland 2 January, no Easter Monday, the first Monday of August and St Andrew's Day moved off a weekend", () => {
    expect(bankHolidayOn('scotland', '2026-04-06')).toBeNull();
    expect(bankHolidayOn('scotland', '2026-08-31')).toBeNull();
    expect(bankHolidayOn('scotland', '2024-12-02')).toBe("St Andrew's Day (substitute day)");
    expect(bankHolidayOn('scotland', '2027-01-04')).toBe('2nd January (substitute day)');
  });

  it("gives Northern Ireland St Patrick's Day and 12 July, each moved off a weekend", () => {
    expect(bankHolidayOn('northern-ireland', '2024-03-18')).toBe("St Patrick's Day (substitute day)");
    expect(bankHolidayOn('northern-ireland', '2025-07-14')).toContain('substitute');
    expect(bankHolidayOn('england-and-wales', '2026-03-17')).toBeNull();
  });

  it('has no end year: 2041 has Easter on 21 April, and 2100 a substitute for Christmas on a Saturday', () => {
    expect(datesOf('england-and-wales', 2041)).toEqual([
      '2041-01-01',
      '2041-04-19',
      '2041-04-22',
      '2041-05-06',
      '2041-05-27',
      '2041-08-26',
      '2041-12-25',
      '2041-12-26',
    ]);
    expect(bankHolidayOn('england-and-wales', '2100-12-27')).toBe('Christmas Day (substitute day)');
    expect(bankHolidayOn('scotland', '2100-12-28')).toBe('Boxing Day (substitute day)');
  });

  it('puts every holiday on a weekday, once, in order, 8 a year in England and Wales, 9 in Scotland, 10 in NI', () => {
    const perYear = { 'england-and-wales': 8, scotland: 9, 'northern-ireland': 10 } as const;
    const changed = new Set([1995, 1999, 2002, 2011, 2012, 2020, 2022, 2023]);
    for (const nation of NATIONS) {
      for (let year = 1990; year <= 2200; year += 1) {
        const dates = datesOf(nation, year);
        expect([...dates].sort()).toEqual(dates);
        expect(new Set(dates).size).toBe(dates.length);
        for (const date of dates) expect([0, 6]).not.toContain(weekday(date));
        if (!changed.has(year)) expect(dates, `${nation} ${year}`).toHaveLength(perYear[nation]);
      }
    }
  });

  it('reads a range across years', () => {
    expect(bankHolidaysBetween('england-and-wales', '2026-12-20', '2027-01-10').map((h) => h.date)).toEqual([
      '2026-12-25',
      '2026-12-28',
      '2027-01-01',
    ]);
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
