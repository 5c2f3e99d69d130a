import { addDays, addMonths, firstDayOf, lastDayOf, monthOf, type VatStagger, vatQuarterOf } from '@brade/contract';
import * as chrono from 'chrono-node';
import {
  dayRangeText,
  daysPeriod,
  longDate,
  MONTH_NAMES,
  monthName,
  monthsPeriod,
  type Period,
  weekdayOf,
} from './period-words.js';

export type { Period, PeriodUnit } from './period-words.js';
export { daysPeriod, monthName, monthsPeriod } from './period-words.js';

/**
 * The UK period grammar BradeBot reads (docs/assistant.md, "Periods"). Every period is Europe/London days; a month
 * or year named without a year is the latest one that has started (in November 2026, "December" is December 2025);
 * the tax year runs from 6 April to 5 April; VAT quarters follow the owner's stagger. chrono-node (UK day-month
 * order) reads written dates ("since 6 april", "14/02/2026", "3 march to 10 april"); everything else is the rules
 * below, written for UK owners' words.
 */
export interface PeriodOptions {
  today: string;
  /** The owner's VAT quarters; calendar quarters when not VAT-registered. */
  vatStagger?: VatStagger | null;
  /** Quarter words ("this quarter", "last quarter") mean VAT quarters: the question is about VAT. */
  vatQuarters?: boolean;
  /** The question looks ahead ("how's December looking"): a month name means the next such month. */
  future?: boolean;
  /** The first day of the owner's books: "ever" and "since we started" begin there. */
  booksFrom?: string | null;
}

export interface Found {
  at: number;
  period: Period;
  /** Named relative to another period of the conversation ("the month before", "same month last year"). */
  relative?: 'before' | 'yearBefore';
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  eighteen: 18,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};
const NUMBER =
  '(\\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|twenty|thirty|sixty|ninety)';
const numberOf = (word: string) => NUMBER_WORDS[word] ?? Number(word);

/** Month words, "may" apart (a verb too): it is a month only beside a period word or a year. */
const MONTH =
  '(january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)';
const monthNumber = (word: string) => {
  const w = word.slice(0, 3);
  return ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].indexOf(w) + 1;
};
const YEAR = '(20\\d\\d)';
const ORDINAL: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
};

const mm = (n: number) => String(n).padStart(2, '0');

/** The tax year holding a day: its first year (6 April of it). */
export const taxYearOf = (day: string) => {
  const y = Number(day.slice(0, 4));
  return day >= `${y}-04-06` ? y : y - 1;
};

/** "the 2025/26 tax year (6 April 2025–5 April 2026)". */
export function taxYearPeriod(startYear: number, today: string): Period {
  const from = `${startYear}-04-06`;
  const to = `${startYear + 1}-04-05`;
  const name = `the ${startYear}/${String((startYear + 1) % 100).padStart(2, '0')} tax year`;
  if (today >= from && today < to) {
    return {
      ...daysPeriod(from, today, 'taxYear'),
      label: `${name} so far (${dayRangeText(from, today)})`,
      soFar: true,
    };
  }
  return { ...daysPeriod(from, to, 'taxYear'), label: `${name} (${dayRangeText(from, to)})` };
}

/** Quarter n (1–4) of a tax year: the Making Tax Digital periods from 6 April, 6 July, 6 October and 6 January. */
function taxQuarterPeriod(startYear: number, n: number, today: string): Period {
  const starts = [
    `${startYear}-04-06`,
    `${startYear}-07-06`,
    `${startYear}-10-06`,
    `${startYear + 1}-01-06`,
    `${startYear + 1}-04-06`,
  ];
  const from = starts[n - 1]!;
  const to = addDays(starts[n]!, -1);
  const name = `quarter ${n} of the ${startYear}/${String((startYear + 1) % 100).padStart(2, '0')} tax year`;
  const soFar = today >= from && today < to;
  return {
    ...daysPeriod(from, soFar ? today : to, 'taxQuarter'),
    label: `${name}${soFar ? ' so far' : ''} (${dayRangeText(from, soFar ? today : to)})`,
    soFar,
  };
}

/** The VAT quarter holding a month on the owner's stagger, named by its months. */
export function vatQuarterPeriod(month: string, stagger: VatStagger, today: string): Period {
  const q = vatQuarterOf(month, stagger);
  const first = monthOf(q.from);
  const p = monthsPeriod(first, q.endMonth, today, 'vatQuarter', `the VAT quarter`);
  return p;
}

