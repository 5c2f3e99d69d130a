import { addDays, addMonths, monthName as calendarMonthName, firstDayOf, lastDayOf, monthOf } from '@brade/contract';

/**
 * A period BradeBot talks about (docs/assistant.md, "Periods"): Europe/London days from `from` to `to` (never past
 * today), the whole months it covers when it is made of months, and the words that name it.
 */
export interface Period {
  from: string;
  to: string;
  /** 'YYYY-MM' months, oldest first, when the period is whole calendar months (the last may be unfinished). */
  months: string[];
  /** "October 2026", "July to September 2026", "Q3 (July to September 2026)". */
  label: string;
  /** True when the period runs to today (the month or year so far). */
  soFar: boolean;
}

export const monthName = (month: string) => `${calendarMonthName(Number(month.slice(5)))} ${month.slice(0, 4)}`;

/** "October 2026", "July to September 2026", "November 2025 to October 2026". */
export function labelOfMonths(first: string, last: string): string {
  if (first === last) return monthName(first);
  if (first.slice(0, 4) === last.slice(0, 4))
    return `${calendarMonthName(Number(first.slice(5)))} to ${monthName(last)}`;
  return `${monthName(first)} to ${monthName(last)}`;
}

/** The months from `first` to `last` (capped at today's month) as a period ending no later than today. */
export function monthsPeriod(first: string, last: string, today: string, prefix = ''): Period {
  const current = monthOf(today);
  const end = last > current ? current : last;
  const months: string[] = [];
  for (let m = first; m <= end; m = addMonths(m, 1)) months.push(m);
  const label = labelOfMonths(first, end);
  return {
    from: firstDayOf(first),
    to: end === current ? today : lastDayOf(end),
    months,
    label: prefix ? `${prefix} (${label})` : label,
    soFar: end === current,
  };
}

/** The latest month `month` (1–12) that has started by today. */
export function latestMonth(month: number, today: string): string {
  const current = monthOf(today);
  const candidate = `${current.slice(0, 4)}-${String(month).padStart(2, '0')}`;
  return candidate <= current ? candidate : addMonths(candidate, -12);
}

export const thisMonth = (today: string) => monthsPeriod(monthOf(today), monthOf(today), today);
export const monthsAgo = (today: string, n: number) => {
  const m = addMonths(monthOf(today), -n);
  return monthsPeriod(m, m, today);
};

/** The period of the same length just before a period of whole months (the month before, the quarter before). */
export function periodBefore(period: Period, today: string): Period {
  const n = period.months.length || 1;
  const first = period.months[0] ?? monthOf(period.from);
  return monthsPeriod(addMonths(first, -n), addMonths(first, -1), today);
}

/** Days (not whole months): "the last 7 days". */
export function daysPeriod(from: string, to: string, label: string): Period {
  return { from, to, months: [], label, soFar: false };
}

const MONTH_WORDS: Array<[RegExp, number]> = [
  [/\bjan(uary)?\b/, 1],
  [/\bfeb(ruary)?\b/, 2],
  [/\bmar(ch)?\b/, 3],
  [/\bapr(il)?\b/, 4],
  [/\bmay\b/, 5],
  [/\bjune?\b/, 6],
  [/\bjuly?\b/, 7],
  [/\baug(ust)?\b/, 8],
  [/\bsep(t|tember)?\b/, 9],
  [/\boct(ober)?\b/, 10],
  [/\bnov(ember)?\b/, 11],
  [/\bdec(ember)?\b/, 12],
];

const SEASONS: Array<[RegExp, number, string]> = [
  [/\bspring\b/, 3, 'spring'],
  [/\bsummer\b/, 6, 'summer'],
  [/\b(autumn|fall)\b/, 9, 'autumn'],
  [/\bwinter\b/, 12, 'winter'],
];

const QUARTER_WORDS: Array<[RegExp, number]> = [
  [/\bq1\b|\bfirst quarter\b/, 1],
  [/\bq2\b|\bsecond quarter\b/, 2],
  [/\bq3\b|\bthird quarter\b/, 3],
  [/\bq4\b|\bfourth quarter\b/, 4],
];

interface Found {
  at: number;
  period: Period;
  /** Names a month relative to an earlier answer ("the month before"). */
  relative?: 'before';
}

/**
 * Every period a question names, in the order they appear. "the month before" (not "last") is relative to the
 * conversation's last period and is returned with `relative` set for the caller to resolve.
 */
