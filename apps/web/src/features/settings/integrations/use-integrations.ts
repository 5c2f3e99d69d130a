import { CONNECTABLE_PROCESSORS, type ConnectableProcessor, type ConnectionSummary } from '@brade/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { deleteTokens, getAccessTokens } from '../../../api/integrations';
import { isImporting } from './sync-text';
import { syncStatusKey, useSyncStatus } from './use-sync-status';

export const integrationsKey = (id: string) => ['integrations', id] as const;

/** GET /api/database/get-access-tokens/{id}: each connection's summary, read afresh at every mount. */
export const accessTokensQuery = (id: string) =>
  queryOptions({
    queryKey: [...integrationsKey(id), 'access-tokens'],
    queryFn: () => getAccessTokens(id),
    staleTime: 0,
  });

export type Summaries = Partial<Record<ConnectableProcessor, ConnectionSummary>>;

/**
 * The owner's connections: get-access-tokens (docs/product.md, "The calls") on load, and the sync status, polled while
 * an import runs (which also re-reads the dashboard's figures).
 */
export function useIntegrations(id: string) {
  const queryClient = useQueryClient();
  const tokens = useQuery(accessTokensQuery(id));
  const sync = useSyncStatus(id);

  const summaries = useMemo(() => {
    const merged: Summaries = { ...tokens.data };
    // The polled sync status is the fresher of the two answers.
    for (const summary of sync.connections ?? []) merged[summary.processor] = summary;
    return merged;
  }, [tokens.data, sync.connections]);

  const importing = CONNECTABLE_PROCESSORS.some((processor) => isImporting(summaries[processor]));
  const wasImporting = useRef(importing);
  useEffect(() => {
    if (wasImporting.current && !importing) {
      void queryClient.invalidateQueries({ queryKey: [...integrationsKey(id), 'access-tokens'] });
    }
    wasImporting.current = importing;
  }, [importing, id, queryClient]);

  useEffect(() => {
    // Data-load failures are logged (docs/product.md, "Failures"); the section also says so and offers a retry.
    if (tokens.error) console.error('Could not load the connections', tokens.error);
  }, [tokens.error]);

  const disconnect = useMutation({
    mutationFn: (processor: ConnectableProcessor) => deleteTokens(id, processor),
    onSuccess: (connection) => {
      queryClient.setQueryData<ConnectionSummary[]>(syncStatusKey(id), (list) =>
        list?.map((summary) => (summary.processor === connection.processor ? connection : summary)),
      );
      return queryClient.invalidateQueries();
    },
  });

  return {
    summaries,
    loading: tokens.isPending,
    failed: tokens.isError && !tokens.data,
    retry: () => void tokens.refetch(),
    disconnect,
  };
}
