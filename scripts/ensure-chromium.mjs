// Finds Debian's Chromium builds, never a downloaded browser. Two of them:
// - the browser tests run in Chromium's headless shell (Debian's chromium-headless-shell, the same engine
//   without the desktop browser around it: about a quarter less CPU per test, decision 081);
// - Lighthouse (npm run bench) needs the full browser, Debian's chromium.
// CHROMIUM_PATH overrides both. A missing one is installed with apt-get when we run as root on Debian;
// otherwise the browser tests fall back to the full browser, and with neither the run stops and says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { canInstallDebianPackages, ensureDebianPackage } from './debian-package.mjs';

const FULL = '/usr/bin/chromium';
const SHELL = '/usr/lib/chromium/chromium-headless-shell';

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || FULL;
}

/** The browser the browser tests drive: CHROMIUM_PATH, else the headless shell, else the full browser. */
export function testBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(SHELL) || !existsSync(FULL) ? SHELL : FULL;
}

function overridden(path) {
  if (existsSync(path)) return path;
  console.error(`Chromium was not found at ${path} (CHROMIUM_PATH): point it at a Chromium binary, then run again.`);
  process.exit(1);
}

/** Debian's full Chromium (for Lighthouse), installed if missing. */
export function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return overridden(process.env.CHROMIUM_PATH);
  ensureDebianPackage('chromium', () => existsSync(FULL), 'Lighthouse');
  return FULL;
}

/** The browser for the browser tests, installing Debian's headless shell if it is missing and we may. */
export function ensureTestBrowser() {
  if (process.env.CHROMIUM_PATH) return overridden(process.env.CHROMIUM_PATH);
  if (!existsSync(SHELL)) {
    // Installed where we may; elsewhere the full browser will do, and with neither the run stops and says how.
    if (canInstallDebianPackages() || !existsSync(FULL)) ensureDebianPackage('chromium-headless-shell', () => existsSync(SHELL), 'the browser tests');
    else console.log(`Debian's chromium-headless-shell is not installed: the browser tests use ${FULL}, which is slower (apt-get install -y chromium-headless-shell).`);
  }
  const path = testBrowserPath();
  console.log(execFileSync(path, ['--version']).toString().trim());
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureTestBrowser();
