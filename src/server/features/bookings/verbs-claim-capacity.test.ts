import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacificInstant } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { bookingLines, bookings, bookingUpdates, businessAvailability } from '../../db/schema';
import { anyService, createBooking, openDayAfter } from '../../test/account-fixtures';
import { MONDAY_9AM_PACIFIC } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookingVerbs, SYSTEM, type BookingActor, type BookingDraft } from './lifecycle';

/**
 * Every verb that gives a booking a time claims that time itself: called on its own, with no claim made
 * by anyone before it, it refuses a full slot (409 SLOT_FULL) and writes nothing. The customer's rules and
 * the staff's rules apply by who asks, with the words each has always had.
 */

let t: TestApp;
let serviceId: string;
const ADMIN: BookingActor = { role: 'admin' };
const CUSTOMER: BookingActor = { role: 'customer' };
const STORE: BookingActor = { role: 'store' };
const TODAY = '2026-06-01'; // Monday, and the clock says 09:00 Pacific

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  serviceId = (await anyService(t, 'headlight-restoration')).id;
});
afterAll(() => t.close());

const SLOT_FULL = { code: 'SLOT_FULL', message: 'That time was just taken. Please choose another time.' };

/** A day whose one window (09:00–17:00) takes one job at a time, with 10:00–11:00 already taken. */
async function dayWithTenTaken(days: number): Promise<string> {
  const date = openDayAfter(t, days);
  await t.ctx.db.insert(businessAvailability).values({ date, startTime: '09:00', endTime: '17:00', maxCapacity: 1, isActive: true });
  await createBooking(t, { dateKey: date, time: '10:00', serviceSlug: 'headlight-restoration' });
  return date;
}

function draft(slotId: string, overrides: Partial<BookingDraft> = {}): BookingDraft {
  return {
    serviceId,
    serviceType: 'serviceLocation',
    slotId,
    durationMinutes: 60,
    servicePrice: '50.00',
    totalAmount: '59.00',
    serviceFee: '5.00',
    tax: '4.00',
    guestName: 'Casey Capacity',
    guestEmail: 'casey@example.com',
    source: 'admin',
    ...overrides,
  };
}

function holdDraft(slotId: string) {
  return {
    guest: true,
    userId: null,
    clientId: null,
    serviceId,
    addressId: null,
    serviceType: 'serviceLocation' as const,
    slotId,
    durationMinutes: 60,
    servicePrice: '50.00',
    totalAmount: '59.00',
    serviceFee: '5.00',
    tax: '4.00',
    notes: null,
    vehicle: null,
    accessNotes: null,
    addressStreet: null,
    addressCity: null,
    addressState: null,
    addressZip: null,
    latitude: null,
    longitude: null,
    guestEmail: 'holly@example.com',
    guestName: null,
    guestPhone: null, language: null, coveredParking: null,
    idempotencyKey: null,
    source: 'web',
    holder: null,
    holderNetwork: null, depositCents: null, policyConsentAt: null,
  };
}

/** One verb call in its own transaction, as a service would make it, with no claim of its own. */
const inTx = <T>(run: (verbs: ReturnType<typeof bookingVerbs>, tx: DbOrTx) => Promise<T>) => t.ctx.db.transaction((tx) => run(bookingVerbs(t.ctx), tx));

