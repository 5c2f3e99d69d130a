import type { QueryClient } from '@tanstack/react-query';
import { cashQuery } from './cash/CashInTheBank';
import { goalProgressQuery } from './goals/GoalProgressCard';
import { retentionQuery } from './goals/RetentionCard';
import { dashboardQueries } from './use-dashboard-data';

/**
 * Starts the Overview's calls (the spec's six, goal progress, retention, cash in the bank) in the signed-in cache; the
 * page's queries then find them in flight or answered instead of asking again. The import progress is left to the
 * page: it is always re-read when the page mounts.
 */
export function startDashboardCalls(client: QueryClient, id: string): void {
  const six = dashboardQueries(id);
  void client.prefetchQuery(six.revenue);
  void client.prefetchQuery(six.expenses);
  void client.prefetchQuery(six.perClient);
  void client.prefetchQuery(six.sales);
  void client.prefetchQuery(six.costs);
  void client.prefetchQuery(six.goals);
  void client.prefetchQuery(goalProgressQuery(id));
  void client.prefetchQuery(retentionQuery(id));
  void client.prefetchQuery(cashQuery(id));
}
