import { afterAll, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { createJobs, startJobs } from './boss';

const QUEUE = 'test.outlives-the-stop';
const unhandled: unknown[] = [];
const keep = (reason: unknown) => void unhandled.push(reason);
process.on('unhandledRejection', keep);
afterAll(() => void process.off('unhandledRejection', keep));

it('a handler that outlives the stop and the embedded database ends quietly: no unhandled rejection reaches the process', async () => {
  const t = await createTestApp();
  const jobs = createJobs(t.handle, t.databaseUrl);
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let finish!: () => void;
  const held = new Promise<void>((resolve) => (finish = resolve));
  await startJobs(jobs, [{ name: QUEUE, handler: async () => { started(); await held; } }]);
  await jobs.send(QUEUE, {});
  await running;

  // The stop gives up waiting for the handler (pg-boss's least timeout is 1 s), the database closes, then the handler ends.
  await jobs.stop({ graceful: true, wait: true, timeout: 1_000 });
  await t.close();
  finish();
  await new Promise((resolve) => setTimeout(resolve, 500));

  expect(unhandled).toEqual([]);
}, 120_000);