/** A calendar quarter (1–4) of a year. */
export function quarterPeriod(year: number, n: number, today: string): Period {
  const first = `${year}-${mm(n * 3 - 2)}`;
  return monthsPeriod(first, addMonths(first, 2), today, 'quarter', `Q${n} ${year}`);
}

/** The calendar quarter before the one holding a month: [year, quarter]. */
const lastQuarterOf = (month: string): [number, number] => {
  const q = Math.floor((Number(month.slice(5)) - 1) / 3);
  return q === 0 ? [Number(month.slice(0, 4)) - 1, 4] : [Number(month.slice(0, 4)), q];
};

/** The latest `month` (1–12) that has started by today (this one included). */
export function latestMonth(month: number, today: string): string {
  const current = monthOf(today);
  const candidate = `${current.slice(0, 4)}-${mm(month)}`;
  return candidate <= current ? candidate : addMonths(candidate, -12);
}

export const thisMonth = (today: string) => monthsPeriod(monthOf(today), monthOf(today), today, 'month');
export const monthsAgo = (today: string, n: number) => {
  const m = addMonths(monthOf(today), -n);
  return monthsPeriod(m, m, today, 'month');
};
/** The 12 whole months before this one. */
export const lastTwelveMonths = (today: string) =>
  monthsPeriod(
    addMonths(monthOf(today), -12),
    addMonths(monthOf(today), -1),
    today,
    'months',
    'the last 12 whole months',
  );
export const yearSoFar = (today: string) =>
  monthsPeriod(`${today.slice(0, 4)}-01`, monthOf(today), today, 'year', today.slice(0, 4));

/** Every day the books hold, from their first day to today. */
export const allTime = (booksFrom: string, today: string): Period => ({
  ...daysPeriod(booksFrom, today, 'all'),
  label: `since your books began (${dayRangeText(booksFrom, today)})`,
});

/** A calendar year, to today when it is the current one. */
export function yearPeriod(year: number, today: string): Period {
  return monthsPeriod(`${year}-01`, `${year}-12`, today, 'year', String(year));
}

const SEASONS: Record<string, { first: number; name: string }> = {
  spring: { first: 3, name: 'spring' },
  summer: { first: 6, name: 'summer' },
  autumn: { first: 9, name: 'autumn' },
  fall: { first: 9, name: 'autumn' },
  winter: { first: 12, name: 'winter' },
};

/** A meteorological season starting in `year` (winter runs December to February). */
function seasonPeriod(season: string, year: number, today: string): Period {
  const s = SEASONS[season]!;
  const first = `${year}-${mm(s.first)}`;
  const last = addMonths(first, 2);
  const name = s.first === 12 ? `winter ${year}/${String((year + 1) % 100).padStart(2, '0')}` : `${s.name} ${year}`;
  return monthsPeriod(first, last, today, 'season', name);
}

/** The same length of time just before a period: the month, quarter, year or days before. */
export function periodBefore(p: Period, today: string): Period {
  switch (p.unit) {
    case 'month':
    case 'quarter':
    case 'vatQuarter':
    case 'half':
    case 'season':
    case 'year':
    case 'months': {
      const n = monthCount(p);
      const first = monthOf(p.from);
      const unit = p.unit === 'year' && n === 12 ? 'year' : p.unit;
      const before = addMonths(first, -n);
      if (unit === 'quarter')
        return quarterPeriod(Number(before.slice(0, 4)), (Number(before.slice(5)) + 2) / 3, today);
      if (unit === 'year') return yearPeriod(Number(before.slice(0, 4)), today);
      if (unit === 'month') return monthsPeriod(before, before, today, 'month');
      return monthsPeriod(before, addMonths(first, -1), today, unit === 'vatQuarter' ? 'vatQuarter' : 'months');
    }
    case 'taxYear':
      return taxYearPeriod(taxYearOf(p.from) - 1, today);
    default: {
      const days = dayCount(p.from, p.to);
      const to = addDays(p.from, -1);
      return daysPeriod(addDays(to, 1 - days), to, p.unit === 'day' ? 'day' : 'days');
    }
  }
}

