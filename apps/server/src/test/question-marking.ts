import { addMonths, daysInMonth, formatPounds, monthName, monthOf, poundsToPence } from '@brade/contract';
import { type AnalystAnswer, answerQuestion } from '../assistant/analyst.js';
import { type Expectation, QUESTION_SET, type QuestionPeriod } from './bradebot/question-set.js';
import type { TestServer } from './test-server.js';

/**
 * Marks the built-in analyst against the question set (docs/assistant.md, "How it is measured"), for
 * `assistant/question-set.api.test.ts` and `bench/assistant.mjs`. Every expected figure is worked out from the API's
 * own calls (the month calls, the report, the charts' series, the headline tiles, the goals), never from the
 * assistant's tools. An answer is right when it states every expected figure and names the period; a figure in an
 * answer that is not one the question allows is a wrong figure. Declining counts as not right.
 */

export interface Marked {
  question: string;
  answer: string;
  right: boolean;
  wrongFigures: string[];
  /** The analyst's answer time, in milliseconds. */
  ms: number;
}

export function questionMarker(server: TestServer, TODAY: string) {
  /** The months a period covers, oldest first, as 'YYYY-MM'. */
  function monthsOf(period: QuestionPeriod): string[] {
    const current = monthOf(TODAY);
    const year = current.slice(0, 4);
    const span = (from: string, to: string) => {
      const out: string[] = [];
      for (let m = from; m <= to; m = addMonths(m, 1)) out.push(m);
      return out;
    };
    const latest = (m: string) => (m <= current ? m : addMonths(m, -12));
    if (period === 'this-month') return [current];
    if (period === 'last-month') return [addMonths(current, -1)];
    if (period === 'month-before-last') return [addMonths(current, -2)];
    if (period === 'this-year' || period === 'since-january') return span(`${year}-01`, current);
    if (period === 'summer') {
      const june = latest(`${year}-06`);
      return span(june, addMonths(june, 2));
    }
    if ('month' in period) return [latest(`${year}-${String(period.month).padStart(2, '0')}`)];
    const first = latest(`${year}-${String(period.quarter * 3 - 2).padStart(2, '0')}`);
    return span(first, addMonths(first, 2)).filter((m) => m <= current);
  }

  const nameOf = (month: string) => `${monthName(Number(month.slice(5)))} ${month.slice(0, 4)}`;
  /** "October 2026", "July to September 2026", "November 2025 to October 2026". */
  function labelOf(months: string[]): string {
    const first = months[0]!;
    const last = months.at(-1)!;
    if (first === last) return nameOf(first);
    if (first.slice(0, 4) === last.slice(0, 4)) return `${monthName(Number(first.slice(5)))} to ${nameOf(last)}`;
    return `${nameOf(first)} to ${nameOf(last)}`;
  }

  /** A period's label and the other names BradeBot may give it ("2026 so far", "since 1 January 2026"). */
  function labelsOf(months: string[]): string[] {
    const current = monthOf(TODAY);
    const out = [labelOf(months)];
    if (months.at(-1) === current && months[0]!.endsWith('-01')) {
      out.push(`${current.slice(0, 4)} so far`, `since 1 January ${current.slice(0, 4)}`);
    }
    return out;
  }

  interface Figures {
    /** Money the answer must state (pence). */
    must: number[];
    /** Money it may state too. */
    may: number[];
    /** Percentages it must (first) or may state, one decimal. */
    percents: { must: number[]; may: number[] };
    /**
     * A month so far against the same part of last month: the previous figure is not served by any call on its own,
     * so a stated figure is allowed when it gives the tile's percent change (or is the difference that goes with it).
     */
    likeForLike?: { value: number; percent: number | null };
    /** Words it must contain (the period's label, a category's name), each with the other ways of saying it. */
    words: Array<string | string[]>;
  }

  type Line = { description: string; amount: number };
  const pence = (lines: Line[]) => lines.reduce((sum, l) => sum + poundsToPence(l.amount), 0);
  const oneDecimal = (x: number) => Math.round(x * 10) / 10;

  /** Expected figures from the API for one salon; each month's calls are asked once. */
  function expectations(salon: { id: string; token: string }) {
    const cache = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, load: () => Promise<T>) => {
      if (!cache.has(key)) cache.set(key, load());
      return cache.get(key) as Promise<T>;
    };
    const body = (m: string) => ({ month: Number(m.slice(5)), year: Number(m.slice(0, 4)) });
    const post = async (path: string, payload: unknown) => {
      const res = await server.post(`${path}/${salon.id}`, payload, salon.token);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const get = async (path: string) => {
      const res = await server.get(`${path}/${salon.id}`, salon.token);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return res.body;
    };
    const sales = (m: string) =>
      once(`s${m}`, async () => (await post('/api/database/get-sales-for-month', body(m))).sales as Line[]);
    const expenses = (m: string) =>
      once(`e${m}`, async () => (await post('/api/database/get-expenses-for-month', body(m))).expenses as Line[]);
    const statement = (m: string) =>
      once(`i${m}`, async () => {
        const report = await post('/api/database/get-report', { ...body(m), type: 'income_statement' });
        const rows = report.report.rows as Array<Line & { net_income: boolean; total: boolean }>;
        return {
          netIncome: poundsToPence(rows.find((r) => r.net_income)!.amount),
          totalRevenue: poundsToPence(rows.find((r) => r.description === 'Total Revenue')!.amount),
        };
      });
    const sum = async (months: string[], f: (m: string) => Promise<number>) =>
      (await Promise.all(months.map(f))).reduce((a, b) => a + b, 0);
    const measure = async (what: string, months: string[]): Promise<number> => {
      if (what === 'revenue') return sum(months, async (m) => pence(await sales(m)));
      if (what === 'expenses') return sum(months, async (m) => pence(await expenses(m)));
      if (what === 'netIncome') return sum(months, async (m) => (await statement(m)).netIncome);
      if (what === 'otherIncome')
        return sum(months, async (m) => (await statement(m)).totalRevenue - pence(await sales(m)));
      throw new Error(what);
    };
    const linesOver = async (months: string[], of: (m: string) => Promise<Line[]>) => {
      const totals = new Map<string, number>();
      for (const m of months) {
        for (const l of await of(m))
          totals.set(l.description, (totals.get(l.description) ?? 0) + poundsToPence(l.amount));
      }
      return [...totals].sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || a[0].localeCompare(b[0]));
    };
    const mtd = async () => {
      const revenue = poundsToPence((await get('/api/database/get-current-month-sales-total')).value);
      const day = Number(TODAY.slice(8));
      const projection = Math.round(
        (revenue / day) * daysInMonth(Number(TODAY.slice(0, 4)), Number(TODAY.slice(5, 7))),
      );
      return { revenue, projection };
    };
    const none = { must: [], may: [] };

    return async (expect: Expectation): Promise<Figures> => {
      switch (expect.kind) {
        case 'figure': {
          const months = monthsOf(expect.period);
          const words = [labelsOf(months)];
          // Any figure of the same months is true too (a profit answer may give the income and costs it comes from).
          const same = await Promise.all(
            ['revenue', 'expenses', 'netIncome', 'otherIncome'].map((m) => measure(m, months)),
          );
          const may = [...same, same[0]! + same[3]!];
          if (expect.measure !== 'margin') {
            return { must: [await measure(expect.measure, months)], may, percents: none, words };
          }
          const [revenue, net] = [await measure('revenue', months), await measure('netIncome', months)];
          const margin = oneDecimal((net / revenue) * 100);
          return { must: [], may: [revenue, net, ...may], percents: { must: [margin], may: [] }, words };
        }
        case 'expenseLine': {
          const months = monthsOf(expect.period);
          const lines = await linesOver(months, expenses);
          const total = lines.find(([d]) => d === expect.category)?.[1] ?? 0;
          const staff = ['Wages', 'PAYE and National Insurance', 'Pension contributions'].map(
            (n) => lines.find(([d]) => d === n)?.[1] ?? 0,
          );
          return {
            must: [total],
            may: [await measure('expenses', months), ...lines.map(([, a]) => a), staff.reduce((a, b) => a + b, 0)],
            percents: none,
            words: [labelsOf(months)],
          };
        }
        case 'topExpense': {
          const months = monthsOf(expect.period);
          const lines = await linesOver(months, expenses);
          const [top] = lines;
          const total = await measure('expenses', months);
          return {
            must: [top![1]],
            may: [total, ...lines.slice(1, 3).map(([, a]) => a)],
            percents: { must: [], may: lines.slice(0, 3).map(([, a]) => oneDecimal((a / total) * 100)) },
            words: [labelsOf(months), top![0]],
          };
        }
        case 'compare': {
          if (
            expect.periods[0] === 'this-month' &&
            expect.periods[1] === 'last-month' &&
            expect.measure === 'revenue'
          ) {
            // Like for like, as the tile compares (docs/finance.md, "Comparisons"): the tile's value and change.
            const tile = await get('/api/database/get-current-month-sales-total');
            const value = poundsToPence(tile.value);
            return {
              must: [value],
              may: [],
              percents: { must: tile.percent_change === null ? [] : [tile.percent_change], may: [] },
              words: [nameOf(monthOf(TODAY))],
              likeForLike: { value, percent: tile.percent_change },
            };
          }
          const [a, b] = expect.periods.map(monthsOf) as [string[], string[]];
          const [x, y] = [await measure(expect.measure, a), await measure(expect.measure, b)];
          const others = await Promise.all(
            ['revenue', 'expenses', 'netIncome'].map(async (m) => [await measure(m, a), await measure(m, b)] as const),
          );
          // The lines that moved (sales and expense lines of both periods, and their changes) are true figures too.
          const lineFigures: number[] = [];
          for (const of of [sales, expenses]) {
            const [la, lb] = [new Map(await linesOver(a, of)), new Map(await linesOver(b, of))];
            for (const name of new Set([...la.keys(), ...lb.keys()])) {
              const [p, q] = [la.get(name) ?? 0, lb.get(name) ?? 0];
              lineFigures.push(p, q, p - q);
            }
          }
          const changes = [[x, y] as const, ...others].flatMap(([p, q]) =>
            q === 0 ? [] : [oneDecimal(((p - q) / Math.abs(q)) * 100)],
          );
          return {
            must: [x, y],
            may: [x - y, y - x, ...others.flatMap(([p, q]) => [p, q, p - q]), ...lineFigures],
            percents: { must: [], may: [...changes, ...changes.map((c) => -c)] },
            words: [labelsOf(a), labelsOf(b)],
          };
        }
        case 'extremeMonth': {
          // The 12 whole months before this one (docs/assistant.md, "Periods"), each from the month calls.
          const months: string[] = [];
          for (let i = 12; i >= 1; i--) months.push(addMonths(monthOf(TODAY), -i));
          const what = expect.measure === 'revenue' ? 'revenue' : 'expenses';
          const series = await Promise.all(months.map(async (m) => ({ month: m, pence: await measure(what, [m]) })));
          const sorted = [...series].sort((p, q) => q.pence - p.pence);
          const pick = expect.which === 'best' ? sorted[0]! : sorted.at(-1)!;
          return { must: [pick.pence], may: series.map((p) => p.pence), percents: none, words: [nameOf(pick.month)] };
        }
        case 'revenuePerClient': {
          const tile = await get('/api/database/get-current-month-revenue-per-client');
          return {
            must: [poundsToPence(tile.value)],
            may: [(await mtd()).revenue],
            percents: { must: [], may: tile.percent_change === null ? [] : [tile.percent_change] },
            words: [nameOf(monthOf(TODAY))],
          };
        }
        case 'goal':
        case 'projection': {
          const { revenue, projection } = await mtd();
          const target = poundsToPence((await get('/api/database/get-financial-goals')).financial_goals.revenue_target);
          const percents = [oneDecimal((revenue / target) * 100), oneDecimal((projection / target) * 100)];
          return expect.kind === 'goal'
            ? {
                must: [revenue, target, projection],
                may: [Math.abs(target - projection), Math.abs(target - revenue)],
                percents: { must: [], may: percents },
                words: [nameOf(monthOf(TODAY))],
              }
            : {
                must: [projection],
                may: [revenue, target],
                percents: { must: [], may: percents },
                words: [nameOf(monthOf(TODAY))],
              };
        }
        case 'vatThreshold': {
          // The VAT view of the last complete month (docs/finance.md, "The VAT view"): for a business that is not
          // registered, taxable turnover over the 12 months ending with it (takings and room rent, VAT-inclusive).
          const last = addMonths(monthOf(TODAY), -1);
          const view = await post('/api/database/get-report', { ...body(last), type: 'vat' });
          const rows = view.report.rows as Line[];
          const turnover = poundsToPence(
            rows.find((r) => r.description === 'Taxable turnover, last 12 months')!.amount,
          );
          const months: string[] = [];
          for (let i = 12; i >= 1; i--) months.push(addMonths(monthOf(TODAY), -i));
          return {
            must: [turnover],
            may: [9_000_000, Math.abs(9_000_000 - turnover)],
            percents: { must: [], may: [oneDecimal((turnover / 9_000_000) * 100)] },
            words: [labelOf(months)],
          };
        }
        case 'decline':
        case 'services':
          return { must: [], may: [], percents: none, words: [] };
      }
    };
  }

  /** Money as the answer writes it: "£1,234.56", "-£12.00", "£45.8k" (pence), and percentages "12.3%". */
  const moneyIn = (text: string) =>
    [...text.matchAll(/([-−])?£(\d[\d,]*(?:\.\d+)?)(k)?/g)].map((m) => {
      const value = Number(m[2]!.replace(/,/g, '')) * (m[3] ? 1000 : 1);
      return (m[1] ? -1 : 1) * poundsToPence(value);
    });
  const percentsIn = (text: string) =>
    [...text.matchAll(/([-−+])?(\d+(?:\.\d+)?)%/g)].map((m) => (m[1] === '-' || m[1] === '−' ? -1 : 1) * Number(m[2]));

  /** "July to September 2026" and "July–September 2026" name the same months. */
  const sameWords = (text: string) => text.replace(/ to /g, '–').replace(/[–-]/g, '–');

  async function mark(salon: { id: string; token: string }): Promise<Marked[]> {
    const expected = expectations(salon);
    const out: Marked[] = [];
    for (const { question, expect: e } of QUESTION_SET) {
      const want = await expected(e);
      const started = performance.now();
      const reply: AnalystAnswer = await answerQuestion(
        { db: server.ctx.database.db, userId: salon.id, today: TODAY, now: server.ctx.clock() },
        question,
      );
      const ms = performance.now() - started;
      const money = moneyIn(reply.text);
      const percents = percentsIn(reply.text);
      const allowedMoney = new Set([...want.must, ...want.may].flatMap((p) => [p, -p]));
      const lfl = want.likeForLike;
      if (lfl && lfl.percent !== null) {
        // The previous figure is one whose change to the tile's value is the tile's percent change.
        for (const p of money.map(Math.abs)) {
          if (p !== 0 && oneDecimal(((lfl.value - p) / p) * 100) === lfl.percent)
            allowedMoney.add(p).add(Math.abs(lfl.value - p));
        }
      }
      const allowedPercents = new Set([...want.percents.must, ...want.percents.may]);
      const wrongFigures = [
        ...money.filter((p) => !allowedMoney.has(p)).map((p) => formatPounds(p / 100)),
        ...percents.filter((p) => !allowedPercents.has(p) && !allowedPercents.has(-p)).map((p) => `${p}%`),
      ];
      const stated = new Set(money.map(Math.abs));
      const right =
        e.kind === 'decline' || e.kind === 'services'
          ? reply.declined && money.length === 0
          : !reply.declined &&
            want.must.every((p) => stated.has(Math.abs(p))) &&
            want.percents.must.every((p) => percents.includes(p)) &&
            want.words.every((w) =>
              (Array.isArray(w) ? w : [w]).some((x) => sameWords(reply.text).includes(sameWords(x))),
            ) &&
            wrongFigures.length === 0;
      out.push({ question, answer: reply.text, right, wrongFigures, ms });
    }
    return out;
  }

  return { mark };
}
