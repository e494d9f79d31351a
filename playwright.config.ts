import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5055);
export const E2E_URL = `http://localhost:${E2E_PORT}`;

/** Debian's Chromium, never a downloaded browser (scripts/ensure-chromium.mjs installs it). */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Chromium refuses some ports outright (5060/5061 are SIP): the run's own port is always allowed.
  args: [`--explicitly-allowed-ports=${E2E_PORT}`, '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: E2E_URL,
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    timezoneId: 'America/Los_Angeles',
    locale: 'en-US',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions }, testIgnore: /admin\/.*desktop/ },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, launchOptions }, testMatch: /admin\/.*desktop.*\.spec\.ts/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_URL: E2E_URL,
      NODE_ENV: 'test',
      ADMIN_PASSWORD: 'admin-e2e-password',
      SEED_DEMO: 'true',
      DEMO_PASSWORD: 'glint-demo-pass',
      LOG_LEVEL: 'warn',
      // Every browser test comes from 127.0.0.1; the per-IP sign-in and analytics limits are for the open internet.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      ANALYTICS_RATE_LIMIT_PER_IP: '10000',
      GUEST_HOLDS_PER_IP: '10000',
    },
  },
});
