/**
 * UK bank holidays by nation, 2024–2028 (docs/finance.md, "Open days"). Each nation has its own list: Scotland has
 * 2 January and St Andrew's Day but no Easter Monday and its summer holiday on the first Monday of August; Northern
 * Ireland adds St Patrick's Day and 12 July (the Battle of the Boyne). A holiday falling on a weekend gives a
 * substitute weekday, listed here as the holiday itself. Dates are Europe/London days 'YYYY-MM-DD'.
 */
export const NATIONS = ['england-and-wales', 'scotland', 'northern-ireland'] as const;
export type Nation = (typeof NATIONS)[number];

export const NATION_NAMES: Record<Nation, string> = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
};

/** The years the table covers; a day outside them is never a bank holiday to Brade. */
export const BANK_HOLIDAY_YEARS = { from: 2024, to: 2028 } as const;

export interface BankHoliday {
  date: string;
  name: string;
}

const NEW_YEAR = "New Year's Day";
const SECOND_JAN = '2nd January';
const ST_PATRICK = "St Patrick's Day";
const GOOD_FRIDAY = 'Good Friday';
const EASTER_MONDAY = 'Easter Monday';
const EARLY_MAY = 'Early May bank holiday';
const SPRING = 'Spring bank holiday';
const SUMMER = 'Summer bank holiday';
const BOYNE = 'Battle of the Boyne (Orangemen’s Day)';
const ST_ANDREW = "St Andrew's Day";
const CHRISTMAS = 'Christmas Day';
const BOXING = 'Boxing Day';
const sub = (name: string) => `${name} (substitute day)`;

const table = (rows: Array<[string, string]>): readonly BankHoliday[] =>
  Object.freeze(rows.map(([date, name]) => Object.freeze({ date, name })));

