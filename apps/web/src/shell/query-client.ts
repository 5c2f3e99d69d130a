import { QueryClient } from '@tanstack/react-query';

/** Signed-in screens share one cache; the sign-in chunks never load TanStack Query. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});
