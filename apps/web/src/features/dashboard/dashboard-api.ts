import { DEFAULT_FINANCIAL_GOALS, type FinancialGoals, type HeadlineFigure, type MonthlyAmount } from '@brade/contract';
import { apiRequest } from '../../api/client';
import type { HeadlineKind } from './figures';
import { HEADLINES } from './figures';

/** A figure as the dashboard uses it: the data, or the spec's fallback when the call failed (`failed`). */
export interface Loaded<T> {
  data: T;
  failed: boolean;
}

/** docs/product.md, "Failures": failures are only logged; headline figures fall back to 0 and a change of 0. */
export const HEADLINE_FALLBACK: HeadlineFigure = { value: 0, percent_change: 0 };

class UnexpectedAnswer extends Error {
  constructor(what: string) {
    super(`The server's answer for ${what} was not in the expected shape`);
    this.name = 'UnexpectedAnswer';
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function asHeadline(answer: unknown, what: string): HeadlineFigure {
  const { value, percent_change } = (answer ?? {}) as Record<string, unknown>;
  if (!isNumber(value) || !(percent_change === null || isNumber(percent_change))) throw new UnexpectedAnswer(what);
  return { value, percent_change };
}

function asMonthly(list: unknown, what: string): MonthlyAmount[] {
  if (!Array.isArray(list)) throw new UnexpectedAnswer(what);
  return list.map((item: { month?: unknown; amount?: unknown }) => {
    if (typeof item?.month !== 'string' || !/^\d{4}-\d{2}$/.test(item.month) || !isNumber(item.amount)) {
      throw new UnexpectedAnswer(what);
    }
    return { month: item.month, amount: item.amount };
  });
}

function asGoals(goals: unknown, what: string): FinancialGoals {
  if (!goals || typeof goals !== 'object') throw new UnexpectedAnswer(what);
  const given = goals as Record<string, unknown>;
  // A missing or unreadable goal keeps its default (docs/product.md, "Failures": "goals keep defaults").
  const pick = (key: keyof FinancialGoals) => (isNumber(given[key]) ? given[key] : DEFAULT_FINANCIAL_GOALS[key]);
  return {
    margin_goal: pick('margin_goal'),
    revenue_target: pick('revenue_target'),
    retention_rate: pick('retention_rate'),
  };
}

async function withFallback<T>(what: string, load: () => Promise<T>, fallback: T): Promise<Loaded<T>> {
  try {
    return { data: await load(), failed: false };
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    return { data: fallback, failed: true };
  }
}

const path = (call: string, id: string) => `/api/database/${call}/${encodeURIComponent(id)}`;

export function loadHeadline(kind: HeadlineKind, id: string): Promise<Loaded<HeadlineFigure>> {
  const { call, title } = HEADLINES.find((headline) => headline.kind === kind)!;
  const what = `this month's ${title.replace(/^Monthly /, '').toLowerCase()}`;
  return withFallback(what, async () => asHeadline(await apiRequest(path(call, id)), what), HEADLINE_FALLBACK);
}

export function loadMonthlySales(id: string): Promise<Loaded<MonthlyAmount[]>> {
  const what = 'monthly sales';
  return withFallback(
    what,
    async () =>
      asMonthly((await apiRequest<{ monthly_sales?: unknown }>(path('get-monthly-sales', id))).monthly_sales, what),
    [],
  );
}

export function loadMonthlyExpenses(id: string): Promise<Loaded<MonthlyAmount[]>> {
  const what = 'monthly expenses';
  return withFallback(
    what,
    async () =>
      asMonthly(
        (await apiRequest<{ monthly_expenses?: unknown }>(path('get-monthly-expenses', id))).monthly_expenses,
        what,
      ),
    [],
  );
}

export function loadFinancialGoals(id: string): Promise<Loaded<FinancialGoals>> {
  const what = 'financial goals';
  return withFallback(
    what,
    async () =>
      asGoals((await apiRequest<{ financial_goals?: unknown }>(path('get-financial-goals', id))).financial_goals, what),
    DEFAULT_FINANCIAL_GOALS,
  );
}
