// npm start: build the web app and the server bundle if needed, then run the server (migrations, seed, API and
// SPA on PORT). The server runs from its bundle (scripts/build-server.mjs), not through tsx.
import { spawn } from 'node:child_process';
import { buildServerIfStale, serverProcess } from './build-server.mjs';
import { buildWebIfStale } from './build-web-if-stale.mjs';

buildWebIfStale();
await buildServerIfStale();
const { args, env } = serverProcess(process.env);
const server = spawn(process.execPath, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// The server stops by itself on SIGTERM/SIGINT with 0; killed by a signal it did not handle is a failure.
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
