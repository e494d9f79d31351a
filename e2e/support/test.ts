// The specs' `test`: Playwright's, with one server per worker (decision 062). Each worker starts the built
// server on its own port (E2E_PORT + its parallel index) and its own data folder — a copy of the migrated
// PGlite template plus the demo data — opens the run's days on it, and every test of that worker gets it as
// baseURL (page, request, browser.newContext and playwrightRequest.newContext({ baseURL }) all follow).
// Files run in parallel across workers; the tests of one file stay in order on one worker and one server.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { test as base, type Page } from '@playwright/test';
import { serverProcess } from '../../scripts/build-server.mjs';
import { e2eUrl, E2E_PORT } from '../../playwright.config';
import { openTheRunsDays } from './open-days';

// Everything else of Playwright's passes through, so a spec imports from here alone.
export * from '@playwright/test';

const root = new URL('../..', import.meta.url).pathname;

/** The environment of a worker's server: the one the single shared server used to have, on its own port. */
function serverEnv(port: number, url: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ADMIN_PASSWORD: 'admin-e2e-password',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: 'glint-demo-pass',
    LOG_LEVEL: 'warn',
    // Every browser test comes from 127.0.0.1; the per-IP sign-in and analytics limits are for the open internet.
    AUTH_RATE_LIMIT_PER_IP: '10000',
    ANALYTICS_RATE_LIMIT_PER_IP: '10000',
    GUEST_HOLDS_PER_IP: '10000',
  };
}

async function ready(url: string, server: ChildProcess, deadline: number): Promise<void> {
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`The e2e server for ${url} exited (${server.exitCode ?? server.signalCode})`);
    const answered = await fetch(`${url}/api/ready`).then((r) => r.ok, () => false);
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`The e2e server for ${url} was not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
    setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
  });
}

export const test = base.extend<object, { workerURL: string }>({
  workerURL: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use, workerInfo) => {
      const port = E2E_PORT + workerInfo.parallelIndex;
      const url = e2eUrl(workerInfo.parallelIndex);
      const dataDir = `${root}.test-data/e2e-${port}`;
      rmSync(dataDir, { recursive: true, force: true });
      // The bundle and template were built by the global setup: the worker only starts the process.
      const { args, env } = serverProcess(serverEnv(port, url, dataDir));
      const server = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
      const orphaned = () => server.kill('SIGKILL');
      process.once('exit', orphaned);
      try {
        await ready(url, server, Date.now() + 100_000);
        await openTheRunsDays(url);
        await use(url);
      } finally {
        process.off('exit', orphaned);
        await stop(server);
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ workerURL }, use) => {
    await use(workerURL);
  },
  // A submit before React has taken over a server-rendered page is held off (decision 061), so a spec that types
  // and submits right after `goto` would race hydration: every `goto` waits until the app has the page. A
  // `waitUntil: 'commit'` goto (a spec looking at the page before its scripts ran) is left as it is.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await appHasThePage(page);
      return response;
    };
    screenshotsInCssPixels(page);
    await use(page);
  },
});

/**
 * The screenshots kept for people to look at are taken in CSS pixels, on every page of the run (the specs'
 * own contexts too, so Playwright's page class is changed once per worker): at the phone's device scale (2.625)
 * each was seven times the pixels to paint, encode and send, ~0.6 s apiece and a fifth of the phone tests' time.
 */
function screenshotsInCssPixels(page: Page): void {
  const pages = Object.getPrototypeOf(page) as Page & { cssPixels?: true };
  if (pages.cssPixels) return;
  const screenshot = pages.screenshot;
  pages.screenshot = function (this: Page, options) {
    return screenshot.call(this, { scale: 'css', ...options });
  };
  pages.cssPixels = true;
}

/** True once the app's root says it is hydrated or rendered; a page without the app's root (JSON, a file) is ready as it is. */
async function appHasThePage(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root === null || root.hasAttribute('data-hydrated');
  });
}
