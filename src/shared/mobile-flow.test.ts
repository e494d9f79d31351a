import { describe, expect, it } from 'vitest';
import { canDeleteBooking, canTransition, cancelOutcome, deleteRefusal, driverNextStep, REFUNDED_MAY_BECOME } from './booking-lifecycle';
import { BOOKING_STATUSES, type BookingStatus } from './domain';
import { driverNextStatusFor, mobileStatusLabel, MOBILE_NEXT_STATUS, PICKUP_NEXT_STATUS } from './tracking';

/** A mobile job has its own path in the transition table, with its own labels. */

function walk(serviceType: string): BookingStatus[] {
  const path: BookingStatus[] = ['confirmed'];
  for (let next = driverNextStep(serviceType, 'confirmed'); next; next = driverNextStep(serviceType, path.at(-1)!)) path.push(next);
  return path;
}

describe('the mobile path', () => {
  it('is confirmed → en route → arrived → in progress → service completed → completed (five taps)', () => {
    expect(walk('mobile')).toEqual(['confirmed', 'en_route_pickup', 'arrived_pickup', 'in_progress', 'completed_service', 'completed']);
    expect(walk('serviceLocation')).toEqual(walk('mobile'));
  });

  it("shows the mobile labels on each step, never 'Processing'", () => {
    expect(walk('mobile').map(mobileStatusLabel)).toEqual(['Confirmed', 'Driver En Route', 'Driver Arrived', 'Service in Progress', 'Service Completed', 'Service Complete']);
  });

  it('keeps the pickup path as it was (nine steps)', () => {
    expect(walk('pickup')).toHaveLength(10);
    expect(walk('pickup')).toContain('picked_up');
    expect(walk('mobile')).not.toContain('picked_up');
  });

  it('allows each mobile step in the driver table and refuses the pickup-only steps for a mobile job', () => {
    for (const [from, to] of Object.entries(MOBILE_NEXT_STATUS) as Array<[BookingStatus, BookingStatus]>) expect(canTransition('driver', from, to)).toBe(true);
    expect(driverNextStatusFor('mobile', 'arrived_pickup')).toBe('in_progress');
    expect(driverNextStatusFor('pickup', 'arrived_pickup')).toBe('picked_up');
    expect(driverNextStatusFor('mobile', 'completed_service')).toBe('completed');
    expect(PICKUP_NEXT_STATUS.completed_service).toBe('en_route_return');
    expect(driverNextStatusFor('mobile', 'completed')).toBeUndefined();
  });
});

describe('money rules', () => {
  it('never lets anyone make a refunded booking active again', () => {
    for (const actor of ['admin', 'system', 'driver', 'customer'] as const) {
      for (const to of BOOKING_STATUSES) {
        if (!REFUNDED_MAY_BECOME.includes(to)) expect(canTransition(actor, 'cancelled', to, 'refunded'), `${actor} → ${to}`).toBe(false);
      }
    }
    expect(canTransition('admin', 'cancelled', 'confirmed', 'unpaid')).toBe(true);
  });

  it('deletes only blocked time and unpaid appointments the business made', () => {
    const base = { isBlocked: false, source: 'admin', paymentStatus: 'unpaid', status: 'confirmed' };
    expect(canDeleteBooking(base)).toBe(true);
    expect(canDeleteBooking({ ...base, isBlocked: true, paymentStatus: 'on_site' })).toBe(true);
    expect(canDeleteBooking({ ...base, paymentStatus: 'paid' })).toBe(false);
    expect(canDeleteBooking({ ...base, source: 'web' })).toBe(false);
    expect(canDeleteBooking({ ...base, source: 'web', paymentStatus: 'unpaid' })).toBe(false);
    // A job that started or finished, or any money on it, is cancelled instead (the customer is told).
    expect(deleteRefusal({ ...base, status: 'en_route_service', paymentStatus: 'on_site' })).toBe('started');
    expect(deleteRefusal({ ...base, status: 'completed' })).toBe('started');
    expect(deleteRefusal({ ...base, status: 'cancelled' })).toBe('cancelled');
    expect(deleteRefusal({ ...base, paymentStatus: 'package' })).toBe('paid');
    expect(deleteRefusal({ ...base, paymentStatus: 'link_sent', paymentIntentId: 'pi_1' })).toBe('paid');
    expect(deleteRefusal({ ...base, paymentStatus: 'on_site' })).toBeNull();
    expect(cancelOutcome({ ...base, paymentStatus: 'paid' })).toBe('refund');
    expect(cancelOutcome(base)).toBe('none');
    expect(cancelOutcome({ ...base, status: 'cancelled' })).toBe('already');
  });
});
