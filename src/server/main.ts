import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seed, DEMO_CUSTOMER_EMAIL, DEMO_DRIVER_EMAIL } from './db/seed';
import { createJobs, startJobs } from './jobs/boss';
import { jobDefinitions } from './jobs';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await handle.migrate();
  const seeded = await seed(handle.db, config);
  const { app, ctx } = await buildApp({ config, handle, logger: true });
  const jobs = config.jobs ? createJobs(handle, config.databaseUrl) : undefined;
  if (jobs) {
    ctx.jobs = jobs;
    await startJobs(jobs, jobDefinitions(ctx));
  }
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  ${config.business.name} is running at ${config.publicUrl}  (database: ${handle.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    `  Admin:    ${config.adminEmail} / ${seeded.generatedAdminPassword ?? (config.adminPassword ? '(ADMIN_PASSWORD)' : '(set on first start)')}   ${config.publicUrl}/admin`,
  ];
  if (seeded.generatedAdminPassword) lines.push('            (this generated password is shown only once; set ADMIN_PASSWORD to choose one)');
  if (config.seedDemo) {
    lines.push(`  Driver:   ${DEMO_DRIVER_EMAIL} / ${config.demoPassword}   ${config.publicUrl}/driver`);
    lines.push(`  Customer: ${DEMO_CUSTOMER_EMAIL} / ${config.demoPassword}`);
  }
  if (!config.isProduction) lines.push(`  Mail outbox: ${config.publicUrl}/dev/mail`);
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
