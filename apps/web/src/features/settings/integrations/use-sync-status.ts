import type { ConnectionSummary } from '@brade/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getSyncStatus } from '../../../api/integrations';
import { isImporting } from './sync-text';

/** How often progress is asked for while an import is queued or running. */
export const SYNC_POLL_MS = 2_000;
/** While rows arrive, the dashboard's figures are re-read at most this often (six calls each time). */
export const FIGURES_REFRESH_MS = 6_000;

export const syncStatusKey = (id: string) => ['integrations', id, 'sync-status'] as const;

/** GET /api/integrations/sync-status/{id}, read afresh at every mount (staleTime 0). */
export const syncStatusQuery = (id: string) =>
  queryOptions({ queryKey: syncStatusKey(id), queryFn: () => getSyncStatus(id), staleTime: 0 });

const importedSoFar = (connections: ConnectionSummary[]) =>
  connections.filter(isImporting).reduce((total, summary) => total + summary.sync.imported, 0);

/**
 * Every connection with its import progress (GET /api/integrations/sync-status/{id}), polled every 2 seconds while
 * an import runs. The dashboard's figures are re-read as rows arrive and once more when the import ends.
 */
export function useSyncStatus(id: string) {
  const queryClient = useQueryClient();
  const sync = useQuery({
    ...syncStatusQuery(id),
    refetchInterval: (query) => ((query.state.data ?? []).some(isImporting) ? SYNC_POLL_MS : false),
  });

  const connections = sync.data ?? [];
  const importing = connections.some(isImporting);
  const imported = importedSoFar(connections);
  // The figures on screen were read at mount.
  const seen = useRef({ importing, imported, refreshedAt: Date.now() });
  const polledAt = sync.dataUpdatedAt;
  useEffect(() => {
    // Checked at every poll's answer, so rows that came too soon after a refresh are shown at a later poll.
    const before = seen.current;
    const now = polledAt;
    const ended = before.importing && !importing;
    const arriving = importing && imported > before.imported && now - before.refreshedAt >= FIGURES_REFRESH_MS;
    if (ended || arriving) void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    seen.current = {
      importing,
      imported: arriving || !importing ? imported : before.imported,
      refreshedAt: ended || arriving ? now : before.refreshedAt,
    };
  }, [importing, imported, queryClient, polledAt]);

  return { connections: sync.data, importing, failed: sync.isError };
}
