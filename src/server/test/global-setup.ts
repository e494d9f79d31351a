import { pgliteTemplate, postgresTemplate, testConfig } from './template';
import { testPostgresUrl } from './postgres';

/** Vitest globalSetup: builds the test template once, before the workers start, when it is not cached yet. */
export default async function setup(): Promise<void> {
  const started = performance.now();
  const config = testConfig();
  if (testPostgresUrl) await postgresTemplate(config, testPostgresUrl);
  else await pgliteTemplate(config);
  const ms = performance.now() - started;
  if (ms > 500) console.log(`Built the test database template in ${(ms / 1000).toFixed(1)} s`);
}