export function findPeriods(text: string, today: string): Found[] {
  const q = text.toLowerCase().replace(/[’']/g, "'");
  const current = monthOf(today);
  const year = Number(current.slice(0, 4));
  const found: Found[] = [];
  let rest = q;
  const claim = (re: RegExp, make: (m: RegExpExecArray) => Period | null, relative?: 'before') => {
    const global = new RegExp(re.source, 'g');
    let m: RegExpExecArray | null = global.exec(rest);
    while (m) {
      const period = make(m);
      if (period) found.push({ at: m.index, period, ...(relative ? { relative } : {}) });
      m = global.exec(rest);
    }
    rest = rest.replace(new RegExp(re.source, 'g'), (s) => ' '.repeat(s.length));
  };

  claim(/\b(the )?month before last\b|\b(2|two) months ago\b/, () => monthsAgo(today, 2));
  claim(/\b(the )?(month|one) before( that)?\b|\bprevious one\b/, () => monthsAgo(today, 2), 'before');
  claim(/\b(last|previous|past) (12|twelve) months\b|\bpast year\b|\blast year or so\b/, () =>
    monthsPeriod(addMonths(current, -12), addMonths(current, -1), today),
  );
  claim(/\b(this|current) month\b|\bmonth to date\b|\bso far this month\b|\bmtd\b/, () => thisMonth(today));
  claim(/\b(last|previous|past) month\b/, () => monthsAgo(today, 1));
  claim(/\blast quarter\b|\bprevious quarter\b/, () => {
    const q0 = Math.floor((Number(current.slice(5)) - 1) / 3);
    const first = addMonths(`${year}-${String(q0 * 3 + 1).padStart(2, '0')}`, -3);
    return monthsPeriod(first, addMonths(first, 2), today, `Q${((q0 + 3) % 4) + 1}`);
  });
  claim(/\bthis quarter\b/, () => {
    const q0 = Math.floor((Number(current.slice(5)) - 1) / 3);
    const first = `${year}-${String(q0 * 3 + 1).padStart(2, '0')}`;
    return monthsPeriod(first, addMonths(first, 2), today, `Q${q0 + 1}`);
  });
  claim(
    /\b(this|current) year\b|\byear to date\b|\bso far this year\b|\bytd\b|\bsince (the start of|the beginning of) (the )?year\b/,
    () => monthsPeriod(`${year}-01`, current, today),
  );
  claim(/\blast year\b|\bprevious year\b/, () => monthsPeriod(`${year - 1}-01`, `${year - 1}-12`, today));
  claim(
    /\bsince (jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t|tember)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/,
    (m) => {
      const word = m[0].slice(6);
      const n = MONTH_WORDS.find(([re]) => re.test(word))![1];
      return monthsPeriod(latestMonth(n, today), current, today);
    },
  );
  for (const [re, n] of QUARTER_WORDS) {
    claim(re, (m) => {
      const yearAfter = /\b(20\d\d)\b/.exec(rest.slice(m.index, m.index + 12));
      let first = `${yearAfter ? yearAfter[1] : year}-${String(n * 3 - 2).padStart(2, '0')}`;
      if (first > current) first = addMonths(first, -12);
      return monthsPeriod(first, addMonths(first, 2), today, `Q${n}`);
    });
  }
  for (const [re, n, name] of SEASONS) {
    claim(re, () => {
      const first = latestMonth(n, today);
      return monthsPeriod(first, addMonths(first, 2), today, `the ${name}`);
    });
  }
  for (const [re, n] of MONTH_WORDS) {
    // "may" is also a verb: only a month when a period word sits next to it.
    const pattern = n === 5 ? /\b(in|for|during|of|since|and|to|with|vs|than|from) may\b|\bmay( 20\d\d)?[?.!]*$/ : re;
    claim(new RegExp(`${pattern.source}( 20\\d\\d)?`), (m) => {
      const y = /20\d\d/.exec(m[0]);
      const month = y ? `${y[0]}-${String(n).padStart(2, '0')}` : latestMonth(n, today);
      return month > current ? null : monthsPeriod(month, month, today);
    });
  }
  claim(/\btoday\b/, () => daysPeriod(today, today, 'today'));
  claim(/\b(this|current) week\b/, () => {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    return daysPeriod(addDays(today, -weekday), today, 'this week so far');
  });
  claim(/\blast week\b/, () => {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    return daysPeriod(addDays(today, -weekday - 7), addDays(today, -weekday - 1), 'last week (Monday to Sunday)');
  });
  claim(/\b(20\d\d)\b/, (m) => {
    const y = Number(m[1]);
    return y > year ? null : monthsPeriod(`${y}-01`, `${y}-12`, today);
  });
  return found.sort((a, b) => a.at - b.at);
}
