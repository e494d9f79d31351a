import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_HOLDS_JOB } from '../features/bookings/bookings.service';
import { countAttempt, MAX_WINDOW_MS, STALE_ATTEMPTS_JOB } from '../http/attempt-counter';
import { SEND_MESSAGES_JOB } from '../features/messages/send';
import { WEATHER_CHECK_JOB } from '../features/messages/weather.service';
import { DELIVER_WEBHOOKS_JOB } from '../features/webhooks/deliver';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard } from '../test/checkout-fixtures';
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
  // The recurring jobs' queues are looked at every second here (every 15 s in the app): each test sends a job
  // to one and waits for its work.
  await startJobs(jobs, jobDefinitions(t.ctx).map((job) => ({ ...job, pollSeconds: 1 })));
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

  it('runs the customer-messages job: a reminder that came due on the app clock is sent from its outbox row', async () => {
    const created = await bookAsGuest(t, { guestEmail: 'jobs-reminder@example.com', slotId: '2026-06-04T10:00' });
    expect(created.statusCode, created.body).toBe(201);
    await payWithTestCard(t, created.json());
    const bookingId = created.json().id as string;
    const state = async () =>
      String((await t.handle.executeSql(`select state from message_outbox where booking_id = $1 and kind = 'reminder_24h' and channel = 'email'`, [bookingId])).rows[0]?.state);
    expect(await state()).toBe('scheduled');
    t.clock.now = Date.parse('2026-06-03T17:00:00Z');

    await jobs.send(SEND_MESSAGES_JOB, {});
    for (let i = 0; i < 60 && (await state()) === 'scheduled'; i++) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await state()).toBe('sent');
  });

  it('schedules the recurring jobs', async () => {
    const schedules = await jobs.getSchedules();
    expect(schedules.map((s) => s.name)).toEqual(expect.arrayContaining([RELEASE_HOLDS_JOB, STALE_ATTEMPTS_JOB, SEND_MESSAGES_JOB, WEATHER_CHECK_JOB, DELIVER_WEBHOOKS_JOB]));
  });
});
