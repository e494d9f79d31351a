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
 * cookie) with the public configuration beside it: the app starts from both and loads the page's code before
 * it renders, so the page it swaps in reads the same and nothing flashes.
 */
async function prepareOverPrerendered(): Promise<void> {
  const boot = document.getElementById('glint-config')?.textContent;
  if (boot) queryClient.setQueryData(configQuery.queryKey, JSON.parse(boot) as PublicConfig);
  queryClient.setQueryData(currentUserKey, null);
  await Promise.all([router.load(), location.pathname === '/' && !isGuestMode() ? loadSignedOutHome() : undefined]);
  // A task boundary before the render: loading and rendering are two shorter tasks, not one long one.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves once the live page has its content (the route inside the shell's main), or after three seconds. */
function pageRendered(live: HTMLElement): Promise<void> {
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
  await prepareOverPrerendered().catch(() => undefined);
  const live = document.createElement('div');
  createRoot(live).render(app);
  await pageRendered(live);
  const takeOver = (window as { __glintTakeOver?: (live: HTMLElement) => void }).__glintTakeOver;
  if (takeOver) takeOver(live);
  else {
    live.id = 'root';
    container.replaceWith(live);
  }
}

void start();
