import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, standingOccurrences } from '../../db/schema';
import { saveCard } from '../../test/account-fixtures';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed } from '../../test/checkout-fixtures';
import { createPostgresTestApp, type TestApp } from '../../test/harness';
import { bookStandingAppointments } from './standing.service';

/** Real PostgreSQL, a real pool: two runs of the standing job (two workers, a retried job) truly overlap. */
let t: TestApp;
beforeAll(async () => {
  t = await createPostgresTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t?.close());

describe('standing appointments under concurrency', () => {
  it('books each occurrence once and tells a refused one once when four runs overlap', async () => {
    const admin = await t.login('admin@glint.local');
    const serviceId = (await serviceNamed(t, 'Express Exterior Wash')).id;
    const plan = await t.call('POST', '/api/admin/membership-plans', { cookie: admin, body: { name: 'Weekly Club', pricePerMonth: '79.00', grants: [{ serviceId, count: 1 }], standing: { everyWeeks: 1 } } });
    expect(plan.statusCode, plan.body).toBe(201);
    const { cookie, user } = await t.createUser({ role: 'customer' });
    const card = await saveCard(t, user.id);
    const address = (await t.call('POST', '/api/addresses', { cookie, body: HOME })).json();
    const membershipId = (await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId: plan.json().id, paymentMethodId: card.id } })).json().membershipId as string;
    const set = await t.call('PUT', `/api/user/memberships/${membershipId}/standing`, { cookie, body: { weekday: 3, time: '11:00', serviceId, addressId: address.id } });
    expect(set.statusCode, set.body).toBe(200);

    // Two Wednesdays fall in the next 14 days; the one credit books the first, the second is told.
    await Promise.all([1, 2, 3, 4].map(() => bookStandingAppointments(t.ctx)));
    const booked = await t.ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, user.id));
    expect(booked).toHaveLength(1);
    const rows = await t.ctx.db.select().from(standingOccurrences).where(eq(standingOccurrences.membershipId, membershipId));
    expect(rows.map((r) => r.outcome).sort()).toEqual(['booked', 'no_credit']);
    const outbox = (await t.call('GET', '/api/dev/outbox')).json() as Array<{ to: string; subject: string }>;
    expect(outbox.filter((m) => m.to === user.email && m.subject.startsWith('We could not book your standing visit'))).toHaveLength(1);
  });
});
