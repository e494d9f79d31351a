import { createRoot, hydrateRoot } from 'react-dom/client';
import { holdAnswers } from './lib/api';
import { isGuestMode, takeGuestParameter } from './lib/guest-mode';
import { storedLanguage } from './lib/i18n';
import type { PublicConfig } from './lib/public-config';
import { applyTheme, storedTheme } from './lib/theme';
import { App, prepareSignedOutPage } from './app/app';
import './styles.css';

applyTheme(storedTheme());
takeGuestParameter();

const container = document.getElementById('root')!;

/** Lets the browser paint and answer input before the next step: one long task becomes several short ones. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A public page arrives as HTML rendered by React at build time (decision 061), in English, signed out, with
 * the public configuration beside it (the server sends it only without a session cookie). The app prepares
 * the same state and hydrates that HTML: React takes over the same elements, so what the visitor typed or
 * focused in the meantime stays. A visitor whose language is not English gets the page rendered afresh.
 */
function prerenderedConfig(): PublicConfig | undefined {
  // A guest (a flag in this browser only) gets the booking start where the HTML has the visitor's home.
  if (!container.dataset.prerendered || storedLanguage() !== 'en' || isGuestMode()) return undefined;
  const boot = document.getElementById('glint-config')?.textContent;
  return boot ? (JSON.parse(boot) as PublicConfig) : undefined;
}

/**
 * Resolves once React has hydrated the route's content. The HTML has a Suspense boundary around it (the router's,
 * inside <main>), and React commits the root first and hydrates a completed server boundary in a later, low-priority
 * pass: a page's data answered in between would render where the HTML has the loading state, and React would throw
 * the HTML away (error #418). React marks every node it hydrates with its fiber (`__reactFiber$…`); a page without
 * <main> content has nothing to wait for.
 */
function routeContentHydrated(): Promise<void> {
  const isReacts = (node: Element | null | undefined) => !node || Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
  return new Promise((resolve) => {
    const check = () => (isReacts(container.querySelector('main')?.firstElementChild) ? resolve() : setTimeout(check, 10));
    check();
  });
}

async function start(): Promise<void> {
  // The route table (every route's definition), then the router over it, each in a task after this module's own.
  await nextTask();
  const { createAppRouter } = await import('./app/router');
  await nextTask();
  const router = createAppRouter();
  const config = prerenderedConfig();
  // The page is the app's from here: a form's submit guard (scripts/prerender.mjs) lets go, and tests wait for it.
  const committed = () => container.setAttribute('data-hydrated', '');
  const renderAfresh = () => createRoot(container).render(<App router={router} onCommitted={committed} />);
  if (!config) return renderAfresh();
  // The page's own data (packages, a booking) waits until the page is hydrated, as it was loading on the server.
  const release = holdAnswers();
  try {
    await prepareSignedOutPage(router, config);
  } catch {
    // The route's code did not load: the app renders as it can, and its requests are not held.
    release();
    return renderAfresh();
  }
  // What TanStack Router's own hydration sets: the router renders its matches as the server renderer did
  // (no Suspense boundary of the client's own around them), so React finds the same tree in the HTML.
  router.ssr = { manifest: undefined };
  await nextTask();
  const hydrated = () => {
    committed();
    void routeContentHydrated().then(release);
  };
  hydrateRoot(container, <App router={router} onCommitted={hydrated} />);
}

void start();
