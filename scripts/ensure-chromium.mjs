// Finds Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium. When there is none and we
// run as root on Debian, installs Debian's chromium with apt-get; otherwise stops and says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDebianPackage } from './debian-package.mjs';

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function ensureChromium() {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH) {
    console.error(`Chromium was not found at ${path} (CHROMIUM_PATH): point it at a Chromium binary, then run npm test again.`);
    process.exit(1);
  }
  ensureDebianPackage('chromium', () => existsSync(path), 'the browser tests');
  console.log(execFileSync(path, ['--version']).toString().trim());
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
