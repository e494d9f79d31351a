import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { LanguageProvider } from '@web/lib/i18n';
import { configQuery, type PublicConfig } from '@web/lib/public-config';
import { queryClient } from '@web/lib/query-client';
import { currentUserKey } from '@web/lib/session';
import { isGuestMode } from '@web/lib/guest-mode';
import { loadSignedOutHome } from './routes/index';
import type { AppRouter } from './router';

/**
 * The whole app over a router: what the browser renders (main.tsx) and the build renders to HTML
 * (server-render.tsx). `onCommitted` runs once the first render is on the page (hydrated or rendered).
 */
export function App({ router, onCommitted }: { router: AppRouter; onCommitted?: () => void }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageProvider>
          <RouterProvider router={router} />
        </LanguageProvider>
      </QueryClientProvider>
      {onCommitted && <Committed run={onCommitted} />}
    </StrictMode>
  );
}

function Committed({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * A public page as a visitor first sees it (decision 061): signed out, with this public configuration, the
 * route's code loaded (and the visitor's home on `/`), so its first render has no Suspense step. The build
 * renders it to HTML this way, and the browser hydrates that HTML after the same steps, so both read the same.
 */
export async function prepareSignedOutPage(router: AppRouter, config: PublicConfig): Promise<void> {
  queryClient.setQueryData(configQuery.queryKey, config);
  queryClient.setQueryData(currentUserKey, null);
  const path = router.state.location.pathname;
  await Promise.all([router.load(), path === '/' && !isGuestMode() ? loadSignedOutHome() : undefined]);
}
