import type { SendOptions } from 'pg-boss';
import type { AppContext } from '../../context';

const inline = new Set<Promise<void>>();

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

/** Waits for the background work started without a queue (tests). */
export async function settleInlineJobs(): Promise<void> {
  while (inline.size) await Promise.all([...inline]);
}
