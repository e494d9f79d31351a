import { inlineJobs } from '../features/store-mirror/queue';

/** Waits for the background work started without a queue, including work that work starts. */
export async function settleInlineJobs(): Promise<void> {
  while (inlineJobs.size) await Promise.all([...inlineJobs]);
}
