import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_HOLDS_JOB } from '../features/bookings/bookings.service';
import { countAttempt, MAX_WINDOW_MS, STALE_ATTEMPTS_JOB } from '../http/attempt-counter';
import { bookAsGuest, MONDAY_9AM_PACIFIC } from '../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { createJobs, startJobs, type Jobs } from './boss';
import { jobDefinitions } from './index';

let t: TestApp;
let jobs: Jobs;

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  // The same queue the server runs: on PGlite through the db adapter, on PostgreSQL with its own pool.
  jobs = createJobs(t.handle, t.databaseUrl);
  t.ctx.jobs = jobs;
  await startJobs(jobs, jobDefinitions(t.ctx));
}, 120_000);

afterAll(async () => {
  await jobs.stop({ graceful: true, wait: true, timeout: 5_000 });
  await t.close();
});

describe('the job queue (pg-boss on the app database)', () => {
  it('runs the hold-release worker: an unpaid hold past its expiry is released', async () => {
    const created = await bookAsGuest(t);
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json().id as string;
    t.clock.advance(16 * 60_000);

    await jobs.send(RELEASE_HOLDS_JOB, {});
    let status = 'pending';
    for (let i = 0; i < 60 && status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = String((await t.handle.executeSql('select status from bookings where id = $1', [bookingId])).rows[0]!.status);
    }
    expect(status).toBe('cancelled');
  });

  it('runs the stale-counter cleanup: a counter whose window started over a day ago is deleted', async () => {
    await countAttempt(t.ctx, 'jobs-test:old', 60_000);
    t.clock.advance(MAX_WINDOW_MS + 60_000);
    await countAttempt(t.ctx, 'jobs-test:recent', 60_000);

    await jobs.send(STALE_ATTEMPTS_JOB, {});
    const keys = async () => (await t.handle.executeSql(`select key from sign_in_attempts where key like 'jobs-test:%' order by key`)).rows.map((row) => row.key);
    for (let i = 0; i < 60 && (await keys()).length > 1; i++) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await keys()).toEqual(['jobs-test:recent']);
  });

  it('schedules the recurring jobs', async () => {
    const schedules = await jobs.getSchedules();
    expect(schedules.map((s) => s.name)).toEqual(expect.arrayContaining([RELEASE_HOLDS_JOB, STALE_ATTEMPTS_JOB]));
  });
});
