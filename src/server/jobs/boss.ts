import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { isDatabaseConnectionError } from '../db/connection-errors';

export type Jobs = PgBoss;

/**
 * pg-boss on the app's own database. On PGlite it gets a `db` adapter over the same embedded instance
 * (multi-statement SQL through exec, parameterised SQL through query); on PostgreSQL its own pool.
 */
export function createJobs(handle: DatabaseHandle, databaseUrl: string | undefined): PgBoss {
  const options = { schema: 'pgboss', monitorStateIntervalSeconds: 60, maintenanceIntervalSeconds: 300 };
  const boss = databaseUrl
    ? new PgBoss({ ...options, connectionString: databaseUrl, max: 4 })
    : new PgBoss({ ...options, db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) } });
  // pg-boss retries its polling and maintenance by itself; a lost connection is one line, not a dump.
  boss.on('error', (error) => {
    if (isDatabaseConnectionError(error)) console.error(`job queue: database connection lost (${(error as { code?: string }).code ?? error.message}), retrying`);
    else console.error('job queue error', error);
  });
  return boss;
}

/** A queue and its worker, declared by a feature: `{ name, handler, cron? }`. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T) => Promise<void>;
  /** Cron (UTC) for a recurring job. */
  cron?: string;
}

export async function startJobs(boss: PgBoss, definitions: JobDefinition<any>[]): Promise<void> {
  await boss.start();
  for (const job of definitions) {
    await boss.createQueue(job.name);
    await boss.work(job.name, { pollingIntervalSeconds: 2 }, async (batch) => {
      for (const item of batch) await job.handler(item.data as object);
    });
    if (job.cron) await boss.schedule(job.name, job.cron);
  }
}
