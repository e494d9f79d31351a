import { eq } from 'drizzle-orm';
import { updateMessage } from '../../../shared/booking-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingUpdates } from '../../db/schema';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { releaseExpiredHolds } from './bookings.service';
import { bookAsGuest, HOME, MONDAY_9AM_PACIFIC, newKey, payWithTestCard, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t.close());

const slotsLeft = async (serviceId: string, date: string, time: string) => {
  const slots = (await t.call('GET', `/api/services/${serviceId}/available-slots?date=${date}`)).json() as Array<{ startTime: string; availableCapacity: number }>;
  return slots.find((s) => s.startTime === time)?.availableCapacity ?? 0;
};

describe('POST /api/bookings', () => {
  it('creates a pending guest booking that holds its time for 15 minutes, priced by the server', async () => {
    const service = await serviceNamed(t, 'Full Detail');
    const before = await slotsLeft(service.id, TUESDAY, '10:00');
    const response = await bookAsGuest(t, { totalAmount: '0.01', tax: '0', serviceFee: '0', slotId: `${TUESDAY}T13:30` });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    // 199.00 + 5.00 fee + 19.90 tax, whatever the client said.
    expect(body).toMatchObject({ status: 'pending', totalAmount: '223.90', serviceFee: '5.00', tax: '19.90' });
    expect(body.holdExpiresAt).toBe(new Date(MONDAY_9AM_PACIFIC + 15 * 60_000).toISOString());
    expect(body.trackingToken).toMatch(/^[\w-]{40,}$/);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, body.id));
    expect(row).toMatchObject({ status: 'pending', guestEmail: 'guest@example.com', addressZip: '95110', businessDate: TUESDAY, durationMinutes: 180 });
    expect(row!.scheduledDate.toISOString()).toBe('2026-06-02T20:30:00.000Z');
    expect(row!.trackingTokenHash).not.toBe(body.trackingToken);
    expect(await slotsLeft(service.id, TUESDAY, '13:30')).toBe(2);
    expect(before).toBe(3);
  });

  it('returns the same booking for a retried Idempotency-Key and refuses the key for a different booking', async () => {
    const key = newKey();
    const first = await bookAsGuest(t, { slotId: `${TUESDAY}T11:00` }, key);
    const again = await bookAsGuest(t, { slotId: `${TUESDAY}T11:00` }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const rows = await t.ctx.db.select().from(bookings).where(eq(bookings.guestEmail, 'guest@example.com'));
    expect(rows.filter((r) => r.id === first.json().id)).toHaveLength(1);
    const other = await bookAsGuest(t, { slotId: `${TUESDAY}T12:00` }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different booking');
  });

  it('lets a signed-in customer book a pickup at a saved address, without a tracking token', async () => {
    const { user, cookie } = await t.createUser();
    const address = await t.handle.executeSql(
      `insert into addresses (user_id, street, city, state, zip_code, is_default) values ($1, '1 Main St', 'Campbell', 'CA', '95008', true) returning id`,
      [user.id],
    );
    const service = await serviceNamed(t, 'Wash & Wax');
    const response = await t.call('POST', '/api/bookings', {
      cookie,
      headers: { 'idempotency-key': newKey() },
      body: { serviceId: service.id, serviceType: 'pickup', slotId: `${TUESDAY}T14:00`, addressId: address.rows[0]!.id },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().trackingToken).toBeUndefined();
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, response.json().id));
    expect(row).toMatchObject({ userId: user.id, serviceType: 'pickup', addressStreet: '1 Main St', addressZip: '95008', totalAmount: '135.90' });
  });

  it('accepts a one-line address and parses it, and books an on-site service without one', async () => {
    const typed = await bookAsGuest(t, { slotId: `${TUESDAY}T09:30`, address: '77 Elm Street, Santa Clara, ca 95050' });
    expect(typed.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, typed.json().id));
    expect(row).toMatchObject({ addressStreet: '77 Elm Street', addressCity: 'Santa Clara', addressState: 'CA', addressZip: '95050' });
    const engine = await serviceNamed(t, 'Engine Bay Detail');
    const onsite = await bookAsGuest(t, { serviceId: engine.id, serviceType: 'serviceLocation', address: null, slotId: `${TUESDAY}T15:00` });
    expect(onsite.statusCode).toBe(201);
  });

  it.each([
    [{ serviceId: 'nope' }, 400, 'Please select a service'],
    [{ serviceId: '00000000-0000-4000-8000-000000000000' }, 404, 'Service not found'],
    [{ serviceType: 'boat' }, 400, 'Please select a service type'],
    [{ slotId: undefined }, 400, 'Please select a time'],
    [{ slotId: 'tomorrow at ten' }, 400, 'Please select a valid time slot'],
    [{ slotId: `${TUESDAY}T10:15` }, 400, 'Invalid Time Slot - Please select a valid time slot for the current service and date.'],
    [{ slotId: '2026-05-29T10:00' }, 400, 'Invalid Time Slot - Please select a valid time slot for the current service and date.'],
    [{ address: null }, 400, 'Please enter your service location'],
    [{ serviceType: 'pickup', address: '  ' }, 400, 'Please enter your pickup address'],
    [{ address: 'somewhere nice' }, 400, 'Please enter a full address: street, city, state and ZIP code'],
    [{ address: { ...HOME, zipCode: '9511' } }, 400, 'ZIP code must be 5 digits'],
    [{ serviceType: 'serviceLocation' }, 400, 'Full Detail is not offered as an on-site service. Please choose another service type.'],
    [{ guestEmail: undefined }, 400, 'Email is required to book as a guest'],
    [{ guestEmail: 'not-an-email' }, 400, 'Please enter a valid email address'],
    [{ addressId: '00000000-0000-4000-8000-000000000000' }, 400, 'Sign in to use a saved address'],
    [{ notes: 'x'.repeat(1001) }, 400, 'Notes must be at most 1000 characters'],
  ])('refuses %o with %i and a message', async (override, status, message) => {
    const response = await bookAsGuest(t, override);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
  });

  it('refuses a short Idempotency-Key and a body that is not JSON', async () => {
    expect((await bookAsGuest(t, {}, 'short')).json().message).toBe('Idempotency-Key must be 8 to 200 characters');
    const bad = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a saved address of another customer', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const address = await t.handle.executeSql(`insert into addresses (user_id, street, city, state, zip_code) values ($1, '9 Secret Ln', 'San Jose', 'CA', '95112') returning id`, [owner.user.id]);
    const service = await serviceNamed(t, 'Full Detail');
    const response = await t.call('POST', '/api/bookings', {
      cookie: other.cookie,
      body: { serviceId: service.id, serviceType: 'pickup', slotId: `${TUESDAY}T10:00`, addressId: address.rows[0]!.id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Address not found');
  });

  it('limits how many bookings one client can start in ten minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const service = await serviceNamed(t, 'Full Detail');
      const response = await t.call('POST', '/api/bookings', {
        ip: '203.0.113.77',
        body: { serviceId: service.id, serviceType: 'mobile', slotId: '2026-05-29T10:00', address: HOME, guestEmail: 'spammer@example.com' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('answers 409 when the step is full', async () => {
    const headlights = await serviceNamed(t, 'Headlight Restoration');
    const at = { serviceId: headlights.id, slotId: '2026-06-03T16:00' };
    for (let i = 0; i < 3; i++) expect((await bookAsGuest(t, at)).statusCode).toBe(201);
    const fourth = await bookAsGuest(t, at);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('That time was just taken. Please choose another time.');
  });
});

describe('holds', () => {
  it('stops holding the time after 15 minutes and the job cancels the booking, keeping its history', async () => {
    const express = await serviceNamed(t, 'Express Exterior Wash');
    const at = { serviceId: express.id, slotId: '2026-06-04T09:00' };
    const held = [];
    for (let i = 0; i < 3; i++) held.push((await bookAsGuest(t, at)).json());
    expect(await slotsLeft(express.id, '2026-06-04', '09:00')).toBe(0);
    expect((await bookAsGuest(t, at)).statusCode).toBe(409);

    t.clock.advance(14 * 60_000);
    expect(await releaseExpiredHolds(t.ctx)).toBe(0);
    expect(await slotsLeft(express.id, '2026-06-04', '09:00')).toBe(0);

    t.clock.advance(2 * 60_000);
    // The engine already ignores expired holds; the job then makes the record honest.
    expect(await slotsLeft(express.id, '2026-06-04', '09:00')).toBe(3);
    expect(await releaseExpiredHolds(t.ctx)).toBeGreaterThanOrEqual(3);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, held[0].id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    expect(row!.cancelledAt).not.toBeNull();
    const updates = await t.ctx.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, held[0].id));
    expect(updates.map((u) => updateMessage({ kind: u.kind, params: u.params, note: u.message }))).toContain('The booking was not paid within 15 minutes, so the time was released.');
    expect(updates.map((u) => u.kind)).toContain('hold_expired');
    expect((await bookAsGuest(t, at)).statusCode).toBe(201);
    const late = await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': held[1].trackingToken }, body: { bookingId: held[1].id } });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('Your hold on this time has ended. Please choose a time again.');
    t.clock.advance(-16 * 60_000);
  });
});

describe('confirmation', () => {
  it('confirms a paid guest booking, records an update and e-mails an .ics in Pacific time with a tokenised tracking link', async () => {
    const created = await bookAsGuest(t, { slotId: `${TUESDAY}T15:30`, serviceId: (await serviceNamed(t, 'Interior Refresh')).id, guestEmail: 'ics@example.com' });
    expect(created.statusCode).toBe(201);
    const booking = created.json();
    const { card } = await payWithTestCard(t, booking);
    expect(card.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentProvider: 'test', paymentMethodBrand: 'visa', paymentMethodLast4: '4242', holdExpiresAt: null });
    const updates = await t.ctx.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, booking.id));
    expect(updates.map((u) => u.status)).toEqual(['confirmed']);
    const mail = await latestMailTo(t, 'ics@example.com');
    expect(mail?.subject).toBe('Booking confirmed: Interior Refresh, Tuesday, June 2, 2026 at 3:30 PM');
    expect(mail?.text).toContain('When: Tuesday, June 2, 2026, 3:30 PM – 5:00 PM Pacific Time');
    expect(mail?.links).toContain(`http://localhost:5000/tracking?bookingId=${booking.id}&token=${booking.trackingToken}`);
    const [outbox] = (await t.handle.executeSql(`select attachments from email_outbox where "to" = 'ics@example.com'`)).rows as Array<{ attachments: Array<{ filename: string; contentType: string; content: string }> }>;
    const ics = outbox!.attachments[0]!;
    expect(ics.filename).toMatch(/^booking-[0-9A-F]{8}\.ics$/);
    expect(ics.contentType).toContain('text/calendar');
    expect(ics.content).toContain('DTSTART;TZID=America/Los_Angeles:20260602T153000');
    expect(ics.content).toContain('DTEND;TZID=America/Los_Angeles:20260602T170000');
    // The plain token stays while the booking lives, so status e-mails can carry it (decision 005).
    expect((await t.handle.executeSql('select * from guest_link_tokens where booking_id = $1', [booking.id])).rows).toHaveLength(1);
    // The e-mailed token is the one the guest already holds, and the tracking page accepts it (through its
    // route: tracking builds on bookings, so bookings' tests do not import it).
    const tracked = await t.app.inject({ method: 'GET', url: `/api/bookings/guest/${booking.id}`, headers: { 'x-tracking-token': booking.trackingToken } });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().id).toBe(booking.id);
  });
});

