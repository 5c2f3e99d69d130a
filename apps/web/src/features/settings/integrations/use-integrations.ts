import { CONNECTABLE_PROCESSORS, type ConnectableProcessor, type ConnectionSummary } from '@brade/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { deleteTokens, getAccessTokens, getSyncStatus } from '../../../api/integrations';
import { isImporting } from './sync-text';

/** How often the cards ask for progress while an import is queued or running. */
export const SYNC_POLL_MS = 2_000;

export const integrationsKey = (id: string) => ['integrations', id] as const;

export type Summaries = Partial<Record<ConnectableProcessor, ConnectionSummary>>;

/**
 * The owner's connections: spec section 7's get-access-tokens on load, and the sync status, polled every 2 seconds
 * while an import runs. When an import finishes, the dashboard's figures are re-read.
 */
export function useIntegrations(id: string) {
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: [...integrationsKey(id), 'access-tokens'],
    queryFn: () => getAccessTokens(id),
    staleTime: 0,
  });
  const sync = useQuery({
    queryKey: [...integrationsKey(id), 'sync-status'],
    queryFn: () => getSyncStatus(id),
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data ?? []).some(isImporting) ? SYNC_POLL_MS : false),
  });

  const summaries = useMemo(() => {
    const merged: Summaries = { ...tokens.data };
    // The polled sync status is the fresher of the two answers.
    for (const summary of sync.data ?? []) merged[summary.processor] = summary;
    return merged;
  }, [tokens.data, sync.data]);

  const importing = CONNECTABLE_PROCESSORS.some((processor) => isImporting(summaries[processor]));
  const wasImporting = useRef(importing);
  useEffect(() => {
    if (wasImporting.current && !importing) {
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: [...integrationsKey(id), 'access-tokens'] });
    }
    wasImporting.current = importing;
  }, [importing, id, queryClient]);

  useEffect(() => {
    // Data-load failures are logged (spec section 8); the section also says so and offers a retry.
    if (tokens.error) console.error('Could not load the connections', tokens.error);
  }, [tokens.error]);

  const disconnect = useMutation({
    mutationFn: (processor: ConnectableProcessor) => deleteTokens(id, processor),
    onSuccess: (connection) => {
      queryClient.setQueryData<ConnectionSummary[]>([...integrationsKey(id), 'sync-status'], (list) =>
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