/** The table, oldest first within each nation. */
export const BANK_HOLIDAYS: Readonly<Record<Nation, readonly BankHoliday[]>> = {
  'england-and-wales': table([
    ['2024-01-01', NEW_YEAR],
    ['2024-03-29', GOOD_FRIDAY],
    ['2024-04-01', EASTER_MONDAY],
    ['2024-05-06', EARLY_MAY],
    ['2024-05-27', SPRING],
    ['2024-08-26', SUMMER],
    ['2024-12-25', CHRISTMAS],
    ['2024-12-26', BOXING],
    ['2025-01-01', NEW_YEAR],
    ['2025-04-18', GOOD_FRIDAY],
    ['2025-04-21', EASTER_MONDAY],
    ['2025-05-05', EARLY_MAY],
    ['2025-05-26', SPRING],
    ['2025-08-25', SUMMER],
    ['2025-12-25', CHRISTMAS],
    ['2025-12-26', BOXING],
    ['2026-01-01', NEW_YEAR],
    ['2026-04-03', GOOD_FRIDAY],
    ['2026-04-06', EASTER_MONDAY],
    ['2026-05-04', EARLY_MAY],
    ['2026-05-25', SPRING],
    ['2026-08-31', SUMMER],
    ['2026-12-25', CHRISTMAS],
    ['2026-12-28', sub(BOXING)],
    ['2027-01-01', NEW_YEAR],
    ['2027-03-26', GOOD_FRIDAY],
    ['2027-03-29', EASTER_MONDAY],
    ['2027-05-03', EARLY_MAY],
    ['2027-05-31', SPRING],
    ['2027-08-30', SUMMER],
    ['2027-12-27', sub(CHRISTMAS)],
    ['2027-12-28', sub(BOXING)],
    ['2028-01-03', sub(NEW_YEAR)],
    ['2028-04-14', GOOD_FRIDAY],
    ['2028-04-17', EASTER_MONDAY],
    ['2028-05-01', EARLY_MAY],
    ['2028-05-29', SPRING],
    ['2028-08-28', SUMMER],
    ['2028-12-25', CHRISTMAS],
    ['2028-12-26', BOXING],
  ]),
  scotland: table([
    ['2024-01-01', NEW_YEAR],
    ['2024-01-02', SECOND_JAN],
    ['2024-03-29', GOOD_FRIDAY],
    ['2024-05-06', EARLY_MAY],
    ['2024-05-27', SPRING],
    ['2024-08-05', SUMMER],
    ['2024-12-02', sub(ST_ANDREW)],
    ['2024-12-25', CHRISTMAS],
    ['2024-12-26', BOXING],
    ['2025-01-01', NEW_YEAR],
    ['2025-01-02', SECOND_JAN],
    ['2025-04-18', GOOD_FRIDAY],
    ['2025-05-05', EARLY_MAY],
    ['2025-05-26', SPRING],
    ['2025-08-04', SUMMER],
    ['2025-12-01', sub(ST_ANDREW)],
    ['2025-12-25', CHRISTMAS],
    ['2025-12-26', BOXING],
    ['2026-01-01', NEW_YEAR],
    ['2026-01-02', SECOND_JAN],
    ['2026-04-03', GOOD_FRIDAY],
    ['2026-05-04', EARLY_MAY],
    ['2026-05-25', SPRING],
    ['2026-08-03', SUMMER],
    ['2026-11-30', ST_ANDREW],
    ['2026-12-25', CHRISTMAS],
    ['2026-12-28', sub(BOXING)],
    ['2027-01-01', NEW_YEAR],
    ['2027-01-04', sub(SECOND_JAN)],
    ['2027-03-26', GOOD_FRIDAY],
    ['2027-05-03', EARLY_MAY],
    ['2027-05-31', SPRING],
    ['2027-08-02', SUMMER],
    ['2027-11-30', ST_ANDREW],
    ['2027-12-27', sub(CHRISTMAS)],
    ['2027-12-28', sub(BOXING)],
    ['2028-01-03', sub(NEW_YEAR)],
    ['2028-01-04', sub(SECOND_JAN)],
    ['2028-04-14', GOOD_FRIDAY],
    ['2028-05-01', EARLY_MAY],
    ['2028-05-29', SPRING],
    ['2028-08-07', SUMMER],
    ['2028-11-30', ST_ANDREW],
    ['2028-12-25', CHRISTMAS],
    ['2028-12-26', BOXING],
  ]),
  'northern-ireland': table([
    ['2024-01-01', NEW_YEAR],
    ['2024-03-18', sub(ST_PATRICK)],
    ['2024-03-29', GOOD_FRIDAY],
    ['2024-04-01', EASTER_MONDAY],
    ['2024-05-06', EARLY_MAY],
    ['2024-05-27', SPRING],
    ['2024-07-12', BOYNE],
    ['2024-08-26', SUMMER],
    ['2024-12-25', CHRISTMAS],
    ['2024-12-26', BOXING],
    ['2025-01-01', NEW_YEAR],
    ['2025-03-17', ST_PATRICK],
    ['2025-04-18', GOOD_FRIDAY],
    ['2025-04-21', EASTER_MONDAY],
    ['2025-05-05', EARLY_MAY],
    ['2025-05-26', SPRING],
    ['2025-07-14', sub(BOYNE)],
    ['2025-08-25', SUMMER],
    ['2025-12-25', CHRISTMAS],
    ['2025-12-26', BOXING],
    ['2026-01-01', NEW_YEAR],
    ['2026-03-17', ST_PATRICK],
    ['2026-04-03', GOOD_FRIDAY],
    ['2026-04-06', EASTER_MONDAY],
    ['2026-05-04', EARLY_MAY],
    ['2026-05-25', SPRING],
    ['2026-07-13', sub(BOYNE)],
    ['2026-08-31', SUMMER],
    ['2026-12-25', CHRISTMAS],
    ['2026-12-28', sub(BOXING)],
    ['2027-01-01', NEW_YEAR],
    ['2027-03-17', ST_PATRICK],
    ['2027-03-26', GOOD_FRIDAY],
    ['2027-03-29', EASTER_MONDAY],
    ['2027-05-03', EARLY_MAY],
    ['2027-05-31', SPRING],
    ['2027-07-12', BOYNE],
    ['2027-08-30', SUMMER],
    ['2027-12-27', sub(CHRISTMAS)],
    ['2027-12-28', sub(BOXING)],
    ['2028-01-03', sub(NEW_YEAR)],
    ['2028-03-17', ST_PATRICK],
    ['2028-04-14', GOOD_FRIDAY],
    ['2028-04-17', EASTER_MONDAY],
    ['2028-05-01', EARLY_MAY],
    ['2028-05-29', SPRING],
    ['2028-07-12', BOYNE],
    ['2028-08-28', SUMMER],
    ['2028-12-25', CHRISTMAS],
    ['2028-12-26', BOXING],
  ]),
};

