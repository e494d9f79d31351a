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
import { cn } from './lib/utils';
import { loadSignedOutHome } from './app/routes/index';
import type { AppRouter } from './app/router';
import './styles.css';

applyTheme(storedTheme());

const container = document.getElementById('root')!;

/** Lets the browser paint and answer input before the next step: one long task becomes several short ones. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A prerendered public page (decision 019) arrives signed out (the server sends it only without a session
 * cookie) with the public configuration beside it: the app starts from both and loads the page's code before
 * it renders, so the page it swaps in reads the same and nothing flashes. The page is already on screen, so
 * the app takes its time: each step below is a task of its own (a phone's main thread is never blocked long).
 */
async function prepareOverPrerendered(router: AppRouter): Promise<void> {
  const boot = document.getElementById('glint-config')?.textContent;
  if (boot) queryClient.setQueryData(configQuery.queryKey, JSON.parse(boot) as PublicConfig);
  queryClient.setQueryData(currentUserKey, null);
  await Promise.all([router.load(), location.pathname === '/' && !isGuestMode() ? loadSignedOutHome() : undefined]);
  await nextTask();
  // tailwind-merge builds its class tables on first use: here, not inside the render.
  cn('p-1', 'p-2');
  await nextTask();
}

/** Resolves once the live page has its content (the route inside the shell's main), or after three seconds. */
function pageRendered(live: HTMLElement, router: AppRouter): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      const main = live.querySelector('main');
      if ((main && main.childElementCount > 0 && router.state.status === 'idle') || performance.now() - started > 3000) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

async function start(): Promise<void> {
  // The route table (every route's definition), then the router over it, each in a task after this module's own.
  await nextTask();
  const { createAppRouter } = await import('./app/router');
  await nextTask();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageProvider>
          <RouterProvider router={router} />
        </LanguageProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  if (!container.dataset.prerendered) {
    createRoot(container).render(app);
    return;
  }
  // Over a prerendered page, the app renders into a root of its own, off the page, and takes the page's
  // place in one step once it has rendered (scripts/prerender.mjs): the prerendered fields stay live while
  // it loads, and what the visitor typed, focused or clicked carries over.
  await prepareOverPrerendered(router).catch(() => undefined);
  const live = document.createElement('div');
  createRoot(live).render(app);
  await pageRendered(live, router);
  const takeOver = (window as { __glintTakeOver?: (live: HTMLElement) => void }).__glintTakeOver;
  if (takeOver) takeOver(live);
  else {
    live.id = 'root';
    container.replaceWith(live);
  }
}

void start();
