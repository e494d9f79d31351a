import { randomUUID } from 'node:crypto';
import type { SendOptions } from 'pg-boss';
import type { AppContext } from '../context';
import type { Jobs } from '../jobs/boss';
import { jobDefinitions } from '../jobs';

/** pg-boss 10 retries a failed job twice unless the job or its queue says otherwise. */
const PG_BOSS_RETRY_LIMIT = 2;

interface Queued {
  name: string;
  data: object;
  retryLimit: number;
  attempts: number;
}

/**
 * A stand-in for pg-boss for the tests of a feature's jobs (decision 062): `jobs.send` keeps each job with
 * its options, `drain()` runs what is queued through the handlers the server registers (jobDefinitions), and a
 * job that throws is run again, as pg-boss retries it, until its retryLimit is spent — at once, not after
 * retryDelay, so no test waits on a polling queue. The real queue on the app database is proven once, by
 * src/server/jobs/jobs.test.ts.
 */
export function queueStandIn(ctx: AppContext) {
  const definitions = new Map(jobDefinitions(ctx).map((job) => [job.name, job]));
  const queued: Queued[] = [];
  const sent: { name: string; data: object; options: SendOptions }[] = [];
  const jobs = {
    async send(name: string, data: object | null = {}, options: SendOptions = {}): Promise<string> {
      if (!definitions.has(name)) throw new Error(`No worker for the job ${name}`);
      sent.push({ name, data: data ?? {}, options });
      queued.push({ name, data: data ?? {}, retryLimit: options.retryLimit ?? PG_BOSS_RETRY_LIMIT, attempts: 0 });
      return randomUUID();
    },
  } as unknown as Jobs;

  /** Runs the job first in the queue (a failed one goes back at the end while it has tries left); undefined when none is queued. */
  async function runNext(): Promise<{ name: string; error?: string } | undefined> {
    const job = queued.shift();
    if (!job) return undefined;
    job.attempts += 1;
    try {
      await definitions.get(job.name)!.handler(job.data);
      return { name: job.name };
    } catch (error) {
      if (job.attempts <= job.retryLimit) queued.push(job);
      return { name: job.name, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Runs every queued job (and those they queue) until none is left; each run's job and error, in order. */
  async function drain(): Promise<{ name: string; error?: string }[]> {
    const runs: { name: string; error?: string }[] = [];
    for (let run = await runNext(); run; run = await runNext()) runs.push(run);
    return runs;
  }

  return { jobs, sent, runNext, drain, definitions };
}
