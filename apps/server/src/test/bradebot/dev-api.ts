import { addDays, addMonths, firstDayOf, lastDayOf, monthOf, poundsToPence } from '@brade/contract';
import type { TestServer } from '../test-server.js';

/**
 * The demo salon's figures as the API serves them, for marking BradeBot's answers to the development questions
 * (dev-answers.ts): the month calls, the transactions behind the report lines (for any range of days), the reports,
 * the tiles, the goals, retention and cash. Nothing here calls BradeBot's tools. Amounts are pence.
 */
export interface Row {
  date: string;
  /** As paid, signed as its line shows it (a sale +, a refund -, an expense +). */
  gross: number;
  /** Net of VAT, as every figure adds it. */
  net: number;
  category: string;
  provider: string;
  counterparty: string | null;
  description: string;
}

export interface Range {
  from: string;
  to: string;
}

export function devApi(server: TestServer, salon: { id: string; token: string }, today: string) {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>) => {
    if (!cache.has(key)) cache.set(key, load());
    return cache.get(key) as Promise<T>;
  };
  const post = async (path: string, body: unknown) => {
    const res = await server.post(`${path}/${salon.id}`, body, salon.token);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const get = async (path: string) => {
    const res = await server.get(`${path}/${salon.id}`, salon.token);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return res.body;
  };
  const ym = (m: string) => ({ month: Number(m.slice(5)), year: Number(m.slice(0, 4)) });
  const monthsOf = (r: Range) => {
    const out: string[] = [];
    for (let m = monthOf(r.from); m <= monthOf(r.to > today ? today : r.to); m = addMonths(m, 1)) out.push(m);
    return out;
  };

  /** Every transaction behind a group's lines in a month, page by page. */
  const groupRows = (group: 'revenue' | 'expenses' | 'owner_money', month: string) =>
    once(`rows:${group}:${month}`, async () => {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const body = await post('/api/database/get-line-transactions', {
          ...ym(month),
          group,
          page,
          page_size: 200,
          sort: 'date',
          direction: 'asc',
        });
        for (const t of body.transactions as Array<{
          date: string;
          amount: number;
          vat: number | null;
          category: string;
          provider: string;
          counterparty: string | null;
          description: string;
        }>) {
          const gross = poundsToPence(t.amount);
          rows.push({
            date: t.date,
            gross,
            net: gross - poundsToPence(t.vat ?? 0),
            category: t.category,
            provider: t.provider,
            counterparty: t.counterparty,
            description: t.description,
          });
        }
        if (page * 200 >= body.total_count) return rows;
      }
    });
  /** The sales report's categories of a month (the rest of the revenue group is other income). */
  const salesLines = (month: string) =>
    once(
      `sales:${month}`,
      async () =>
        (await post('/api/database/get-sales-for-month', ym(month))).sales as Array<{
          description: string;
          amount: number;
        }>,
    );
  const expenseLines = (month: string) =>
    once(
      `expenses:${month}`,
      async () =>
        (await post('/api/database/get-expenses-for-month', ym(month))).expenses as Array<{
          description: string;
          amount: number;
        }>,
    );
  const OTHER_INCOME = new Set(['Room rent', 'Interest received', 'Other income']);

  const rowsIn = async (group: 'revenue' | 'expenses' | 'owner_money', r: Range) => {
    const all = await Promise.all(monthsOf(r).map((m) => groupRows(group, m)));
    return all.flat().filter((x) => x.date >= r.from && x.date <= r.to);
  };
  const sales = async (r: Range) => (await rowsIn('revenue', r)).filter((x) => !OTHER_INCOME.has(x.category));
  const sum = (rows: Row[], f: (x: Row) => number = (x) => x.net) => rows.reduce((s, x) => s + f(x), 0);

  const api = {
    today,
    post,
    get,
    monthsOf,
    /** Revenue: sales less refunds, net of VAT. */
    revenue: async (r: Range) => sum(await sales(r)),
    grossTakings: async (r: Range) => sum(await sales(r), (x) => x.gross),
    salesRows: sales,
    otherIncomeRows: async (r: Range) => (await rowsIn('revenue', r)).filter((x) => OTHER_INCOME.has(x.category)),
    otherIncome: async (r: Range, category?: string) =>
      sum(
        (await rowsIn('revenue', r)).filter(
          (x) => OTHER_INCOME.has(x.category) && (!category || x.category === category),
        ),
      ),
    costs: async (r: Range) => sum(await rowsIn('expenses', r)),
    line: async (r: Range, category: string) =>
      sum((await rowsIn('expenses', r)).filter((x) => x.category === category)),
    lineCount: async (r: Range, category: string) =>
      (await rowsIn('expenses', r)).filter((x) => x.category === category).length,
    expenseRows: (r: Range) => rowsIn('expenses', r),
    ownerRows: (r: Range) => rowsIn('owner_money', r),
    async byCategory(r: Range) {
      const totals = new Map<string, number>();
      for (const x of await rowsIn('expenses', r)) totals.set(x.category, (totals.get(x.category) ?? 0) + x.net);
      return [...totals].sort((a, b) => b[1] - a[1]);
    },
    async profit(r: Range) {
      return (await api.revenue(r)) + (await api.otherIncome(r)) - (await api.costs(r));
    },
    async income(r: Range) {
      return (await api.revenue(r)) + (await api.otherIncome(r));
    },
    /** Margin as the reports compute it: net income ÷ revenue, one decimal. */
    async margin(r: Range) {
      return Math.round(((await api.profit(r)) / (await api.revenue(r))) * 1000) / 10;
    },
    staff: async (r: Range) =>
      (await api.line(r, 'Wages')) +
      (await api.line(r, 'PAYE and National Insurance')) +
      (await api.line(r, 'Pension contributions')),
    /** The sales and expense report's line totals of whole months (the month calls). */
    async monthLines(months: string[]) {
      const out: number[] = [];
      for (const m of months) {
        for (const l of await salesLines(m)) out.push(poundsToPence(l.amount));
        for (const l of await expenseLines(m)) out.push(poundsToPence(l.amount));
      }
      return out;
    },
    async vatReport(month: string) {
      const rows = (await post('/api/database/get-report', { ...ym(month), type: 'vat' })).report.rows as Array<{
        description: string;
        amount: number | null;
        subtext?: string;
      }>;
      const of = (d: string) => rows.find((r) => r.description === d);
      return {
        output: poundsToPence(of('Output VAT')?.amount ?? 0),
        input: poundsToPence(of('Input VAT')?.amount ?? 0),
        due: poundsToPence(of('VAT due')?.amount ?? 0),
        paid: poundsToPence(of('VAT paid')?.amount ?? 0),
        paidText: of('VAT paid')?.subtext ?? '',
      };
    },
    /** The sales report's rows of a month: each category, and its items under it (`level` 1). */
    salesReport: (month: string) =>
      once(
        `sales-report:${month}`,
        async () =>
          (await post('/api/database/get-report', { ...ym(month), type: 'sales' })).report.rows as Array<{
            description: string;
            amount: number | null;
            level?: number;
          }>,
      ),
    /** A month's Team breakdown, as the screen shows it. */
    team: (month: string) =>
      once(
        `team:${month}`,
        async () =>
          (await post('/api/database/get-team-breakdown', ym(month))) as {
            team: Array<{
              team_member_id: string;
              name: string;
              sales: number;
              payments: number;
              average_ticket: number | null;
            }>;
            not_attributed: { sales: number; payments: number };
          },
      ),
    tile: (name: 'sales-total' | 'expenses-total' | 'revenue-per-client') =>
      once(`tile:${name}`, () => get(`/api/database/get-current-month-${name}`)),
    goals: () => once('goals', async () => (await get('/api/database/get-financial-goals')).financial_goals),
    goalProgress: () => once('progress', () => get('/api/database/get-goal-progress')),
    retention: () => once('retention', () => get('/api/database/get-retention')),
    cash: () => once('cash', async () => (await get('/api/database/get-cash-in-the-bank')).cash_in_the_bank),
  };
  return api;
}

export type DevApi = ReturnType<typeof devApi>;

export const month = (m: string): Range => ({ from: firstDayOf(m), to: lastDayOf(m) });
export const days = (from: string, to: string): Range => ({ from, to });
export { addDays, addMonths };