/** The same days a year earlier. */
export function periodYearBefore(p: Period, today: string): Period {
  if (p.months.length > 0 && p.unit !== 'days' && p.unit !== 'all') {
    const first = addMonths(monthOf(p.from), -12);
    const last = addMonths(monthOf(p.to), -12);
    if (p.soFar) {
      const to = `${last}-${p.to.slice(8)}`;
      return daysPeriod(firstDayOf(first), to > lastDayOf(last) ? lastDayOf(last) : to, 'days');
    }
    if (p.unit === 'quarter') return quarterPeriod(Number(first.slice(0, 4)), (Number(first.slice(5)) + 2) / 3, today);
    if (p.unit === 'year') return yearPeriod(Number(first.slice(0, 4)), today);
    return monthsPeriod(first, last, today, p.unit === 'month' ? 'month' : 'months');
  }
  const shift = (d: string) => `${Number(d.slice(0, 4)) - 1}${d.slice(4)}`.replace(/-02-29$/, '-02-28');
  return daysPeriod(shift(p.from), shift(p.to), p.unit === 'day' ? 'day' : 'days');
}

const monthCount = (p: Period) =>
  (Number(p.to.slice(0, 4)) - Number(p.from.slice(0, 4))) * 12 +
  Number(p.to.slice(5, 7)) -
  Number(p.from.slice(5, 7)) +
  1;
export const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Good Friday to Easter Monday of a year (the Gregorian computus). */
function easter(year: number): { from: string; to: string } {
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
  const sunday = `${year}-${mm(month)}-${mm(day)}`;
  return { from: addDays(sunday, -2), to: addDays(sunday, 1) };
}

/** The Friday after the fourth Thursday of November. */
function blackFriday(year: number): string {
  const first = `${year}-11-01`;
  const thursday = addDays(first, (3 - weekdayOf(first) + 7) % 7);
  return addDays(thursday, 22);
}

/**
 * Every period a question names, in the order they appear. "the month before" and "same month last year" are
 * relative to another period (of the question or of the conversation) and come back with `relative` set.
 */
