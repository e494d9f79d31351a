import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, DbOrTx } from '../db/client';
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
    : new PgBoss({ ...options, db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values).catch(unlessClosed) } });
  // pg-boss retries its polling and maintenance by itself; a lost connection is one line, not a dump.
  boss.on('error', (error) => {
    if (isDatabaseConnectionError(error)) console.error(`job queue: database connection lost (${(error as { code?: string }).code ?? error.message}), retrying`);
    else console.error('job queue error', error);
  });
  return boss;
}

/**
 * pg-boss's own bookkeeping after the embedded database has closed. A graceful stop waits only for handlers
 * already running: a worker whose fetch was under way when the stop began still runs the jobs it fetched, and
 * pg-boss then marks them complete or failed without awaiting it. With the database closed that statement
 * has nowhere to go and would surface as an unhandled rejection (the process's end, or the next test file in
 * the same Vitest worker); an empty answer would break pg-boss's reading of it. So it never answers: nothing
 * waits on it but the abandoned bookkeeping. The job stays active and pg-boss's expiry hands it out again at
 * the next start.
 */
function unlessClosed(error: unknown): Promise<{ rows: Record<string, unknown>[] }> {
  if (error instanceof Error && error.message === 'PGlite is closed') return new Promise(() => {});
  throw error;
}

/** A queue and its worker, declared by a feature: `{ name, handler, cron? }`. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T) => Promise<void>;
  /** Cron (UTC) for a recurring job. */
  cron?: string;
  /** How often its worker looks for work, when not POLL_SECONDS (CRON_POLL_SECONDS for a queue with a cron). */
  pollSeconds?: number;
  /** The queue's options when it is created (e.g. `policy: 'singleton'`: one job of the queue active at a time across instances). */
  queue?: Omit<PgBoss.Queue, 'name'>;
}

/** Queues whose workers have all started and not stopped since (GET /api/ready asks). */
const running = new WeakSet<PgBoss>();

export function jobsRunning(boss: PgBoss | undefined): boolean {
  return Boolean(boss && running.has(boss));
}

/** How soon a job sent to a queue is picked up. */
const POLL_SECONDS = 2;
/**
 * A queue with a cron is fed by its schedule alone (at most once a minute, sent by pg-boss's own clock every
 * 30 s): looking for work every 15 s instead of 2 s keeps its start within the same minute and cuts the idle
 * queries of the ~16 such queues by seven (each is a query on the app's database, in the embedded one's thread).
 */
export const CRON_POLL_SECONDS = 15;

export async function startJobs(boss: PgBoss, definitions: JobDefinition<any>[], options: { onFailure?: (queue: string) => void } = {}): Promise<void> {
  boss.on('stopped', () => running.delete(boss));
  await boss.start();
  for (const job of definitions) {
    await boss.createQueue(job.name, job.queue ? { name: job.name, ...job.queue } : undefined);
    const pollingIntervalSeconds = job.pollSeconds ?? (job.cron ? CRON_POLL_SECONDS : POLL_SECONDS);
    await boss.work(job.name, { pollingIntervalSeconds }, async (batch) => {
      try {
        for (const item of batch) await job.handler(item.data as object);
      } catch (error) {
        options.onFailure?.(job.name);
        throw error;
      }
    });
    if (job.cron) await boss.schedule(job.name, job.cron);
  }
  running.add(boss);
}

/**
 * pg-boss's queries run on `db` (a transaction): a job queued by code inside a transaction is queued with it
 * (no job for a change that rolled back), and on the embedded database it does not wait for the one
 * connection the transaction holds.
 */
function asParam(value: unknown): unknown {
  if (value === undefined) return null;
  return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
}

export function jobsOn(db: DbOrTx): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const parts = text.split(/\$(\d+)/);
      const query = sql.empty();
      parts.forEach((part, i) => query.append(i % 2 === 0 ? sql.raw(part) : sql`${asParam(values[Number(part) - 1])}`));
      const result = await db.execute(query);
      return { rows: (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]) };
    },
  };
}
