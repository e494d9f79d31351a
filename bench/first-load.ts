/**
 * First load of `/` on a phone: starts the built app on a fresh embedded database, opens `/` in Chromium
 * as a signed-out visitor and as a signed-in customer, and prints the compressed JavaScript each one
 * downloads (everything fetched until the network is idle), plus whether any back-office code was among it.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';

const PORT = 5091;
const URL_BASE = `http://localhost:${PORT}`;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${URL_BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function measure(page: Page, path: string) {
  const scripts: { url: string; bytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
  });
  await page.goto(`${URL_BASE}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  return scripts;
}

export async function firstLoadBench(): Promise<void> {
  const dataDir = '.test-data/bench-first-load';
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS: 'false', DEMO_PASSWORD: 'glint-demo-pass' },
    stdio: 'ignore',
  });
  try {
    await waitForHealth();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    // A fresh context each time, so nothing comes from the browser's cache.
    const phone = () => browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
    const visitor = await measure(await (await phone()).newPage(), '/');
    const page = await (await phone()).newPage();
    await page.request.post(`${URL_BASE}/api/auth/login`, { data: { email: 'customer@glint.local', password: 'glint-demo-pass' } });
    const customer = await measure(page, '/');
    await browser.close();
    for (const [label, scripts] of [['signed-out visitor', visitor], ['signed-in customer', customer]] as const) {
      const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
      const staff = scripts.filter((s) => /admin|driver/i.test(s.url));
      console.log(`first load of / (${label}): ${(total / 1024).toFixed(1)} KB of compressed JS in ${scripts.length} files (aim ≤ 80 KB)`);
      for (const s of scripts.sort((a, b) => b.bytes - a.bytes)) console.log(`    ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.url}`);
      console.log(`    back-office chunks loaded: ${staff.length ? staff.map((s) => s.url).join(', ') : 'none'}`);
    }
  } finally {
    server.kill('SIGTERM');
  }
}