export function findPeriods(text: string, options: PeriodOptions): Found[] {
  const { today } = options;
  const current = monthOf(today);
  const year = Number(today.slice(0, 4));
  const found: Found[] = [];
  let rest = ` ${text.toLowerCase().replace(/[’']/g, "'")} `;
  const offset = -1;
  const claim = (source: string, make: (m: RegExpExecArray) => Period | null, relative?: Found['relative']) => {
    const re = new RegExp(source, 'g');
    const spans: Array<[number, number]> = [];
    for (let m = re.exec(rest); m; m = re.exec(rest)) {
      if (m[0] === '') {
        re.lastIndex += 1;
        continue;
      }
      const period = make(m);
      if (!period) continue;
      found.push({ at: m.index + offset, period, ...(relative ? { relative } : {}) });
      spans.push([m.index, m.index + m[0].length]);
    }
    for (const [a, b] of spans) rest = rest.slice(0, a) + ' '.repeat(b - a) + rest.slice(b);
  };
  /** A month (1–12) named with a year or a year word, else the latest started (or the next, looking ahead). */
  const resolveMonth = (n: number, yearWord: string | undefined, direction: string | undefined): string => {
    if (yearWord && /^20\d\d$/.test(yearWord)) return `${yearWord}-${mm(n)}`;
    if (yearWord === 'last') return `${year - 1}-${mm(n)}`;
    if (yearWord === 'this') return `${year}-${mm(n)}`;
    if (yearWord === 'next') return `${year + 1}-${mm(n)}`;
    // "last October", like "last summer": the one of last year.
    if (direction === 'last' || direction === 'previous') return `${year - 1}-${mm(n)}`;
    if (direction === 'next' || direction === 'coming') {
      const next = `${year}-${mm(n)}`;
      return next > current ? next : `${year + 1}-${mm(n)}`;
    }
    if (direction === 'this') return `${year}-${mm(n)}`;
    if (options.future) {
      const next = `${year}-${mm(n)}`;
      return next >= current ? next : `${year + 1}-${mm(n)}`;
    }
    return latestMonth(n, today);
  };
  const yearFrom = (word: string | undefined, fallback: number) =>
    word === undefined
      ? fallback
      : /^20\d\d$/.test(word)
        ? Number(word)
        : word === 'last'
          ? year - 1
          : word === 'next'
            ? year + 1
            : year;
  const YEAR_WORD = `(?:,? ?(?:of |in )?(?:(?:the )?(${'20\\d\\d'})|(last|this|next) (?:year|yr)))?`;

  // Tax years: "2025/26", "25/26", "this tax year", "the tax year just gone", quarters of the tax year.
  claim(
    `\\b(?:(?:the|this|current) )?(?:tax (?:year|yr) )?(20)?(\\d\\d)(?:/|-| to )(20)?(\\d\\d)(?: tax (?:year|yr))?\\b`,
    (m) => {
      const first = Number(m[2]);
      const second = Number(m[4]);
      if ((second - first + 100) % 100 !== 1) return null;
      return taxYearPeriod(2000 + first, today);
    },
  );
  const taxQuarter = `(?:q([1-4])|(first|1st|second|2nd|third|3rd|fourth|4th) quarter|quarter ([1-4]))`;
  claim(
    `\\b${taxQuarter} (?:of )?(?:the |this |our |my )?(?:tax (?:year|yr)|mtd)\\b|\\b(?:tax (?:year|yr)|mtd) ${taxQuarter}\\b`,
    (m) => {
      const n = m[1]
        ? Number(m[1])
        : m[2]
          ? ORDINAL[m[2]]!
          : m[3]
            ? Number(m[3])
            : m[4]
              ? Number(m[4])
              : m[5]
                ? ORDINAL[m[5]]!
                : Number(m[6]);
      let start = taxYearOf(today);
      if (taxQuarterPeriod(start, n, today).from > today) start -= 1;
      return taxQuarterPeriod(start, n, today);
    },
  );
  claim(
    `\\b(?:this|current|the current) tax (?:year|yr)(?: so far| to date)?\\b|\\btax (?:year|yr) to date\\b|\\bso far this tax (?:year|yr)\\b|\\bsince the (?:start|beginning) of the tax (?:year|yr)\\b`,
    () => taxYearPeriod(taxYearOf(today), today),
  );
  claim(
    `\\b(?:last|previous|the last) tax (?:year|yr)\\b|\\bthe tax (?:year|yr) (?:just gone|that(?:'s| has| just)? ended|before)\\b|\\btax (?:year|yr) just gone\\b`,
    () => taxYearPeriod(taxYearOf(today) - 1, today),
  );
  claim(`\\b(?:the |this |my )?tax (?:year|yr)\\b|\\b(?:this|the|my|current) financial year\\b`, () =>
    taxYearPeriod(taxYearOf(today), today),
  );
  claim(`\\b(?:last|previous) financial year\\b`, () => taxYearPeriod(taxYearOf(today) - 1, today));

  // "between 1 and 15 October", "from the 3rd to the 10th of March": chrono reads only the second date of these.
  claim(
    `\\b(?:between|from) (?:the )?(\\d{1,2})(?:st|nd|rd|th)? (?:and|to|till|until|-) (?:the )?(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH}(?: ${YEAR})?\\b`,
    (m) => {
      const n = monthNumber(m[3]!);
      const month = m[4] ? `${m[4]}-${mm(n)}` : latestMonth(n, today);
      const [a, b] = [Number(m[1]), Number(m[2])];
      if (a < 1 || b < a || `${month}-${mm(b)}` > lastDayOf(month)) return null;
      return daysPeriod(`${month}-${mm(a)}`, `${month}-${mm(b)}`, 'days');
    },
  );
  // Written dates, through chrono-node's UK parser: "since 6 april", "on 14/02/2026", "3 march to 10 april".
  const dates = chrono.en.GB.parse(rest, { instant: new Date(`${today}T12:00:00Z`), timezone: 'Europe/London' });
  for (const r of dates) {
    // Only written dates ("6 april", "14/02/2026"): relative words ("last 90 days") are the rules' own.
    if (
      !r.start.isCertain('day') ||
      !r.start.isCertain('month') ||
      !new RegExp(
        `\\d{1,2}(?:st|nd|rd|th)?(?: of)? ${MONTH}|${MONTH} \\d{1,2}(?:st|nd|rd|th)?\\b|\\d{1,2}[/.-]\\d{1,2}`,
      ).test(r.text)
    )
      continue;
    const day = (c: chrono.ParsedComponents) => {
      const d = `${c.isCertain('year') ? c.get('year') : year}-${mm(c.get('month')!)}-${mm(c.get('day')!)}`;
      return !c.isCertain('year') && d > today ? `${Number(d.slice(0, 4)) - 1}${d.slice(4)}` : d;
    };
    const start = day(r.start);
    const before = rest.slice(Math.max(0, r.index - 8), r.index);
    let period: Period;
    if (r.end) period = daysPeriod(start, day(r.end), 'days');
    else if (/\b(since|from|after)\s*$/.test(before))
      period = { ...daysPeriod(start, today, 'days', `since ${longDate(start)}`, true) };
    else if (/\b(until|till|to|before)\s*$/.test(before)) continue;
    else period = daysPeriod(start, start, 'day');
    found.push({ at: r.index + offset, period });
    rest = rest.slice(0, r.index) + ' '.repeat(r.text.length) + rest.slice(r.index + r.text.length);
  }

  // VAT quarters on the owner's stagger.
  const stagger = options.vatStagger ?? 'mar_jun_sep_dec';
  const vatQuarterBefore = (n: number) => {
    let q = vatQuarterOf(current, stagger);
    for (let i = 0; i < n; i++) q = vatQuarterOf(addMonths(monthOf(q.from), -1), stagger);
    return vatQuarterPeriod(monthOf(q.from), stagger, today);
  };
  claim(`\\b(?:this|current|the current|our|my) vat (?:quarter|period|return)\\b`, () => vatQuarterBefore(0));
  claim(`\\b(?:last|previous|latest|most recent) vat (?:quarter|period|return)\\b`, () => vatQuarterBefore(1));
  claim(
    `\\b(?:the )?(?:vat )?quarter (?:ending|ended|to|that ended in|up to|end(?:ing)? of) (?:the end of )?${MONTH}(?: ${YEAR})?\\b`,
    (m) => {
      const n = monthNumber(m[1]!);
      const month = m[2] ? `${m[2]}-${mm(n)}` : latestMonth(n, today);
      const first = addMonths(month, -2);
      if (options.vatStagger) {
        const q = vatQuarterOf(month, stagger);
        return vatQuarterPeriod(monthOf(q.from), stagger, today);
      }
      return monthsPeriod(first, month, today, 'quarter', `the quarter to ${monthName(month)}`);
    },
  );
  if (options.vatQuarters) {
    claim(`\\b(?:this|current|the current) quarter(?: so far)?\\b|\\bquarter to date\\b`, () => vatQuarterBefore(0));
    claim(`\\b(?:last|previous|the last|latest) quarter\\b`, () => vatQuarterBefore(1));
  }

  // Since a day, a month or the start.
  claim(
    `\\bsince (?:we|i) (?:started|began|opened|joined|have been|signed up|been)[a-z ]{0,20}?(?= on brade| with brade|\\b)(?: on brade| with brade| using brade)?|\\b(?:all[- ]time|ever|since (?:the )?(?:start|beginning)(?: of (?:brade|my books|the books|records))?|since records began|in total|altogether|of all time|since day one)\\b`,
    () => allTime(options.booksFrom ?? today, today),
  );

  // "last 90 days", "past 3 months", "last 2 weeks", "the last 12 months", "the past year".
  claim(
    `\\b(?:in |over )?(?:the )?(?:last|past|previous|recent) ${NUMBER} (days?|weeks?|months?|years?|yrs?)\\b|\\b${NUMBER} (days?|weeks?|months?) (?:ago|back)\\b`,
    (m) => {
      if (m[3] !== undefined) {
        const n = numberOf(m[3]);
        if (/^day/.test(m[4]!)) return daysPeriod(addDays(today, -n), addDays(today, -n), 'day', `${n} days ago`);
        if (/^week/.test(m[4]!)) {
          const monday = addDays(today, -weekdayOf(today) - 7 * n);
          return daysPeriod(monday, addDays(monday, 6), 'week', `the week ${n} weeks ago`);
        }
        return monthsAgo(today, n);
      }
      const n = numberOf(m[1]!);
      const unit = m[2]!;
      if (/^day/.test(unit)) return daysPeriod(addDays(today, 1 - n), today, 'days', `the last ${n} days`);
      if (/^week/.test(unit)) return daysPeriod(addDays(today, 1 - 7 * n), today, 'days', `the last ${n} weeks`);
      const months = /^(year|yr)/.test(unit) ? 12 * n : n;
      return monthsPeriod(
        addMonths(current, -months),
        addMonths(current, -1),
        today,
        'months',
        `the last ${months} whole months`,
      );
    },
  );
  claim(
    `\\b(?:in |over |during )?the (?:last|past) (?:year|yr|twelve months)\\b|\\bpast (?:year|yr)\\b|\\b(?:rolling|last) (?:12|twelve)\\b|\\blast year or so\\b`,
    () => lastTwelveMonths(today),
  );

  // Weeks and days.
  claim(`\\b(?:the )?week before last\\b`, () => {
    const monday = addDays(today, -weekdayOf(today) - 14);
    return daysPeriod(monday, addDays(monday, 6), 'week', 'the week before last');
  });
  claim(`\\b(?:this|current) week(?: so far)?\\b|\\bso far this week\\b|\\bweek to date\\b`, () => {
    const monday = addDays(today, -weekdayOf(today));
    return daysPeriod(monday, today, 'week', 'this week so far', true);
  });
  claim(`\\b(?:last|previous|past) week\\b`, () => {
    const monday = addDays(today, -weekdayOf(today) - 7);
    return daysPeriod(monday, addDays(monday, 6), 'week', 'last week');
  });
  claim(`\\b(?:last|this|the|past) weekend\\b`, () => {
    const w = weekdayOf(today);
    const saturday = w >= 5 ? addDays(today, 5 - w) : addDays(today, -(w + 2));
    const sunday = addDays(saturday, 1) > today ? today : addDays(saturday, 1);
    return daysPeriod(saturday, sunday, 'days', 'the weekend');
  });
  claim(`\\b(?:the )?day before yesterday\\b`, () => daysPeriod(addDays(today, -2), addDays(today, -2), 'day'));
  claim(`\\byesterday\\b|\\byday\\b`, () => daysPeriod(addDays(today, -1), addDays(today, -1), 'day', 'yesterday'));
  claim(`\\b(?:so far )?today(?: so far)?\\b|\\btoday's\\b|\\btdy\\b`, () => ({
    ...daysPeriod(today, today, 'day', 'today', true),
    label: `today so far (${longDate(today)}, up to the latest sync)`,
  }));
  claim(`\\bblack friday(?: (last|this) (?:year|yr)| (20\\d\\d))?\\b`, (m) => {
    const y = m[2] ? Number(m[2]) : m[1] === 'last' ? year - 1 : year;
    const day = blackFriday(y) <= today || m[1] || m[2] ? blackFriday(y) : blackFriday(y - 1);
    return day === today
      ? {
          ...daysPeriod(day, day, 'day', 'Black Friday, today', true),
          label: `Black Friday, today so far (${longDate(day)})`,
        }
      : daysPeriod(day, day, 'day', 'Black Friday');
  });

  // A day of the week: the latest one before today ("on Saturday", "last Tuesday"); plural is a habit, not a day.
  claim(`\\b(?:on |last |this (?:past )?)(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b(?!s)`, (m) => {
    const n = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(m[1]!);
    const back = (weekdayOf(today) - n + 7) % 7 || 7;
    const day = addDays(today, -back);
    return daysPeriod(day, day, 'day', `last ${m[1]![0]!.toUpperCase()}${m[1]!.slice(1)}`);
  });

  // Months.
  claim(`\\b(?:the )?month before last\\b`, () => monthsAgo(today, 2));
  // "The month before" is the month before the one the conversation is about, else before the current one; so for
  // "the quarter before", "the year before", "the week before".
  claim(
    `\\b(?:the )?(month|one|quarter|year|week) before(?! last)(?: that)?\\b|\\bprevious one\\b`,
    (m) =>
      m[1] === 'quarter'
        ? quarterPeriod(...lastQuarterOf(current), today)
        : m[1] === 'year'
          ? yearPeriod(year - 1, today)
          : m[1] === 'week'
            ? daysPeriod(
                addDays(today, -weekdayOf(today) - 7),
                addDays(today, -weekdayOf(today) - 1),
                'week',
                'last week',
              )
            : monthsAgo(today, 1),
    'before',
  );
  claim(
    `\\b(?:the )?same (?:month|period|time|days?) (?:last|a|the previous|previous) (?:year|yr)\\b|\\bsame time last (?:year|yr)\\b|\\bthis time last (?:year|yr)\\b`,
    () => thisMonth(today),
    'yearBefore',
  );
  claim(
    `\\b(?:this|current|the current) (?:month|mnth|mth)(?: so far)?\\b|\\bmonth to date\\b|\\bso far this month\\b`,
    () => thisMonth(today),
  );
  claim(`\\b(?:last|previous|past|the last) (?:month|mnth|mth)\\b`, () => monthsAgo(today, 1));
  claim(`\\bnext month\\b`, () => {
    const m = addMonths(current, 1);
    return monthsPeriod(m, m, today, 'month');
  });

  // Quarters.
  const quarterBefore = (n: number) => {
    const first = addMonths(`${year}-${mm(Math.floor((Number(current.slice(5)) - 1) / 3) * 3 + 1)}`, -3 * n);
    return quarterPeriod(Number(first.slice(0, 4)), (Number(first.slice(5)) + 2) / 3, today);
  };
  claim(`\\b(?:this|current|the current) quarter(?: so far)?\\b|\\bquarter to date\\b|\\bqtd\\b`, () =>
    quarterBefore(0),
  );
  claim(`\\b(?:the )?quarter before last\\b`, () => quarterBefore(2));
  claim(`\\b(?:last|previous|the last|latest) (?:quarter|qtr)\\b`, () => quarterBefore(1));
  claim(
    `\\b(?:(?:last|this|next) (?:year|yr)'s |${YEAR}'s )?(?:q([1-4])|(first|1st|second|2nd|third|3rd|fourth|4th) (?:quarter|qtr))${YEAR_WORD}\\b`,
    (m) => {
      const n = m[2] ? Number(m[2]) : ORDINAL[m[3]!]!;
      const prefixYear = /^(last|this|next)/.exec(m[0])?.[1] ?? m[1];
      const explicit = m[4] ?? m[5] ?? prefixYear;
      let y = yearFrom(explicit, year);
      if (explicit === undefined && quarterPeriod(y, n, today).from > today) y -= 1;
      return quarterPeriod(y, n, today);
    },
  );

  // Halves of a year.
  claim(
    `\\b(?:the )?(first|1st|second|2nd|last) half(?: of)?(?: the)?(?: (?:year|yr))?${YEAR_WORD}\\b|\\bh([12])${YEAR_WORD}\\b`,
    (m) => {
      const half = m[1] ? (/^(first|1st)$/.test(m[1]) ? 1 : 2) : Number(m[4]);
      const explicit = m[2] ?? m[3] ?? m[5] ?? m[6];
      let y = yearFrom(explicit, year);
      if (explicit === undefined && `${y}-${half === 1 ? '01' : '07'}` > current) y -= 1;
      const first = `${y}-${half === 1 ? '01' : '07'}`;
      return monthsPeriod(
        first,
        addMonths(first, 5),
        today,
        'half',
        `the ${half === 1 ? 'first' : 'second'} half of ${y}`,
      );
    },
  );

  // Seasons: meteorological.
  claim(`\\b(?:(this|last|next) )?(spring|summer|autumn|fall|winter)(?: (?:of )?${YEAR})?\\b`, (m) => {
    const s = SEASONS[m[2]!]!;
    let y = m[3] ? Number(m[3]) : year;
    if (!m[3]) {
      if (m[1] === 'last') y = year - 1;
      else if (m[1] === 'next') y = `${year}-${mm(s.first)}` > current ? year : year + 1;
      else if (`${y}-${mm(s.first)}` > current && !options.future) y -= 1;
      if (s.first === 12 && m[1] === 'last') y = `${year}-12` <= current ? year - 1 : year - 2;
    }
    return seasonPeriod(m[2]!, y, today);
  });
  claim(
    `\\b(?:(this|last|next) )?(?:christmas|xmas|crimbo|chrimbo|festive (?:period|season))(?: (?:of )?${YEAR})?\\b`,
    (m) => {
      const latest = `${year}-12` <= current ? year : year - 1;
      const y = m[2] ? Number(m[2]) : m[1] === 'next' || m[1] === 'this' || options.future ? year : latest;
      return { ...monthsPeriod(`${y}-12`, `${y}-12`, today, 'month'), label: `December ${y} (the Christmas month)` };
    },
  );
  claim(`\\b(?:(this|last) )?easter(?: ${YEAR})?\\b`, (m) => {
    let y = m[2] ? Number(m[2]) : year;
    if (!m[2] && (easter(y).from > today || m[1] === 'last')) y -= 1;
    const e = easter(y);
    return daysPeriod(e.from, e.to, 'days', `the Easter weekend ${y}`);
  });

  // Ranges of months: "from July to September", "jul-sep", "between march and may 2026".
  claim(
    `\\b(?:from |between )?${MONTH}(?: ${YEAR})? ?(?:to|till|until|through|thru|and|-|–) ?${MONTH}(?: ${YEAR})?\\b`,
    (m) => {
      const a = monthNumber(m[1]!);
      const b = monthNumber(m[3]!);
      if (!/^(from|between)/.test(m[0]) && /\band\b/.test(m[0])) return null;
      let last = m[4] ? `${m[4]}-${mm(b)}` : latestMonth(b, today);
      let first = m[2] ? `${m[2]}-${mm(a)}` : `${last.slice(0, 4)}-${mm(a)}`;
      if (first > last) first = addMonths(first, -12);
      if (first > current) {
        first = addMonths(first, -12);
        last = addMonths(last, -12);
      }
      return monthsPeriod(first, last, today, 'months');
    },
  );

  // "since April", "since March 2025", "since christmas", "since the start of the year".
  claim(`\\bsince (?:the (?:start|beginning) of |the 1st of |1st )?${MONTH}(?: ${YEAR})?\\b`, (m) => {
    const n = monthNumber(m[1]!);
    const first = m[2] ? `${m[2]}-${mm(n)}` : latestMonth(n, today);
    const p = monthsPeriod(first, current, today, 'months');
    return { ...p, label: `since 1 ${MONTH_NAMES[n - 1]} ${first.slice(0, 4)} (${dayRangeText(p.from, p.to)})` };
  });
  claim(`\\bsince (?:the (?:start|beginning) of (?:the |this )?(?:year|yr)|new year|january 1st|jan 1st)\\b`, () =>
    yearSoFar(today),
  );

  // Month names: "october", "november last yr", "last november", "march 2025", "in may".
  claim(`\\b(?:(last|previous|this|next|coming) )?${MONTH}(?:,? ${YEAR}|,? (last|this|next) (?:year|yr))?\\b`, (m) => {
    if (m[2] === 'may' && !m[1] && !m[3] && !m[4]) {
      const before = rest.slice(Math.max(0, m.index - 8), m.index);
      const after = rest.slice(m.index + m[0].length, m.index + m[0].length + 3);
      if (!/\b(in|for|during|of|since|and|to|with|vs|than|from|over)\s*$/.test(before) && !/^\s*[?.!]?\s*$/.test(after))
        return null;
    }
    if (m[2] === 'mar' && !m[3] && !m[4] && !m[1]) return null;
    const month = resolveMonth(monthNumber(m[2]!), m[3] ?? m[4], m[1]);
    return monthsPeriod(month, month, today, 'month');
  });

  // Years: "this year", "last yr", "2025", "year to date".
  claim(
    `\\b(?:this|current|the current) (?:year|yr)(?: so far| to date)?\\b|\\byear to date\\b|\\bso far this (?:year|yr)\\b|\\bytd\\b|\\bthis calendar year\\b|\\b(?:for )?the year so far\\b`,
    () => yearSoFar(today),
  );
  claim(`\\b(?:last|previous|the previous) (?:calendar )?(?:year|yr)\\b`, () => yearPeriod(year - 1, today));
  claim(`\\bnext (?:year|yr)\\b`, () => yearPeriod(year + 1, today));
  claim(`\\b(?:in |for |of |during )?${YEAR}\\b`, (m) => yearPeriod(Number(m[1]), today));

  return found.sort((a, b) => a.at - b.at);
}

