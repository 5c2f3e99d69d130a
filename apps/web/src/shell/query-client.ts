import { type FetchQueryOptions, QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';

/** Signed-in screens share one cache; the sign-in chunks never load TanStack Query. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

/** A query a page asks when it opens (its first calls, app/first-calls.ts), of any answer type. */
// biome-ignore lint/suspicious/noExplicitAny: a list of queries of different answers
export type FirstQuery = FetchQueryOptions<any, Error, any, any>;

/**
 * Starts a query now, as TanStack Query's usePrefetchQuery does while a component renders: a query already cached,
 * in flight or failed is left alone. Only for queries that stay fresh a while: one with staleTime 0 would be asked
 * again when its useQuery mounts.
 */
export function startQuery<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>) {
  if (!client.getQueryState(options.queryKey)) client.query(options).catch(() => {});
}

/**
 * TanStack Query's usePrefetchQuery for a query asked only when `when` holds (as useQuery's `enabled`), which
 * usePrefetchQuery cannot say: the call starts while the component renders, not once the page is committed (a
 * signed-in page's first render is long on a phone, and its calls waited for it). See startQuery.
 */
export function usePrefetchQueryWhen<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>, when: boolean) {
  const client = useQueryClient();
  if (when) startQuery(client, options);
}
