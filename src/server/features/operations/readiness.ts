import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../context';
import { describeError } from '../../errors';
import { migrationsFolder } from '../../db/client';
import { jobsRunning } from '../../jobs/boss';

/**
 * GET /api/ready: may this instance take traffic? The database answers (within READY_TIMEOUT_MS), every
 * migration of this version is applied, and the job workers run when this instance runs them (JOBS). A load
 * balancer sends nothing to an instance that says no; GET /api/health only says the process answers.
 */

export type CheckState = 'ok' | 'failing' | 'off' | 'unknown';

export interface Readiness {
  ready: boolean;
  /** Why not, in a sentence (absent when ready). */
  reason?: string;
  checks: { database: CheckState; migrations: CheckState; jobs: CheckState };
}

const READY_TIMEOUT_MS = 2_000;

/** The `when` of this version's newest migration (drizzle applies every migration newer than the newest applied). */
let newestMigration: number | undefined;
function newestMigrationOfThisVersion(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    newestMigration = Math.max(...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

/** Once seen applied, migrations stay applied for the life of the process: later probes skip that query. */
const migrated = new WeakSet<object>();

export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const jobs: CheckState = !ctx.config.jobs ? 'off' : jobsRunning(ctx.jobs) ? 'ok' : 'failing';
  try {
    await withTimeout(ctx.handle.executeSql('select 1'), READY_TIMEOUT_MS);
  } catch (error) {
    return { ready: false, reason: `database unreachable: ${describeError(error)}`, checks: { database: 'failing', migrations: 'unknown', jobs } };
  }
  let migrations: CheckState = 'ok';
  if (!migrated.has(ctx.handle)) {
    const rows = await withTimeout(
      ctx.handle.executeSql(
        `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (select coalesce(max(created_at), 0) from drizzle.__drizzle_migrations) end as newest`,
        [],
      ),
      READY_TIMEOUT_MS,
    ).catch(() => undefined);
    if (!rows) migrations = 'unknown';
    else if (Number(rows.rows[0]?.newest ?? 0) >= newestMigrationOfThisVersion()) migrated.add(ctx.handle);
    else migrations = 'failing';
  }
  if (migrations !== 'ok') return { ready: false, reason: migrations === 'failing' ? 'migrations not applied: this version has newer migrations than the database' : 'migrations could not be checked', checks: { database: 'ok', migrations, jobs } };
  if (jobs === 'failing') return { ready: false, reason: 'job workers not running', checks: { database: 'ok', migrations, jobs } };
  return { ready: true, checks: { database: 'ok', migrations, jobs } };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

