import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LanguageProvider } from './lib/i18n';
import { configQuery, type PublicConfig } from './lib/public-config';
import { queryClient } from './lib/query-client';
import { currentUserKey } from './lib/session';
import { applyTheme, storedTheme } from './lib/theme';
import { isGuestMode } from './lib/guest-mode';
import { loadSignedOutHome } from './app/routes/index';
import { router } from './app/router';
import './styles.css';

applyTheme(storedTheme());

const container = document.getElementById('root')!;

/**
 * A prerendered public page (decision 019) arrives signed out (the server sends it only without a session
 * cookie) with the public configuration beside it: the app starts from both, loads the page's code, then
 * renders over the prerendered markup in one go, so nothing flashes.
 */
async function prepareOverPrerendered(): Promise<void> {
  const boot = document.getElementById('glint-config')?.textContent;
  if (boot) queryClient.setQueryData(configQuery.queryKey, JSON.parse(boot) as PublicConfig);
  queryClient.setQueryData(currentUserKey, null);
  await Promise.all([router.load(), location.pathname === '/' && !isGuestMode() ? loadSignedOutHome() : undefined]);
  // A task boundary before the render: loading and rendering are two shorter tasks, not one long one.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  const prerendered = Boolean(container.dataset.prerendered);
  if (prerendered) await prepareOverPrerendered().catch(() => undefined);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageProvider>
          <RouterProvider router={router} />
        </LanguageProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  // Clicks and submits on the prerendered page before now are replayed on the live one (scripts/prerender.mjs).
  if (prerendered) setTimeout(() => (window as { __glintTakeOver?: () => void }).__glintTakeOver?.(), 0);
}

void start();
