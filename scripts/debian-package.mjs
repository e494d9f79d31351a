// Installs one of Debian's packages that a test stage needs, when it is missing and we run as root on Debian
// (a fresh CI machine); otherwise stops and says how. Nothing is ever downloaded from anywhere but Debian.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** True when this process may install Debian's packages: root, on Debian. */
export function canInstallDebianPackages() {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version');
}

/** Makes sure `found()` holds, installing Debian's `name` if it does not; exits with a message if it cannot. */
export function ensureDebianPackage(name, found, purpose) {
  if (found()) return;
  if (!canInstallDebianPackages()) {
    console.error(`${purpose} needs Debian's package ${name}: install it (sudo apt-get install -y ${name}) and run again.`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${name} for ${purpose} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let install = spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', name], { stdio: 'inherit', env });
  if (install.status !== 0) {
    // A machine whose package lists were never fetched knows no package yet.
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    install = spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', name], { stdio: 'inherit', env });
  }
  if (install.status !== 0 || !found()) {
    console.error(`Installing ${name} failed; install it by hand: apt-get install -y ${name}`);
    process.exit(1);
  }
}
