import type { FinancialGoalsResponse, HeadlineFigure, MonthlyAmount } from '@brade/contract';
import { useQuery } from '@tanstack/react-query';
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
// The loaders never throw (failures become fallbacks), so there is nothing for TanStack Query to retry.
const options = { retry: false } as const;

/**
 * The dashboard's six GET calls (docs/product.md, "The calls"), all started at once. Undefined until every one settled.
 */
export function useDashboardData(id: string): DashboardData | undefined {
  const revenue = useQuery({ queryKey: key(id, 'revenue'), queryFn: () => loadHeadline('revenue', id), ...options });
  const expenses = useQuery({ queryKey: key(id, 'expenses'), queryFn: () => loadHeadline('expenses', id), ...options });
  const perClient = useQuery({
    queryKey: key(id, 'revenue-per-client'),
    queryFn: () => loadHeadline('revenuePerClient', id),
    ...options,
  });
  const sales = useQuery({ queryKey: key(id, 'monthly-sales'), queryFn: () => loadMonthlySales(id), ...options });
  const costs = useQuery({ queryKey: key(id, 'monthly-expenses'), queryFn: () => loadMonthlyExpenses(id), ...options });
  const goals = useQuery({ queryKey: key(id, 'financial-goals'), queryFn: () => loadFinancialGoals(id), ...options });

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