const byDate: Record<Nation, ReadonlyMap<string, string>> = {
  'england-and-wales': new Map(BANK_HOLIDAYS['england-and-wales'].map((h) => [h.date, h.name])),
  scotland: new Map(BANK_HOLIDAYS.scotland.map((h) => [h.date, h.name])),
  'northern-ireland': new Map(BANK_HOLIDAYS['northern-ireland'].map((h) => [h.date, h.name])),
};

/** The bank holiday of a nation on a day, or null. */
export function bankHolidayOn(nation: Nation, date: string): string | null {
  return byDate[nation].get(date) ?? null;
}

/** The bank holidays of a nation from one day to another, both included, oldest first. */
export function bankHolidaysBetween(nation: Nation, from: string, to: string): BankHoliday[] {
  return BANK_HOLIDAYS[nation].filter((h) => h.date >= from && h.date <= to);
}

/**
 * Scottish and Northern Irish council areas, counties and cities an owner may have typed in the State field before
 * the form offered only the four nations: each names its nation's bank holidays. Anything else, England or Wales
 * included, follows England and Wales, whose bank holidays are the same.
 */
const PLACES: Record<Exclude<Nation, 'england-and-wales'>, readonly string[]> = {
  scotland: [
    'scotland',
    'alba',
    'aberdeen',
    'aberdeenshire',
    'angus',
    'argyll',
    'ayrshire',
    'borders',
    'clackmannanshire',
    'dumfries',
    'galloway',
    'dunbartonshire',
    'dundee',
    'edinburgh',
    'falkirk',
    'fife',
    'glasgow',
    'highland',
    'highlands',
    'inverclyde',
    'inverness',
    'lanarkshire',
    'lothian',
    'midlothian',
    'moray',
    'orkney',
    'perth',
    'perthshire',
    'renfrewshire',
    'shetland',
    'stirling',
    'hebrides',
    'eilean siar',
    'western isles',
  ],
  'northern-ireland': [
    'northern ireland',
    'ni',
    'ulster',
    'antrim',
    'armagh',
    'belfast',
    'county down',
    'co down',
    'fermanagh',
    'londonderry',
    'derry',
    'tyrone',
    'newry',
    'lisburn',
  ],
};

/**
 * The nation whose bank holidays apply, from the owner's State field (docs/finance.md, "Open days"): the form offers
 * England, Scotland, Wales and Northern Ireland; an older free-text value naming a Scottish or Northern Irish place
 * as a whole word ('Glasgow', 'Co. Antrim') counts too; anything else, or nothing, is England and Wales.
 */
export function nationOfState(state: string | null | undefined): Nation {
  const text = ` ${(state ?? '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()} `;
  for (const nation of ['northern-ireland', 'scotland'] as const) {
    if (PLACES[nation].some((place) => text.includes(` ${place} `))) return nation;
  }
  return 'england-and-wales';
}
