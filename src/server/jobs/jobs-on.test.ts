import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { createJobs, jobsOn, startJobs, type Jobs } from './boss';

/** A job queued inside a transaction is queued with it, on the embedded database's one connection too. */
let t: TestApp;
let jobs: Jobs;
const QUEUE = 'test.jobs-on';

beforeAll(async () => {
  t = await createTestApp();
  jobs = createJobs(t.handle, t.databaseUrl);
  await startJobs(jobs, []);
  await jobs.createQueue(QUEUE);
}, 120_000);
afterAll(async () => {
  await jobs.stop({ graceful: true, wait: true, timeout: 5_000 });
  await t.close();
});

describe('jobsOn', () => {
  it('queues in the transaction (data as JSON, options kept), and a rolled-back transaction queues nothing', async () => {
    const id = await t.ctx.db.transaction((tx) => jobs.send(QUEUE, { bookingId: 'b-1', nested: { n: 1 } }, { singletonKey: 'b-1', retryLimit: 3, db: jobsOn(tx) }));
    expect(id).toBeTruthy();
    const job = await jobs.getJobById(QUEUE, id!);
    expect(job).toMatchObject({ data: { bookingId: 'b-1', nested: { n: 1 } }, singletonKey: 'b-1', retryLimit: 3 });

    await expect(
      t.ctx.db.transaction(async (tx) => {
        await jobs.send(QUEUE, { bookingId: 'b-2' }, { singletonKey: 'b-2', db: jobsOn(tx) });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const queued = await t.handle.executeSql(`select count(*)::int as n from pgboss.job where name = $1 and singleton_key = 'b-2'`, [QUEUE]);
    expect((queued.rows[0] as { n: number }).n).toBe(0);
  });
});
