import { QueryClient } from '@tanstack/react-query';

/**
 * Defaults: no automatic retries, no refetch on window focus, no polling by
 * default, cached data never goes stale. Queries that poll or cache for a while say so themselves.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, refetchInterval: false },
    mutations: { retry: false },
  },
});
