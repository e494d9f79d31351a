// Finds Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium. When there is none and we
// run as root on Debian, installs Debian's chromium with apt-get; otherwise stops and says how.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function ensureChromium() {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (!isRoot || !isDebian || process.env.CHROMIUM_PATH) {
    console.error(
      `Chromium was not found at ${path}.\n` +
        'Install Debian\'s package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
    );
    process.exit(1);
  }
  console.log('Installing Debian\'s chromium for the browser tests (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (install.status !== 0 || !existsSync(path)) {
    console.error('Installing chromium failed; install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
  console.log(execFileSync(path, ['--version']).toString().trim());
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