const bookingsOn = async (date: string) => (await t.ctx.db.select().from(bookings).where(eq(bookings.businessDate, date))).length;
const rowOf = async (id: string) => (await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe('the creating verbs claim their slot themselves', () => {
  it('hold: refuses a full slot, takes a free one at its Pacific instant, and keeps the customer’s notice', async () => {
    const date = await dayWithTenTaken(8);
    await expect(inTx((verbs, tx) => verbs.hold(tx, CUSTOMER, holdDraft(`${date}T10:30`)))).rejects.toMatchObject(SLOT_FULL);
    expect(await bookingsOn(date)).toBe(1);

    const { booking } = await inTx((verbs, tx) => verbs.hold(tx, CUSTOMER, holdDraft(`${date}T13:00`)));
    expect(await rowOf(booking.id)).toMatchObject({ businessDate: date, scheduledDate: pacificInstant(date, '13:00'), status: 'pending' });
    // The customer's rules: not inside the two hours' notice, in the customer's words.
    await expect(inTx((verbs, tx) => verbs.hold(tx, CUSTOMER, holdDraft(`${TODAY}T10:00`)))).rejects.toMatchObject({ code: 'SLOT_INVALID' });
  });

  it('book: refuses a full slot by staff rules, which allow the notice and speak of the grid', async () => {
    const date = await dayWithTenTaken(9);
    await expect(inTx((verbs, tx) => verbs.book(tx, ADMIN, draft(`${date}T09:30`)))).rejects.toMatchObject(SLOT_FULL);
    expect(await bookingsOn(date)).toBe(1);

    const id = await inTx((verbs, tx) => verbs.book(tx, ADMIN, draft(`${TODAY}T10:00`)));
    expect(await rowOf(id)).toMatchObject({ businessDate: TODAY, scheduledDate: pacificInstant(TODAY, '10:00'), status: 'confirmed' });
    await expect(inTx((verbs, tx) => verbs.book(tx, ADMIN, draft(`${date}T16:30`)))).rejects.toMatchObject({ code: 'TIME_NOT_OPEN' });
  });

  it('bookFromStoreOrder: refuses a full slot for the store (customer rules) and for staff', async () => {
    const date = await dayWithTenTaken(10);
    const order = { orderNumber: '#1001' };
    await expect(inTx((verbs, tx) => verbs.bookFromStoreOrder(tx, STORE, draft(`${date}T10:00`, { source: 'store' }), order))).rejects.toMatchObject(SLOT_FULL);
    await expect(inTx((verbs, tx) => verbs.bookFromStoreOrder(tx, ADMIN, draft(`${date}T10:00`, { source: 'store' }), order))).rejects.toMatchObject(SLOT_FULL);
    expect(await bookingsOn(date)).toBe(1);
    // Inside the notice: the store's customer is refused as on the web, staff may.
    await expect(inTx((verbs, tx) => verbs.bookFromStoreOrder(tx, STORE, draft(`${TODAY}T10:30`, { source: 'store' }), order))).rejects.toMatchObject({ code: 'SLOT_INVALID' });
    const { booking } = await inTx((verbs, tx) => verbs.bookFromStoreOrder(tx, ADMIN, draft(`${TODAY}T10:30`, { source: 'store' }), order));
    expect(booking).toMatchObject({ businessDate: TODAY, paymentStatus: 'store' });
    // Without a job the verb still writes the booking's lines: one vehicle's service from its columns, then fee and tax.
    const lines = await t.ctx.db.select().from(bookingLines).where(eq(bookingLines.bookingId, booking.id)).orderBy(bookingLines.position);
    expect(lines.map((l) => [l.kind, l.amountCents, l.vehicleIndex])).toEqual([
      ['service', Math.round(Number(booking.servicePrice) * 100), 0],
      ['service_fee', Math.round(Number(booking.serviceFee) * 100), null],
      ['tax', Math.round(Number(booking.tax) * 100), null],
    ]);
  });

  it('block: refuses to block time that is full', async () => {
    const date = await dayWithTenTaken(11);
    await expect(inTx((verbs, tx) => verbs.block(tx, ADMIN, draft(`${date}T10:00`, { durationMinutes: 30 })))).rejects.toMatchObject(SLOT_FULL);
    expect(await bookingsOn(date)).toBe(1);
    const id = await inTx((verbs, tx) => verbs.block(tx, ADMIN, draft(`${date}T11:00`, { durationMinutes: 30 })));
    expect(await rowOf(id)).toMatchObject({ isBlocked: true, scheduledDate: pacificInstant(date, '11:00') });
  });
});

describe('change: the one move-or-edit path', () => {
  it('refuses to move a booking into a full slot, for the customer and the business alike, and leaves it where it was', async () => {
    const date = await dayWithTenTaken(12);
    const id = await inTx((verbs, tx) => verbs.book(tx, ADMIN, draft(`${date}T13:00`)));
    for (const actor of [ADMIN, CUSTOMER]) {
      await expect(inTx((verbs, tx) => verbs.change(tx, id, actor, { slotId: `${date}T10:00`, by: actor === ADMIN ? 'admin' : 'customer' }))).rejects.toMatchObject(SLOT_FULL);
    }
    expect(await rowOf(id)).toMatchObject({ scheduledDate: pacificInstant(date, '13:00') });
  });

  it('frees the booking’s own place first: a longer booking grows into free time, not into a full step', async () => {
    const date = await dayWithTenTaken(13);
    const id = await inTx((verbs, tx) => verbs.book(tx, ADMIN, draft(`${date}T11:00`)));
    // 11:00 for 90 minutes still fits (its own place is freed); 09:30 for 60 would cover the taken 10:00.
    expect(await inTx((verbs, tx) => verbs.change(tx, id, ADMIN, { slotId: `${date}T11:00`, details: { durationMinutes: 90 }, by: 'admin' }))).toEqual({ moved: true });
    await expect(inTx((verbs, tx) => verbs.change(tx, id, ADMIN, { slotId: `${date}T09:30`, details: { durationMinutes: 60 }, by: 'admin' }))).rejects.toMatchObject(SLOT_FULL);
    expect(await rowOf(id)).toMatchObject({ durationMinutes: 90, scheduledDate: pacificInstant(date, '11:00') });
  });

  it('edits without claiming when the slot and length stay, even on a day already over capacity', async () => {
    const date = await dayWithTenTaken(15);
    const id = (await createBooking(t, { dateKey: date, time: '10:00', serviceSlug: 'headlight-restoration', paymentStatus: 'unpaid' })).booking.id; // two at 10:00, capacity 1
    expect(await inTx((verbs, tx) => verbs.change(tx, id, ADMIN, { slotId: `${date}T10:00`, details: { notes: 'Gate code 1234' }, by: 'admin' }))).toEqual({ moved: false });
    expect((await rowOf(id)).notes).toBe('Gate code 1234');
    const kinds = (await t.ctx.db.select({ kind: bookingUpdates.kind }).from(bookingUpdates).where(eq(bookingUpdates.bookingId, id))).map((u) => u.kind);
    expect(kinds).toEqual(['details_updated']);
    // Only the business edits; a customer asking for the same slot is refused.
    await expect(inTx((verbs, tx) => verbs.change(tx, id, CUSTOMER, { slotId: `${date}T10:00`, by: 'customer' }))).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
  });

  it('refuses a closed booking before any claim, moved or edited', async () => {
    const date = await dayWithTenTaken(16);
    const { booking } = await createBooking(t, { dateKey: date, time: '13:00', status: 'completed' });
    await expect(inTx((verbs, tx) => verbs.change(tx, booking.id, ADMIN, { slotId: `${date}T10:00`, by: 'admin' }))).rejects.toMatchObject({ code: 'BOOKING_CLOSED', params: { change: 'moved' } });
    await expect(inTx((verbs, tx) => verbs.change(tx, booking.id, ADMIN, { slotId: `${date}T13:00`, details: { notes: 'x' }, by: 'admin' }))).rejects.toMatchObject({ code: 'BOOKING_CLOSED', params: { change: 'edited' } });
  });
});

describe('markPaid claims again for a payment that outlived its hold', () => {
  it('answers slot_taken when the lapsed hold’s time was taken meanwhile', async () => {
    const date = openDayAfter(t, 17);
    await t.ctx.db.insert(businessAvailability).values({ date, startTime: '09:00', endTime: '17:00', maxCapacity: 1, isActive: true });
    const { booking } = await inTx((verbs, tx) => verbs.hold(tx, CUSTOMER, holdDraft(`${date}T13:00`)));
    await t.ctx.db.update(bookings).set({ holdExpiresAt: new Date(MONDAY_9AM_PACIFIC - 60_000) }).where(eq(bookings.id, booking.id));
    await createBooking(t, { dateKey: date, time: '13:00', serviceSlug: 'headlight-restoration' });
    const result = await inTx((verbs, tx) =>
      verbs.markPaid(tx, booking.id, SYSTEM, { intentId: 'pi_late', provider: 'test', amountCents: 5900, currency: 'usd', intentBookingId: booking.id, card: null }),
    );
    expect(result.outcome).toBe('slot_taken');
  });
});
