import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  BOOKING_ACTORS,
  canReschedule,
  canTransition,
  holdIsLive,
  holdLapsed,
  parseSlotId,
  priceBooking,
  slotIdOf,
  updateMessage,
  type BookingActorRole,
} from './booking-lifecycle';
import { BOOKING_STATUSES, type BookingStatus } from './domain';
import { DRIVER_NEXT_STATUS, MOBILE_NEXT_STATUS } from './tracking';

const DRIVER_STEPS = Object.entries(DRIVER_NEXT_STATUS) as Array<[BookingStatus, BookingStatus]>;

describe('the transition table', () => {
  it('lets the customer cancel exactly a booking that has not started', () => {
    const allowed = allowedTransitions().filter((t) => t.actor === 'customer');
    expect(allowed).toEqual([
      { actor: 'customer', from: 'pending', to: 'cancelled' },
      { actor: 'customer', from: 'confirmed', to: 'cancelled' },
      { actor: 'customer', from: 'pickup_scheduled', to: 'cancelled' },
    ]);
  });

  it('lets the driver take exactly the one next step of each status, on the pickup path or the mobile path', () => {
    const allowed = allowedTransitions().filter((t) => t.actor === 'driver');
    const mobileOnly = (Object.entries(MOBILE_NEXT_STATUS) as Array<[BookingStatus, BookingStatus]>).filter(([from, to]) => DRIVER_NEXT_STATUS[from] !== to);
    expect(mobileOnly).toEqual([
      ['arrived_pickup', 'in_progress'],
      ['completed_service', 'completed'],
    ]);
    const key = (t: { from: string; to: string }) => `${t.from}>${t.to}`;
    expect(allowed.map(key).sort()).toEqual([...DRIVER_STEPS, ...mobileOnly].map(([from, to]) => key({ from, to })).sort());
    for (const [from, to] of DRIVER_STEPS) expect(canTransition('driver', from, to)).toBe(true);
  });

  it('lets the admin set any status from any status', () => {
    for (const from of BOOKING_STATUSES) for (const to of BOOKING_STATUSES) expect(canTransition('admin', from, to)).toBe(true);
    expect(allowedTransitions().filter((t) => t.actor === 'admin')).toHaveLength(BOOKING_STATUSES.length ** 2);
  });

  it('lets the system confirm a paid booking and release an unpaid hold, nothing else', () => {
    expect(allowedTransitions().filter((t) => t.actor === 'system')).toEqual([
      { actor: 'system', from: 'pending', to: 'confirmed' },
      { actor: 'system', from: 'pending', to: 'cancelled' },
      { actor: 'system', from: 'cancelled', to: 'confirmed' },
      { actor: 'system', from: 'cancelled', to: 'cancelled' },
    ]);
  });

  it('lets the store only cancel a booking that has not started (a cancelled store order)', () => {
    const store = allowedTransitions().filter((t) => t.actor === 'store');
    expect(store.map((t) => `${t.from}->${t.to}`).sort()).toEqual(['confirmed->cancelled', 'pending->cancelled', 'pickup_scheduled->cancelled']);
    expect(canTransition('store', 'in_progress', 'cancelled')).toBe(false);
  });

  it.each<[BookingActorRole, BookingStatus, BookingStatus]>([
    ['customer', 'in_progress', 'cancelled'],
    ['customer', 'completed', 'cancelled'],
    ['customer', 'pending', 'confirmed'],
    ['customer', 'cancelled', 'confirmed'],
    ['driver', 'confirmed', 'completed'],
    ['driver', 'en_route_pickup', 'cancelled'],
    ['driver', 'completed', 'confirmed'],
    ['driver', 'pending', 'confirmed'],
    ['system', 'confirmed', 'cancelled'],
    ['system', 'completed', 'confirmed'],
    ['system', 'in_progress', 'completed'],
    ['store', 'pending', 'confirmed'],
  ])('refuses %s moving %s → %s', (actor, from, to) => {
    expect(canTransition(actor, from, to)).toBe(false);
  });

  it('lets the customer reschedule only before the booking starts, the admin always, nobody else', () => {
    expect(canReschedule('customer', 'confirmed')).toBe(true);
    expect(canReschedule('customer', 'in_progress')).toBe(false);
    expect(canReschedule('admin', 'in_progress')).toBe(true);
    // Closed bookings stay where they ended, for everyone.
    for (const closed of ['cancelled', 'completed'] as const) for (const actor of BOOKING_ACTORS) expect(canReschedule(actor, closed), `${actor} ${closed}`).toBe(false);
    for (const actor of BOOKING_ACTORS.filter((a) => a !== 'admin' && a !== 'customer')) expect(canReschedule(actor, 'confirmed')).toBe(false);
  });
});

describe('holds, slot ids and prices', () => {
  const now = new Date('2026-06-01T16:00:00Z');
  it('holds while pending and before expiry; a lapsed hold is pending and past it', () => {
    expect(holdIsLive({ status: 'pending', holdExpiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(holdIsLive({ status: 'pending', holdExpiresAt: null }, now)).toBe(true);
    expect(holdIsLive({ status: 'pending', holdExpiresAt: now }, now)).toBe(false);
    expect(holdIsLive({ status: 'confirmed', holdExpiresAt: null }, now)).toBe(false);
    expect(holdLapsed({ status: 'pending', holdExpiresAt: now }, now)).toBe(true);
    expect(holdLapsed({ status: 'confirmed', holdExpiresAt: now }, now)).toBe(false);
  });

  it('names a slot by its Pacific day and start, and parses it back', () => {
    const id = slotIdOf({ businessDate: '2026-06-02', scheduledDate: new Date('2026-06-02T20:30:00Z') });
    expect(id).toBe('2026-06-02T13:30');
    expect(parseSlotId(id)).toEqual({ dateKey: '2026-06-02', time: '13:30' });
  });

  it('prices service, add-ons, fee and tax in cents', () => {
    expect(priceBooking('199.00', '5.00', [{ label: 'Pet hair', cents: 1000 }])).toMatchObject({ serviceCents: 19900, serviceFeeCents: 500, taxCents: 2090, totalCents: 23490 });
  });
});

describe('update messages', () => {
  it('renders the English sentences the API has always sent', () => {
    expect(updateMessage({ kind: 'payment_received', params: {}, note: null })).toBe('Payment received. Your booking is confirmed.');
    expect(updateMessage({ kind: 'cancelled', params: { by: 'customer', refunded: true }, note: null })).toBe('Cancelled by the customer. A full refund was issued to the card.');
    expect(updateMessage({ kind: 'status_changed', params: { status: 'in_progress', by: 'admin', refunded: false }, note: null })).toBe('Status updated to in progress by the business.');
    expect(updateMessage({ kind: 'status_changed', params: { status: 'arrived_pickup', by: 'driver', serviceType: 'pickup' }, note: null })).toBe('Driver Arrived for Pickup');
    expect(updateMessage({ kind: 'rescheduled', params: { by: 'admin', date: '2026-06-02', time: '13:30' }, note: null })).toBe('Rescheduled to 2026-06-02 at 1:30 PM (Pacific Time).');
    expect(updateMessage({ kind: 'driver_assigned', params: { driverName: 'Dana' }, note: null })).toBe('Driver assigned: Dana');
  });

  it('shows a row written before kinds existed as its stored sentence', () => {
    expect(updateMessage({ kind: 'status_changed', params: { status: 'completed', legacy: true }, note: 'All done.' })).toBe('All done.');
  });
});
