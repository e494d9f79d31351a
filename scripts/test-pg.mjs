// npm run test:pg: the PostgreSQL suites (concurrency, multi-instance, and every server integration suite
// again) against 127.0.0.1:5432, starting the local cluster first when it is down.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function ready() {
  return spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
}

if (!ready() && existsSync('/etc/postgresql')) {
  const version = readdirSync('/etc/postgresql')[0];
  console.log(`Starting the local PostgreSQL ${version} cluster...`);
  spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
  for (let i = 0; i < 30 && !ready(); i++) spawnSync('sleep', ['1']);
}
if (!ready()) {
  console.error('PostgreSQL is not reachable on 127.0.0.1:5432. Start it, or set TEST_DATABASE_URL.');
  process.exit(1);
}

const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '-c', 'vitest.pg.config.ts'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
