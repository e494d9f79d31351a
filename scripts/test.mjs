// npm test: every suite on the embedded database — unit and integration (Vitest), then the browser tests
// (Playwright in Debian's Chromium). Prints how long each stage took, then ends with one line
// "N passed, N failed" over all of them (CI reads that last line).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfStale, developmentBundleProblem } from './build-web-if-stale.mjs';
import { ensureTestBrowser } from './ensure-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;
const started = performance.now();
const timings = [];

/** Runs a stage and records how long it took. */
function timed(label, stage) {
  const at = performance.now();
  stage();
  timings.push([label, performance.now() - at]);
}

function run(label, args, env = {}) {
  timed(label, () => {
    console.log(`\n== ${label} ==`);
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    if (result.status !== 0) failed = true;
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// 1. Unit and HTTP integration tests on fresh PGlite databases.
const vitestReport = join(reports, 'vitest.json');
run('unit and integration tests (Vitest, PGlite)', [
  'node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
} else failed = true;

// 2. Browser tests against a real server on a fresh embedded database.
let chromium;
timed('browser and web build', () => {
  chromium = ensureTestBrowser();
  buildWebIfStale();
});
// The browser tests run against the bundle users get: never a development build.
const bundleProblem = developmentBundleProblem();
if (bundleProblem) {
  console.error(`\n${bundleProblem}`);
  totals.failed += 1;
}
const playwrightReport = join(reports, 'playwright.json');
run('browser tests (Playwright, Chromium)', ['node_modules/@playwright/test/cli.js', 'test'], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
if (existsSync(playwrightReport)) {
  const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
} else failed = true;

console.log('');
for (const [label, ms] of timings) console.log(`${label}: ${seconds(ms)}`);
console.log(`total: ${seconds(performance.now() - started)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
