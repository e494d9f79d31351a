import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { currentUserKey } from '@web/lib/session';

/**
 * A route's loader starts its page's queries with `ensureQueryData` (from the cache when there, else
 * fetched) while the page's lazy chunk downloads, and on hover (`defaultPreload: 'intent'`). It does not
 * wait for them: each page keeps its own spinner and error state, exactly as when it fetched on mount, and a
 * query that fails here is simply fetched again by the page.
 */
export function preload(...work: Promise<unknown>[]): void {
  for (const promise of work) void promise.catch(() => undefined);
}

/** Whether the session already in the cache is signed in (with this role): guarded pages preload only then. */
export function signedInAs(queryClient: QueryClient, role?: PublicUser['role']): boolean {
  const user = queryClient.getQueryData<PublicUser | null>(currentUserKey);
  return Boolean(user) && (!role || user?.role === role);
}

/**
 * A loader for queries whose options live in a lazy feature module (`load`, from feature-apis.ts): importing
 * them statically would pull the feature into the first load of `/`. `who` keeps guarded pages from asking
 * for what the session cannot see.
 */
export function preloadFrom<M, C = object>(
  load: () => Promise<M>,
  fetch: (api: M, queryClient: QueryClient, route: C) => unknown,
  who: 'anyone' | 'signedIn' | PublicUser['role'] = 'anyone',
) {
  return (route: C & { context: { queryClient: QueryClient } }): void => {
    const { queryClient } = route.context;
    if (who !== 'anyone' && !signedInAs(queryClient, who === 'signedIn' ? undefined : who)) return;
    preload(load().then((api) => fetch(api, queryClient, route)));
  };
}
