import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import type { getSyncStatus } from '../../api/integrations';
import { usePrefetchQueryWhen } from '../../shell/query-client';
import { syncStatusKey } from '../settings/integrations/use-sync-status';
import { cashQuery } from './cash/CashInTheBank';
import { goalProgressQuery } from './goals/GoalProgressCard';
import { retentionQuery } from './goals/RetentionCard';
import { measuresClients } from './import-coverage';
import { dashboardQueries } from './use-dashboard-data';

/**
 * The calls the Overview makes when it opens, started as it renders rather than once the page is committed: drawing
 * the page's skeletons took long on a phone, and every call waited for it (bench/lighthouse.mjs). The same calls as
 * the tiles, charts and cards make, asked once each; the sync status, polled and read afresh at every mount, is left
 * to its hook.
 */
export function useStartOverviewCalls(id: string): void {
  const client = useQueryClient();
  const q = dashboardQueries(id);
  usePrefetchQuery(q.revenue);
  usePrefetchQuery(q.expenses);
  usePrefetchQuery(q.perClient);
  usePrefetchQuery(q.sales);
  usePrefetchQuery(q.costs);
  usePrefetchQuery(q.goals);
  usePrefetchQuery(goalProgressQuery(id));
  usePrefetchQuery(cashQuery(id));
  // A bank alone cannot measure clients: RetentionCard does not ask then, once the links are known.
  const connections = client.getQueryData<Awaited<ReturnType<typeof getSyncStatus>>>(syncStatusKey(id));
  usePrefetchQueryWhen(retentionQuery(id), measuresClients(connections) !== false);
}
