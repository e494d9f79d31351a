import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import { bookingPayments } from '../../db/schema';
import { anyService, openDayAfter } from '../../test/account-fixtures';
import { newKey } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { testPostgresUrl } from '../../test/postgres';

/** Real PostgreSQL, a real pool: the same payment sent twice at once, and two refunds racing (decision 049). */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  if (!testPostgresUrl) throw new Error('Run with npm run test:pg (TEST_DATABASE_URL)');
  t = await createTestApp();
  expect(t.handle.kind).toBe('postgres');
  admin = await t.login('admin@glint.local');
});
afterAll(() => t?.close());

async function onSiteJob(time: string) {
  const service = await anyService(t);
  const made = await t.call('POST', '/api/admin/appointments', {
    cookie: admin,
    body: { customerName: 'Rae Race', customerEmail: `race-${Date.now()}@example.com`, serviceId: service.id, date: openDayAfter(t, 3), time, serviceType: 'serviceLocation', payment: 'on_site' },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { id: string; totalAmount: string };
}

const rows = (bookingId: string) => t.ctx.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId));

describe('payments at the same time', () => {
  it('records one row for the same collection sent twice at once', async () => {
    const job = await onSiteJob('10:00');
    const key = newKey();
    const send = () => t.call('POST', `/api/bookings/${job.id}/payments`, { cookie: admin, headers: { 'idempotency-key': key }, body: { amountCents: toCents(job.totalAmount), method: 'cash' } });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(await rows(job.id)).toHaveLength(1);
  });

  it('never refunds more than was paid when two refunds race', async () => {
    const job = await onSiteJob('11:00');
    const total = toCents(job.totalAmount);
    expect((await t.call('POST', `/api/bookings/${job.id}/payments`, { cookie: admin, headers: { 'idempotency-key': newKey() }, body: { amountCents: total, method: 'cash' } })).statusCode).toBe(201);
    const refund = () => t.call('POST', `/api/admin/bookings/${job.id}/refunds`, { cookie: admin, headers: { 'idempotency-key': newKey() }, body: { amountCents: total - 100, reason: 'Race' } });
    const answers = await Promise.all([refund(), refund()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await rows(job.id)).filter((r) => r.kind === 'refund').reduce((sum, r) => sum + r.amountCents, 0)).toBe(total - 100);
  });
});
