import type { ConnectionSummary } from '@brade/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FirstQuery, startQuery } from '../../shell/query-client';
import { syncStatusKey } from '../settings/integrations/use-sync-status';
import { cashQuery } from './cash/CashInTheBank';
import { goalProgressQuery } from './goals/GoalProgressCard';
import { retentionQuery } from './goals/RetentionCard';
import { measuresClients } from './import-coverage';
import { dashboardQueries } from './use-dashboard-data';

/**
 * The calls the Overview makes when it opens: the same calls as the tiles, charts and cards make, asked once each;
 * the sync status, polled and read afresh at every mount, is left to its hook. A bank alone cannot measure clients:
 * RetentionCard does not ask then, once the links (`connections`) are known.
 * The one list of them: the Overview starts them (below), and the build records their paths for the page's
 * early-start script (app/first-calls.ts, apps/web/early-start.mjs), which asks them before the app has loaded.
 */
export function overviewFirstQueries(id: string, connections?: readonly ConnectionSummary[]): FirstQuery[] {
  const q = dashboardQueries(id);
  const measurable = measuresClients(connections) !== false;
  return [
    q.revenue,
    q.expenses,
    q.perClient,
    q.sales,
    q.costs,
    q.goals,
    goalProgressQuery(id),
    cashQuery(id),
    ...(measurable ? [retentionQuery(id)] : []),
  ];
}

/**
 * Starts the Overview's calls as it renders rather than once the page is committed: drawing the page's skeletons
 * took long on a phone, and every call waited for it (bench/lighthouse.mjs). A call cached or in flight is left
 * alone.
 */
export function useStartOverviewCalls(id: string): void {
  const client = useQueryClient();
  const connections = client.getQueryData<ConnectionSummary[]>(syncStatusKey(id));
  for (const query of overviewFirstQueries(id, connections)) startQuery(client, query);
}