describe('confirmation repeats the cancellation policy', () => {
  it('states the business’s free-cancellation hours and this booking’s late-cancel and no-show fees', async () => {
    const { cookie } = await t.createUser({ role: 'admin' });
    const policy = { freeCancelHours: 48, lateCancelFee: { kind: 'fixed', value: 30_00 }, noShowFee: { kind: 'percent', value: 50 } };
    expect((await t.call('PUT', '/api/admin/business-settings/cancellation', { cookie, body: policy })).statusCode).toBe(200);
    try {
      const created = await bookAsGuest(t, { slotId: `${TUESDAY}T09:00`, serviceId: (await serviceNamed(t, 'Interior Refresh')).id, guestEmail: 'policy@example.com' });
      expect(created.statusCode).toBe(201);
      const booking = created.json();
      expect((await payWithTestCard(t, booking)).card.statusCode).toBe(200);
      const halfTotal = (Math.round(Number(booking.totalAmount) * 100) / 2 / 100).toFixed(2);
      const mail = await latestMailTo(t, 'policy@example.com');
      expect(mail?.text).toContain(`Cancellation policy: free up to 48 hours before your appointment; a later cancellation costs $30.00 and a no-show $${halfTotal}.`);
    } finally {
      const defaults = { freeCancelHours: 24, lateCancelFee: { kind: 'fixed', value: 25_00 }, noShowFee: { kind: 'percent', value: 50 } };
      await t.call('PUT', '/api/admin/business-settings/cancellation', { cookie, body: defaults });
    }
  });
});

