import type { FinancialGoalsResponse, HeadlineFigure, MonthlyAmount } from '@brade/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  type Loaded,
  loadFinancialGoals,
  loadHeadline,
  loadMonthlyExpenses,
  loadMonthlySales,
} from '../../api/dashboard';
import type { HeadlineKind } from './figures';

export interface DashboardData {
  headlines: Record<HeadlineKind, Loaded<HeadlineFigure>>;
  monthlySales: Loaded<MonthlyAmount[]>;
  monthlyExpenses: Loaded<MonthlyAmount[]>;
  goals: Loaded<FinancialGoalsResponse>;
  /** Asks again for every part whose call failed (each part keeps its fallback until then). */
  retryFailed: () => void;
}

const key = (id: string, part: string) => ['dashboard', id, part] as const;

/**
 * The dashboard's six GET calls (docs/product.md, "The calls") as queries. The loaders never throw (failures become
 * fallbacks), so there is nothing for TanStack Query to retry.
 */
export function dashboardQueries(id: string) {
  const call = <T>(part: string, load: () => Promise<T>) =>
    queryOptions({ queryKey: key(id, part), queryFn: load, retry: false });
  return {
    revenue: call('revenue', () => loadHeadline('revenue', id)),
    expenses: call('expenses', () => loadHeadline('expenses', id)),
    perClient: call('revenue-per-client', () => loadHeadline('revenuePerClient', id)),
    sales: call('monthly-sales', () => loadMonthlySales(id)),
    costs: call('monthly-expenses', () => loadMonthlyExpenses(id)),
    goals: call('financial-goals', () => loadFinancialGoals(id)),
  };
}

/**
 * The dashboard's six GET calls, all started at once. Undefined until every one settled.
 */
export function useDashboardData(id: string): DashboardData | undefined {
  const q = dashboardQueries(id);
  const revenue = useQuery(q.revenue);
  const expenses = useQuery(q.expenses);
  const perClient = useQuery(q.perClient);
  const sales = useQuery(q.sales);
  const costs = useQuery(q.costs);
  const goals = useQuery(q.goals);

  // One answer object per set of answers, and one retry function: the cards it feeds are memoised on them, so a call
  // that settles re-renders only what shows its answer.
  const queries = [revenue, expenses, perClient, sales, costs, goals];
  const latest = useRef(queries);
  useEffect(() => {
    latest.current = queries;
  });
  const retryFailed = useCallback(() => {
    for (const query of latest.current) {
      if (query.data?.failed && !query.isFetching) void query.refetch();
    }
  }, []);
  const [r, e, p, s, c, g] = [revenue.data, expenses.data, perClient.data, sales.data, costs.data, goals.data];
  return useMemo(
    () =>
      r && e && p && s && c && g
        ? {
            retryFailed,
            headlines: { revenue: r, expenses: e, revenuePerClient: p },
            monthlySales: s,
            monthlyExpenses: c,
            goals: g,
          }
        : undefined,
    [r, e, p, s, c, g, retryFailed],
  );
}

/** A new owner with nothing connected: every figure 0 and no month with an amount, and no call failed. */
export function isEmptyAccount(data: DashboardData): boolean {
  const loaded = [...Object.values(data.headlines), data.monthlySales, data.monthlyExpenses];
  if (loaded.some((part) => part.failed)) return false;
  const noFigures = Object.values(data.headlines).every((headline) => headline.data.value === 0);
  const noMonths = [...data.monthlySales.data, ...data.monthlyExpenses.data].every((month) => month.amount === 0);
  return noFigures && noMonths;
}
