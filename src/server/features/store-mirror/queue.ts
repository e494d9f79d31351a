import type { SendOptions } from 'pg-boss';
import type { AppContext } from '../../context';

const inline = new Set<Promise<void>>();

/** The work running in the background of this process without a queue, each until it settles. */
export const inlineJobs: ReadonlySet<Promise<void>> = inline;

/**
 * Queues a pg-boss job; where this process runs no queue (JOBS=false, most tests) the same work runs in
 * the background here instead, after the request has been answered.
 */
export async function enqueue(ctx: AppContext, name: string, data: object, run: () => Promise<void>, options: SendOptions = {}): Promise<void> {
  if (ctx.jobs) {
    await ctx.jobs.send(name, data, options);
    return;
  }
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(run)
    .catch((error) => console.error(`${name} failed`, error instanceof Error ? error.message : error))
    .finally(() => inline.delete(task));
  inline.add(task);
}
