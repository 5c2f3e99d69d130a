import { type FetchQueryOptions, QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';

/** Signed-in screens share one cache; the sign-in chunks never load TanStack Query. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

/**
 * Starts a query's call while the component renders (when `when` holds), as TanStack Query's usePrefetchQuery does:
 * useQuery alone asks only once the page is committed, and a signed-in page's first render is long on a phone, so its
 * calls waited for it. A query already cached, in flight or failed is left alone, so this asks nothing twice. Only
 * for queries that stay fresh a while: one with staleTime 0 would be asked again when its useQuery mounts.
 */
export function useStartEarly<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>, when = true): void {
  const client = useQueryClient();
  if (when && !client.getQueryState(options.queryKey)) client.query(options).catch(() => {});
}