describe('confirmation in the customer’s language', () => {
  it('writes a Spanish-speaking customer’s confirmation in Spanish, dates and money their way', async () => {
    const { cookie } = await t.createUser({ email: 'marta@example.com', fullName: 'Marta Gil' });
    expect((await t.call('PUT', '/api/settings', { cookie, body: { language: 'es' } })).statusCode).toBe(200);
    const service = await serviceNamed(t, 'Interior Refresh');
    const created = await t.call('POST', '/api/bookings', {
      cookie,
      headers: { 'idempotency-key': newKey() },
      body: { serviceId: service.id, serviceType: 'mobile', slotId: `${TUESDAY}T11:00`, address: HOME },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await payWithTestCard(t, created.json(), { cookie })).card.statusCode).toBe(200);
    const mail = (await latestMailTo(t, 'marta@example.com'))!;
    expect(mail.subject).toBe('Reserva confirmada: Interior Refresh, martes, 2 de junio de 2026 a las 11:00');
    expect(mail.text).toContain('Hola, Marta Gil:');
    expect(mail.text).toContain('Interior Refresh (Servicio a domicilio)');
    expect(mail.text).toContain('Cuándo: martes, 2 de junio de 2026, 11:00 – 12:30, hora del Pacífico');
    expect(mail.text).toMatch(/Total pagado: \d+,\d{2}\sUS\$ \(Visa terminada en 4242\)/);
    expect(mail.text).toContain('Seguir tu reserva: http://localhost:5000/tracking?bookingId=');
  });
});

describe('GET /api/create-test-booking-redirect', () => {
  it('creates a paid test booking and redirects to its tracking page', async () => {
    const response = await t.call('GET', '/api/create-test-booking-redirect');
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, 'http://localhost');
    expect(location.pathname).toBe('/tracking');
    const id = location.searchParams.get('bookingId')!;
    expect(location.searchParams.get('token')).toBeTruthy();
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', source: 'test' });
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.call('GET', '/api/create-test-booking-redirect')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  }, 120_000); // builds a second app: migrations and seed on a busy machine
});
