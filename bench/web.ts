/**
 * The web half of `npm run bench`: against an app already running at `baseUrl` (built web, demo
 * accounts), the first load of `/` signed out and signed in (every script the browser loads, brotli sizes)
 * and Lighthouse 12 mobile (default simulated throttling) for `/`, `/auth` and `/tracking`.
 */
import type { Figure } from './figures';
import { chromium, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { BENCH_PASSWORD } from './server';

/**
 * Lighthouse needs Debian's full Chromium (the browser tests' headless shell will not do): CHROMIUM_PATH, else
 * /usr/bin/chromium, installed on first use where we may, so a fresh machine's first `npm run bench` does not stop
 * at its last step.
 */
const CHROMIUM = ensureChromium();
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Decision 061: React's own chunk ≈ 55 KB, the app ≤ 65 KB, no script chunk under 2 KB. */
const FIRST_LOAD_GOAL_KB = 120;
const APP_GOAL_KB = 65;
const SMALLEST_CHUNK_KB = 2;
/** React's chunk (vite.config.ts `codeSplitting.groups`). */
const isReact = (url: string) => /\/assets\/react-[^/]+\.js$/.test(url);
/** The demo customer, seeded by every app the benchmarks start with DEMO_PASSWORD = BENCH_PASSWORD. */
const DEMO_CUSTOMER = { email: 'customer@glint.local', password: BENCH_PASSWORD };

export interface ScriptLoad {
  url: string;
  bytes: number;
}

/** Every script the page loads until the network is idle, with its transferred (compressed) body size. */
async function scriptsLoaded(page: Page, url: string): Promise<ScriptLoad[]> {
  const scripts: ScriptLoad[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      request.sizes().then((sizes) => {
        scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await Promise.all(pending);
  return scripts.sort((a, b) => b.bytes - a.bytes);
}

export interface FirstLoad {
  label: 'signed out' | 'signed in';
  scripts: ScriptLoad[];
  totalBytes: number;
  /** Admin or driver chunks fetched on `/` (must be none). */
  staffChunks: string[];
}

/** First load of `/` from a fresh cache, as a visitor and as the demo customer. */
export async function firstLoads(baseUrl: string): Promise<FirstLoad[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const results: FirstLoad[] = [];
    for (const label of ['signed out', 'signed in'] as const) {
      // A fresh context each time, so nothing comes from the browser's cache.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
      const page = await context.newPage();
      if (label === 'signed in') {
        const login = await page.request.post(`${baseUrl}/api/auth/login`, { data: DEMO_CUSTOMER });
        if (!login.ok()) throw new Error(`demo customer sign-in failed: ${login.status()}`);
      }
      const scripts = await scriptsLoaded(page, `${baseUrl}/`);
      results.push({
        label,
        scripts,
        totalBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
        staffChunks: scripts.filter((s) => /admin|driver|leaflet|map/i.test(s.url)).map((s) => s.url),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

export interface LighthouseRun {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  /** Failing accessibility audits with the elements they name, to act on. */
  accessibilityFailures: string[];
  /** The other metrics behind the performance score (ms; CLS unitless). */
  metrics: { fcp: number; si: number; tbt: number; cls: number; tti: number };
  /** Every run's LCP (ms), lowest first, for the median that is reported. */
  lcpRunsMs?: number[];
}

/** How many times Lighthouse loads each page; the run with the median LCP is the page's figure. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/**
 * Lighthouse 12, mobile form factor and its default simulated throttling, one fresh Chromium per run. Each page
 * is measured LIGHTHOUSE_RUNS times and the median run (by LCP) kept, as Lighthouse's own docs advise: a single
 * run moved by a second with a busy machine or a cold first Chromium (decision 076).
 */
export async function lighthouseRuns(baseUrl: string, paths = ['/', '/auth', '/tracking']): Promise<LighthouseRun[]> {
  const runs: LighthouseRun[] = [];
  for (const path of paths) {
    const tries: LighthouseRun[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) tries.push(await lighthouseRun(baseUrl, path));
    tries.sort((a, b) => a.lcpMs - b.lcpMs);
    runs.push({ ...tries[Math.floor(tries.length / 2)]!, lcpRunsMs: tries.map((run) => run.lcpMs) });
  }
  return runs;
}

async function lighthouseRun(baseUrl: string, path: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(`${baseUrl}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    return {
      path,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      accessibilityFailures: (categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => {
          const items = (audits[ref.id]?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
          return `${ref.id}: ${items.map((item) => item.node?.snippet ?? '').join(' ')}`;
        }),
      metrics: {
        fcp: Math.round(audits['first-contentful-paint']?.numericValue ?? Number.NaN),
        si: Math.round(audits['speed-index']?.numericValue ?? Number.NaN),
        tbt: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
        tti: Math.round(audits['interactive']?.numericValue ?? Number.NaN),
      },
    };
  } finally {
    chrome.kill();
  }
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Every web figure of the bench table for the app at `baseUrl`. */
export async function measureWeb(baseUrl: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const load of await firstLoads(baseUrl)) {
    const value = kb(load.totalBytes);
    figures.push({ name: `first load of / (${load.label}), brotli JS`, value, unit: 'KB', goal: `≤ ${FIRST_LOAD_GOAL_KB}`, met: value <= FIRST_LOAD_GOAL_KB });
    const react = kb(load.scripts.filter((s) => isReact(s.url)).reduce((sum, s) => sum + s.bytes, 0));
    figures.push({ name: `first load of / (${load.label}), React's share`, value: react, unit: 'KB', goal: '≈ 55', met: react > 0 && react <= 60 });
    const app = Math.round((value - react) * 10) / 10;
    figures.push({ name: `first load of / (${load.label}), the app's share`, value: app, unit: 'KB', goal: `≤ ${APP_GOAL_KB}`, met: app <= APP_GOAL_KB });
    const small = load.scripts.filter((s) => s.bytes < SMALLEST_CHUNK_KB * 1024).length;
    figures.push({ name: `first load of / (${load.label}), scripts under ${SMALLEST_CHUNK_KB} KB`, value: small, unit: 'files', goal: '0', met: small === 0 });
    figures.push({ name: `first load of / (${load.label}), admin/driver/map chunks`, value: load.staffChunks.length, unit: 'files', goal: '0', met: load.staffChunks.length === 0 });
  }
  // Issue 21's goals for each page: LCP ≤ 1.2 s, TBT ≤ 200 ms, CLS 0, performance ≥ 95, accessibility 100.
  for (const run of await lighthouseRuns(baseUrl)) {
    figures.push({ name: `Lighthouse mobile ${run.path} performance`, value: run.performance, unit: 'score', goal: '≥ 95', met: run.performance >= 95 });
    figures.push({ name: `Lighthouse mobile ${run.path} LCP`, value: Math.round(run.lcpMs / 10) / 100, unit: 's', goal: '≤ 1.2', met: run.lcpMs <= 1200 });
    figures.push({ name: `Lighthouse mobile ${run.path} TBT`, value: run.metrics.tbt, unit: 'ms', goal: '≤ 200', met: run.metrics.tbt <= 200 });
    figures.push({ name: `Lighthouse mobile ${run.path} CLS`, value: run.metrics.cls, unit: '', goal: '0', met: run.metrics.cls === 0 });
    figures.push({ name: `Lighthouse mobile ${run.path} accessibility`, value: run.accessibility, unit: 'score', goal: '100', met: run.accessibility === 100 });
  }
  return figures;
}
