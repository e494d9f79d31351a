import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/boss';
import { createBackup } from './backup';

export const NIGHTLY_BACKUP_JOB = 'nightly-backup';

/**
 * With BACKUP_DIR set, a backup every night at 10:30 UTC (02:30 or 03:30 in California, the quietest hour).
 * pg-boss makes one job per cron tick for all instances, and the queue's singleton policy lets one run at a
 * time; an hour is long enough for pg_dump of a small business's database.
 */
export function operationsJobs(ctx: AppContext): JobDefinition[] {
  const dir = ctx.config.backupDir;
  if (!dir) return [];
  return [
    {
      name: NIGHTLY_BACKUP_JOB,
      cron: '30 10 * * *',
      queue: { policy: 'singleton', expireInSeconds: 3_600, retryLimit: 2, retryDelay: 600 },
      handler: async () => {
        await createBackup({ handle: ctx.handle, databaseUrl: ctx.config.databaseUrl, dir, keep: ctx.config.backupKeep, now: new Date() });
      },
    },
  ];
}
