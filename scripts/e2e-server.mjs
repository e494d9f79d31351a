// The server the browser tests run against: a fresh embedded database with demo data on E2E_PORT.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = new URL(`../.test-data/e2e-${process.env.PORT ?? 5055}`, import.meta.url).pathname;
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
