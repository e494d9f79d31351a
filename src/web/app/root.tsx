import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { configQuery } from '@web/lib/public-config';
import { currentUserQuery } from '@web/lib/session';
import { NotFound } from './not-found';
import { preload } from './preload';
import { AppShell } from './shell';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Every page sits in the shell, which needs the session and the business's public configuration. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => preload(context.queryClient.ensureQueryData(currentUserQuery), context.queryClient.ensureQueryData(configQuery)),
  component: AppShell,
  notFoundComponent: NotFound,
});
