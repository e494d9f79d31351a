// npm start: build the web app if needed, then run the server (migrations, seed, API and SPA on PORT).
import { spawn } from 'node:child_process';
import { buildWebIfStale } from './build-web-if-stale.mjs';

buildWebIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
