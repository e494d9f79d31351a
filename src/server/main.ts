import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { isDatabaseConnectionError } from './db/connection-errors';
import { removeServerNote, writeServerNote } from './db/data-dir-lock';
import { seed, DEMO_CUSTOMER_EMAIL, DEMO_DRIVER_EMAIL } from './db/seed';
import type { Jobs } from './jobs/boss';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapBundleStacks } from './bundle-stacks';

// Run from its bundle (npm start), stack traces still name src/ files: mapped when one is printed.
mapBundleStacks(dirname(fileURLToPath(import.meta.url)));

/** What the banner may truthfully say about the admin's password. */
function adminPasswordText(seeded: { generatedAdminPassword?: string; createdAdmin: boolean; adminPasswordIgnored?: boolean }, fromEnv: boolean): string {
  if (seeded.generatedAdminPassword) return seeded.generatedAdminPassword;
  if (fromEnv && !seeded.adminPasswordIgnored) return '(ADMIN_PASSWORD)';
  return '(the password set when the admin was created)';
}

async function main() {
  const config = loadConfig();
  // Startup (decision 018): the app's modules load while the database opens, migrates and seeds; the job
  // queue starts after the server answers (no request waits for it).
  const appModule = import('./app');
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await handle.migrate();
  const seeded = await seed(handle.db, config);
  const { buildApp } = await appModule;
  const { app, ctx } = await buildApp({ config, handle, logger: true });
  await app.listen({ port: config.port, host: config.host });
  // The embedded database is this process's alone: the note tells `npm run backup` to ask this server, and
  // `npm run restore` to refuse (db/data-dir-lock.ts).
  if (handle.kind === 'pglite') {
    writeServerNote(config.dataDir, { pid: process.pid, url: loopbackUrl(app.server.address()) });
    process.on('exit', () => removeServerNote(config.dataDir));
  }
  let jobs: Jobs | undefined;
  if (config.jobs) {
    const [{ createJobs, startJobs }, { jobDefinitions }] = await Promise.all([import('./jobs/boss'), import('./jobs')]);
    jobs = createJobs(handle, config.databaseUrl);
    ctx.jobs = jobs;
    await startJobs(jobs, jobDefinitions(ctx), { onFailure: (queue) => ctx.metrics.jobFailed(queue) });
  }
  // The demo store: a fresh database imports it at once, so the admin shows store data on first start.
  const { syncDemoStoreOnFirstStart } = await import('./features/store-mirror/sync.service');
  await syncDemoStoreOnFirstStart(ctx).catch((error: unknown) => console.error('demo store sync could not start', error));

  const lines = [
    '',
    `  ${config.business.name} is running at ${config.publicUrl}  (database: ${handle.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    `  Admin:    ${config.adminEmail} / ${adminPasswordText(seeded, Boolean(config.adminPassword))}   ${config.publicUrl}/admin`,
  ];
  if (seeded.adminPasswordIgnored) lines.push('            (ADMIN_PASSWORD only sets the password when the admin is first created; change it in the app, or start with a fresh DATA_DIR)');
  if (seeded.generatedAdminPassword) lines.push('            (this generated password is shown only once; set ADMIN_PASSWORD to choose one)');
  if (config.seedDemo) {
    lines.push(`  Driver:   ${DEMO_DRIVER_EMAIL} / ${config.demoPassword}   ${config.publicUrl}/driver`);
    lines.push(`  Customer: ${DEMO_CUSTOMER_EMAIL} / ${config.demoPassword}`);
  }
  if (!config.isProduction) lines.push(`  Mail outbox: ${config.publicUrl}/dev/mail   (from this machine only)`);
  if (!['localhost', '127.0.0.1', '::1'].includes(config.host)) lines.push(`  Listening on ${config.host}: reachable from the network (HOST; the default is localhost).`);
  lines.push(`  Backups:  ${config.backupDir ? `every night into ${config.backupDir} (the newest ${config.backupKeep} kept)` : 'off (BACKUP_DIR sets where; npm run backup makes one now)'}`);
  lines.push(`  Request log: ${['info', 'debug', 'trace'].includes(config.logLevel) ? 'on' : 'off (LOG_LEVEL=info shows each request)'}`);
  console.log(lines.join('\n') + '\n');

  // SIGTERM (a deploy, a scale-down) or SIGINT: stop accepting, let the requests in flight finish (at most
  // SHUTDOWN_GRACE_MS), close the sockets (the SPA reconnects, to another instance behind a load balancer),
  // stop the job workers, close the pool, exit 0 (decision 028). A second signal during the drain (npm and
  // the start script pass the same one on) does not cut it short.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight, then exiting`);
    const graceOver = setTimeout(() => {
      console.error(`requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: closing them`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    // A statement that never returns would keep the pool from closing: the instance still ends, and says so.
    setTimeout(() => {
      console.error('shutdown did not finish in time: exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 10_000).unref();
    await app.close().catch((error: unknown) => console.error('closing the server failed', error));
    clearTimeout(graceOver);
    await jobs?.stop({ graceful: true, wait: true, timeout: 5_000 }).catch((error: unknown) => console.error('stopping the jobs failed', error));
    await handle.close().catch((error: unknown) => console.error('closing the database failed', error));
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** This server's address as seen from this machine (a wildcard listener answers on loopback too). */
function loopbackUrl(address: ReturnType<import('node:net').Server['address']>): string {
  if (!address || typeof address === 'string') return `http://127.0.0.1:${loadConfig().port}`;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** How long a stopping instance lets the requests in flight run before it closes their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

// The last guard: a lost database connection that some listener-less client or forgotten promise still
// throws is logged, never the end of the process (the pool reconnects on its own, decision 028). Anything
// else is a bug, and ends the process as Node would.
function onUncaught(kind: string) {
  return (error: unknown) => {
    if (isDatabaseConnectionError(error)) {
      console.error(`${kind} from a lost database connection (the instance carries on):`, (error as Error)?.message ?? error);
      return;
    }
    console.error(`${kind}:`, error);
    process.exit(1);
  };
}
process.on('uncaughtException', onUncaught('uncaught exception'));
process.on('unhandledRejection', onUncaught('unhandled rejection'));

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
