/**
 * UK bank holidays by nation, for any year (docs/finance.md, "Open days"), from the rules gov.uk states and the
 * one-off changes announced by royal proclamation. Each nation has its own: Scotland has 2 January and St Andrew's
 * Day but no Easter Monday, and its summer holiday on the first Monday of August; Northern Ireland adds St Patrick's
 * Day and 12 July (the Battle of the Boyne). A holiday falling on a weekend gives a substitute weekday, named as the
 * holiday's substitute day. Dates are Europe/London days 'YYYY-MM-DD'. The provider simulators' bank calendar
 * (packages/sandbox) reads the same rules.
 */
export const NATIONS = ['england-and-wales', 'scotland', 'northern-ireland'] as const;
export type Nation = (typeof NATIONS)[number];

export const NATION_NAMES: Record<Nation, string> = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
};

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

/**
 * The one-off changes, UK-wide, as announced: a regular holiday moved (`moved`, by its name, to the new date) and
 * extra holidays. Every change since 1995 is listed; a change announced for a future year is added here.
 */
const ANNOUNCED: Record<number, { moved?: Record<string, string>; extra?: BankHoliday[] }> = {
  1995: { moved: { [EARLY_MAY]: '1995-05-08' } }, // VE Day's 50th anniversary
  1999: { extra: [{ date: '1999-12-31', name: 'Millennium Celebrations' }] },
  2002: {
    moved: { [SPRING]: '2002-06-04' },
    extra: [{ date: '2002-06-03', name: 'Golden Jubilee bank holiday' }],
  },
  2011: { extra: [{ date: '2011-04-29', name: 'Royal wedding' }] },
  2012: {
    moved: { [SPRING]: '2012-06-04' },
    extra: [{ date: '2012-06-05', name: 'Queen’s Diamond Jubilee' }],
  },
  2020: { moved: { [EARLY_MAY]: '2020-05-08' } }, // VE Day's 75th anniversary
  2022: {
    moved: { [SPRING]: '2022-06-02' },
    extra: [
      { date: '2022-06-03', name: 'Platinum Jubilee bank holiday' },
      { date: '2022-09-19', name: 'Bank Holiday for the State Funeral of Queen Elizabeth II' },
    ],
  },
  2023: { extra: [{ date: '2023-05-08', name: 'Bank holiday for the coronation of King Charles III' }] },
};

const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
const utc = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);
const weekdayOf = (time: number) => new Date(time).getUTCDay();
const plusDays = (time: number, days: number) => time + days * DAY_MS;

/** Western Easter Sunday (the anonymous Gregorian algorithm). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

const firstMonday = (year: number, month: number) => {
  const first = utc(year, month, 1);
  return plusDays(first, (8 - weekdayOf(first)) % 7);
};
const lastMonday = (year: number, month: number) => {
  const last = utc(year, month + 1, 0);
  return plusDays(last, -((weekdayOf(last) + 6) % 7));
};

/**
 * Fixed-date holidays in order, each moved off a weekend to the next weekday that is not already a holiday: the
 * Christmas pair (Christmas on a Saturday gives Monday and Tuesday), New Year's Day and Scotland's 2 January. The
 * dates are gov.uk's; a substitute is named after the holiday it replaces in that order (gov.uk sometimes names the
 * pair the other way round; no screen shows the names).
 */
function fixedDates(names: Array<[string, number]>): BankHoliday[] {
  const taken = new Set<number>();
  return names.map(([name, time]) => {
    let day = time;
    while (weekdayOf(day) === 0 || weekdayOf(day) === 6 || taken.has(day)) day = plusDays(day, 1);
    taken.add(day);
    return { date: iso(day), name: day === time ? name : sub(name) };
  });
}

/** A nation's bank holidays of one year, oldest first. */
function holidaysOf(nation: Nation, year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const newYear = fixedDates(
    nation === 'scotland'
      ? [
          [NEW_YEAR, utc(year, 1, 1)],
          [SECOND_JAN, utc(year, 1, 2)],
        ]
      : [[NEW_YEAR, utc(year, 1, 1)]],
  );
  const regular: BankHoliday[] = [
    ...newYear,
    ...(nation === 'northern-ireland' ? fixedDates([[ST_PATRICK, utc(year, 3, 17)]]) : []),
    { date: iso(plusDays(easter, -2)), name: GOOD_FRIDAY },
    ...(nation === 'scotland' ? [] : [{ date: iso(plusDays(easter, 1)), name: EASTER_MONDAY }]),
    { date: iso(firstMonday(year, 5)), name: EARLY_MAY },
    { date: iso(lastMonday(year, 5)), name: SPRING },
    ...(nation === 'northern-ireland' ? fixedDates([[BOYNE, utc(year, 7, 12)]]) : []),
    { date: iso(nation === 'scotland' ? firstMonday(year, 8) : lastMonday(year, 8)), name: SUMMER },
    ...(nation === 'scotland' ? fixedDates([[ST_ANDREW, utc(year, 11, 30)]]) : []),
    ...fixedDates([
      [CHRISTMAS, utc(year, 12, 25)],
      [BOXING, utc(year, 12, 26)],
    ]),
  ];
  const announced = ANNOUNCED[year];
  const moved = regular.map((h) => ({ ...h, date: announced?.moved?.[h.name] ?? h.date }));
  return [...moved, ...(announced?.extra ?? [])].sort((a, b) => a.date.localeCompare(b.date));
}

const cache = new Map<string, { list: readonly BankHoliday[]; byDate: ReadonlyMap<string, string> }>();

function yearOf(nation: Nation, year: number) {
  const key = `${nation}:${year}`;
  let entry = cache.get(key);
  if (!entry) {
    const list = Object.freeze(holidaysOf(nation, year).map((h) => Object.freeze(h)));
    entry = { list, byDate: new Map(list.map((h) => [h.date, h.name])) };
    cache.set(key, entry);
  }
  return entry;
}

/** A nation's bank holidays of a calendar year, oldest first. */
export function bankHolidaysOfYear(nation: Nation, year: number): readonly BankHoliday[] {
  return yearOf(nation, year).list;
}

/** The bank holiday of a nation on a day, or null. */
export function bankHolidayOn(nation: Nation, date: string): string | null {
  return yearOf(nation, Number(date.slice(0, 4))).byDate.get(date) ?? null;
}

/** The bank holidays of a nation from one day to another, both included, oldest first. */
export function bankHolidaysBetween(nation: Nation, from: string, to: string): BankHoliday[] {
  const years = Array.from(
    { length: Number(to.slice(0, 4)) - Number(from.slice(0, 4)) + 1 },
    (_, i) => Number(from.slice(0, 4)) + i,
  );
  return years.flatMap((year) => bankHolidaysOfYear(nation, year)).filter((h) => h.date >= from && h.date <= to);
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