/** Words that name all of the books ("ever", "since we started"): the reader gives them the books' first day. */
export const ALL_TIME =
  /\bsince (?:we|i) (?:started|began|opened|joined|signed up)\b|\ball[- ]time\b|\bever\b|\bsince (?:the )?(?:start|beginning)\b(?! of (?:the |this )?(?:year|yr|tax|month|quarter|week))|\bsince records began\b|\bin total\b|\baltogether\b|\bof all time\b|\bsince (?:using|joining|starting on) brade\b|\bsince day one\b|\bfrom the start\b/;

/** What the books can answer of a period: none of it (before they start, or not started yet), or the part they hold. */
export type Clipped =
  | { kind: 'whole'; period: Period }
  | { kind: 'partial'; period: Period; booksFrom: string }
  | { kind: 'beforeBooks'; booksFrom: string }
  | { kind: 'notStarted' };

export function clip(p: Period, today: string, booksFrom: string | null): Clipped {
  if (p.from > today) return { kind: 'notStarted' };
  const to = p.to > today ? today : p.to;
  const period = to === p.to ? p : { ...p, to, soFar: true };
  if (!booksFrom || period.from >= booksFrom) return { kind: 'whole', period };
  if (period.to < booksFrom) return { kind: 'beforeBooks', booksFrom };
  return { kind: 'partial', period: { ...period, from: booksFrom }, booksFrom };
}

export { dayRangeText, longDate };
