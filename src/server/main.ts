import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seed, DEMO_CUSTOMER_EMAIL, DEMO_DRIVER_EMAIL } from './db/seed';
import type { Jobs } from './jobs/boss';

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
  let jobs: Jobs | undefined;
  if (config.jobs) {
    const [{ createJobs, startJobs }, { jobDefinitions }] = await Promise.all([import('./jobs/boss'), import('./jobs')]);
    jobs = createJobs(handle, config.databaseUrl);
    ctx.jobs = jobs;
    await startJobs(jobs, jobDefinitions(ctx));
  }
  // The demo store: a fresh database imports it at once, so the admin shows store data on first start.
  const { syncDemoStoreOnFirstStart } = await import('./features/store/sync.service');
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
  lines.push(`  Request log: ${['info', 'debug', 'trace'].includes(config.logLevel) ? 'on' : 'off (LOG_LEVEL=info shows each request)'}`);
  console.log(lines.join('\n') + '\n');

  const shutdown = async () => {
    await app.close();
    await jobs?.stop({ graceful: true, wait: true }).catch(() => undefined);
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
