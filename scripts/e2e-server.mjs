// The server the browser tests run against: a fresh embedded database with demo data on E2E_PORT.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { buildServerIfStale, serverProcess } from './build-server.mjs';

const dataDir = new URL(`../.test-data/e2e-${process.env.PORT ?? 5055}`, import.meta.url).pathname;
rmSync(dataDir, { recursive: true, force: true });
// The same server bundle `npm start` runs.
await buildServerIfStale();
const { args, env } = serverProcess({ ...process.env, DATA_DIR: dataDir });
const server = spawn(process.execPath, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
