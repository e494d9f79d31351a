// npm run test:clocks: the whole browser suite again under clocks that have broken tests before — a Wednesday
// (its Spanish short name ends in an accented letter), a Saturday, 23:50 Pacific (the run crosses midnight)
// and the spring-forward Sunday (01:55 PST: the run crosses the missing hour). Debian's libfaketime moves the
// clock of every process of the run by one offset — the test runner, the server with its embedded database,
// and Chromium — so the app, the browser and the tests' own expectations all read the same time, which keeps
// flowing. `npm run test:clocks -- wednesday saturday` runs some of them; other arguments go to Playwright
// (`npm run test:clocks -- wednesday e2e/driver`). Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfStale } from './build-web-if-stale.mjs';
import { ensureTestBrowser } from './ensure-chromium.mjs';
import { ensureDebianPackage } from './debian-package.mjs';

const root = new URL('..', import.meta.url).pathname;
const ZONE = 'America/Los_Angeles';

/** The multi-threaded libfaketime (Node and Chromium run many threads), wherever the architecture put it. */
function fakeTimeLibrary() {
  for (const dir of ['/usr/lib/x86_64-linux-gnu/faketime', '/usr/lib/aarch64-linux-gnu/faketime', '/usr/lib/faketime']) {
    if (existsSync(join(dir, 'libfaketimeMT.so.1'))) return join(dir, 'libfaketimeMT.so.1');
  }
  for (const dir of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) {
    const candidate = join('/usr/lib', dir, 'faketime', 'libfaketimeMT.so.1');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The Pacific calendar date and wall time of an instant. */
function pacificParts(ms) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { year: +parts.year, month: +parts.month, day: +parts.day, hour: +parts.hour, minute: +parts.minute, weekday: parts.weekday };
}

/** The instant at which Pacific wall time reads y-m-d h:min (standard or daylight time, whichever holds). */
function pacificInstant(year, month, day, hour, minute) {
  for (const offsetHours of [8, 7]) {
    const ms = Date.UTC(year, month - 1, day, hour + offsetHours, minute);
    const p = pacificParts(ms);
    if (p.year === year && p.month === month && p.day === day && p.hour === hour && p.minute === minute) return ms;
  }
  throw new Error(`${year}-${month}-${day} ${hour}:${minute} does not exist in Pacific time`);
}

/** The next Pacific date (today included) whose short weekday is `weekday`, at h:min. */
function nextWeekday(weekday, hour, minute, now) {
  for (let days = 0; days < 8; days++) {
    const p = pacificParts(now + days * 86_400_000);
    const at = pacificInstant(p.year, p.month, p.day, hour, minute);
    if (p.weekday === weekday && at > now) return at;
  }
  throw new Error(`no ${weekday} ahead`);
}

/** 01:55 PST on the next second Sunday of March, when Pacific clocks spring forward at 02:00. */
function nextSpringForward(now) {
  for (let year = pacificParts(now).year; ; year++) {
    const firstWeekday = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    const secondSunday = 1 + ((7 - firstWeekday) % 7) + 7;
    const at = pacificInstant(year, 3, secondSunday, 1, 55);
    if (at > now) return at;
  }
}

const now = Date.now();
const clocks = {
  wednesday: nextWeekday('Wed', 10, 0, now),
  saturday: nextWeekday('Sat', 10, 0, now),
  'before-midnight': (() => {
    const p = pacificParts(now);
    const tonight = pacificInstant(p.year, p.month, p.day, 23, 50);
    return tonight > now ? tonight : tonight + 86_400_000;
  })(),
  'spring-forward': nextSpringForward(now),
};

// Clock names choose the clocks; anything else goes to Playwright (a spec file, --grep …).
const chosen = process.argv.slice(2).filter((arg) => arg in clocks);
const playwrightArgs = process.argv.slice(2).filter((arg) => !(arg in clocks));

ensureDebianPackage('faketime', () => Boolean(fakeTimeLibrary()), 'the clock runs of the browser tests');
const library = fakeTimeLibrary();
const chromium = ensureTestBrowser();
buildWebIfStale();

const reports = join(root, 'test-results', 'clocks');
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
let failed = false;

for (const [name, at] of Object.entries(clocks)) {
  if (chosen.length && !chosen.includes(name)) continue;
  const offsetSeconds = Math.round((at - Date.now()) / 1000);
  const startsAt = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, dateStyle: 'full', timeStyle: 'short' }).format(new Date(at));
  console.log(`\n== browser tests with the clock at ${startsAt} Pacific (${name}) ==`);
  const report = join(reports, `${name}.json`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...playwrightArgs], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      LD_PRELOAD: library,
      FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
      // Only the calendar moves: timers, timeouts and file times stay real. Chromium hangs at start with the
      // monotonic-clock fix on.
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      DONT_FAKE_MONOTONIC: '1',
      FAKETIME_FORCE_MONOTONIC_FIX: '0',
      NO_FAKE_STAT: '1',
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) failed = true;
  if (existsSync(report)) {
    const stats = JSON.parse(readFileSync(report, 'utf8')).stats;
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    rows.push(`${name.padEnd(16)} ${startsAt.padEnd(44)} ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed, ${stats.skipped} skipped (${seconds} s)`);
  } else {
    failed = true;
    rows.push(`${name.padEnd(16)} ${startsAt.padEnd(44)} no report (${seconds} s)`);
  }
}

console.log('');
for (const row of rows) console.log(row);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
