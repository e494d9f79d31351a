import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { buildServerIfStale, serverEntry } from '../../../scripts/build-server.mjs';
import { fromRoot } from '../paths';
import { freePort } from './free-port';

/**
 * Real server processes for the resilience suites: the bundle `npm start` runs (built when stale), on its
 * own port, with what it prints kept for the test to read.
 */
export const SERVER_PASSWORD = 'resilience-pass';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

/**
 * Builds the bundle when stale, one test process at a time: the PostgreSQL suites run in parallel forks, and a
 * build empties dist/server first, under the feet of a server another fork is starting.
 */
async function buildOnce(): Promise<void> {
  const lock = fromRoot('dist/.server-build-lock');
  mkdirSync(fromRoot('dist'), { recursive: true });
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another fork builds; a lock left by a crashed run is taken over after a minute.
      if (i > 600) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    await buildServerIfStale();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export async function startServer(env: Record<string, string>, options: { port?: number } = {}): Promise<ServerProcess> {
  await buildOnce();
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      DEMO_PASSWORD: SERVER_PASSWORD,
      ADMIN_PASSWORD: SERVER_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: 'dist/none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}:\n${text}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i === 239) {
      child.kill('SIGKILL');
      throw new Error(`server on ${port} did not start:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    child,
    output: () => text,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Ends every connection to `database` but the caller's own: what a PostgreSQL restart does to an app. */
export async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [database]);
    return result.rows[0].n as number;
  } finally {
    await client.end();
  }
}

/**
 * A TCP relay in front of PostgreSQL that can be taken down (every connection cut, new ones refused) and
 * brought back: a database restart for one app, without touching the shared cluster.
 */
export async function databaseRelay(target: { host: string; port: number }): Promise<{ port: number; down(): Promise<void>; up(): Promise<void>; close(): Promise<void> }> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((inbound) => {
        const outbound = createConnection(target.port, target.host);
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const down = async () => {
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
    server = undefined;
  };
  await listen();
  return { port, down, up: listen, close: down };
}
