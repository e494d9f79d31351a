import { defineConfig, devices } from '@playwright/test';
import { testBrowserPath } from './scripts/ensure-chromium.mjs';

/** The first worker's server port; worker n (its parallel index) listens on E2E_PORT + n (decision 062). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5055);
/**
 * Files run in parallel, each worker against a server of its own (e2e/support/test.ts). Two on this 2-core
 * machine (decision 062 has the figures); E2E_WORKERS sets another count, `--workers=1` on the command line
 * also works (only the workers that run start a server).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** The most workers any run may have: each gets a port Chromium is told to allow. */
const MAX_WORKERS = 8;
export const e2eUrl = (parallelIndex: number) => `http://localhost:${E2E_PORT + parallelIndex}`;

/** Debian's Chromium headless shell, never a downloaded browser (scripts/ensure-chromium.mjs installs it; decision 081). */
const launchOptions = {
  executablePath: testBrowserPath(),
  // Chromium refuses some ports outright (5060/5061 are SIP): the run's own ports are always allowed.
  args: [`--explicitly-allowed-ports=${Array.from({ length: MAX_WORKERS }, (_, n) => E2E_PORT + n).join(',')}`, '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/playwright',
  fullyParallel: false,
  workers: Math.min(WORKERS, MAX_WORKERS),
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    launchOptions,
    // No trace by default: recording one (DOM snapshots and a screencast) for every test, to keep it only for a
    // failure, was a third of the suite's time (decision 079). A failure still leaves its screenshot; to see how it
    // got there, run the spec again with E2E_TRACE=on.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    timezoneId: 'America/Los_Angeles',
    locale: 'en-US',
    // The app scrolls each next step into view at once on a device that asks for less motion (decision 074): an
    // action waits for its element to stop moving, and a smooth scroll kept it moving ~0.5 s after each choice.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions }, testIgnore: /admin\/.*desktop/ },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, launchOptions }, testMatch: /admin\/.*desktop.*\.spec\.ts/ },
  ],
});
