import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { apiCall } from '@web/lib/api';

/** The session: who is signed in. Every feature reads it from here; auth writes it after login and register. */
export const currentUserKey = ['auth', 'me'] as const;

/**
 * The current user, or null when signed out; never retried. GET /api/auth/session answers 200
 * `{ user: null }` for a visitor, so a signed-out page load puts no 401 in the console.
 */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async (): Promise<PublicUser | null> => (await apiCall('GET /api/auth/session')).user,
  retry: false,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading };
}
