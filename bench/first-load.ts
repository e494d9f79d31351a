/**
 * The web figures on their own (`npx tsx bench/first-load.ts`, and from `npm run bench`): starts the built app
 * on a fresh embedded database and prints what bench/web.ts measures, each script of the first load of `/`
 * listed by size.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { printFigures, type Figure } from './figures';
import { BENCH_PASSWORD } from './server';
import { firstLoads, lighthouseRuns, measureWeb } from './web';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 5091);
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

export async function firstLoadBench(options: { details?: boolean } = {}): Promise<Figure[]> {
  const dataDir = '.test-data/bench-first-load';
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS: 'false', DEMO_PASSWORD: BENCH_PASSWORD },
    stdio: 'ignore',
  });
  try {
    await waitForHealth();
    if (options.details) {
      for (const load of await firstLoads(URL_BASE)) {
        console.log(`first load of / (${load.label}): ${(load.totalBytes / 1024).toFixed(1)} KB brotli JS in ${load.scripts.length} files`);
        for (const s of load.scripts) console.log(`    ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.url}`);
      }
      if (process.argv.includes('--lighthouse-details')) {
        for (const run of await lighthouseRuns(URL_BASE)) console.log(run);
      }
    }
    const figures = await measureWeb(URL_BASE);
    printFigures(figures);
    return figures;
  } finally {
    server.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await firstLoadBench({ details: true });
