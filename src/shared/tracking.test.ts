import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from './domain';
import {
  DRIVER_ACTIVE_STATUSES,
  DRIVER_NEXT_STATUS,
  MOBILE_STEPS,
  PICKUP_STEPS,
  distanceKm,
  driverNextStatus,
  estimateEta,
  historyLabel,
  isEnRouteStatus,
  lastUpdated,
  lastUpdatedText,
  mobileStatusLabel,
  mobileStep,
  pickupStatusLabel,
  pickupStep,
  serviceTypeSuffix,
  speedMph,
  statusLabel,
  trackingStep,
  trackingStepIndex,
  trackingStepLabel,
  trackingSteps,
  travelMinutes,
} from './tracking';

describe('status → tracking step', () => {
  const pickup: Record<string, string> = {
    pending: 'pickup_scheduled',
    confirmed: 'pickup_scheduled',
    pickup_scheduled: 'pickup_scheduled',
    en_route_pickup: 'pickup_scheduled',
    arrived_pickup: 'pickup_scheduled',
    picked_up: 'picked_up',
    en_route_service: 'picked_up',
    arrived_service: 'picked_up',
    in_progress: 'in_progress',
    completed_service: 'in_progress',
    quality_check: 'quality_check',
    ready_for_return: 'ready_for_return',
    en_route_return: 'ready_for_return',
    arrived_return: 'ready_for_return',
    completed: 'delivered',
    cancelled: 'pickup_scheduled',
  };
  const mobile: Record<string, string> = {
    pending: 'confirmed',
    confirmed: 'confirmed',
    pickup_scheduled: 'confirmed',
    en_route_pickup: 'confirmed',
    arrived_pickup: 'confirmed',
    picked_up: 'confirmed',
    en_route_service: 'confirmed',
    arrived_service: 'confirmed',
    in_progress: 'in_progress',
    completed_service: 'in_progress',
    quality_check: 'quality_check',
    ready_for_return: 'confirmed',
    en_route_return: 'confirmed',
    arrived_return: 'confirmed',
    completed: 'delivered',
    cancelled: 'confirmed',
  };

  it.each(BOOKING_STATUSES.map((s) => [s]))('maps %s to its pickup and mobile step', (status) => {
    expect(pickupStep(status)).toBe(pickup[status]);
    expect(mobileStep(status)).toBe(mobile[status]);
    expect(trackingStep('pickup', status)).toBe(pickup[status]);
    expect(trackingStep('mobile', status)).toBe(mobile[status]);
    expect(trackingStep('serviceLocation', status)).toBe(mobile[status]);
  });

  it('falls back to the first step for an unknown status', () => {
    expect(pickupStep('mystery')).toBe('pickup_scheduled');
    expect(mobileStep('mystery')).toBe('confirmed');
  });

  it('has 6 pickup steps and 4 mobile steps, labelled as the tracking page shows them', () => {
    expect(trackingSteps('pickup')).toEqual(PICKUP_STEPS);
    expect(trackingSteps('mobile')).toEqual(MOBILE_STEPS);
    expect(PICKUP_STEPS.map((s) => trackingStepLabel('pickup', s))).toEqual(['Pickup Scheduled', 'Picked Up', 'In Progress', 'Quality Check', 'Ready for Return', 'Returned']);
    expect(MOBILE_STEPS.map((s) => trackingStepLabel('mobile', s))).toEqual(['Confirmed', 'In Progress', 'Quality Check', 'Completed']);
  });

  it('gives the index of the current step', () => {
    expect(trackingStepIndex('pickup', 'confirmed')).toBe(0);
    expect(trackingStepIndex('pickup', 'en_route_service')).toBe(1);
    expect(trackingStepIndex('pickup', 'completed')).toBe(5);
    expect(trackingStepIndex('mobile', 'in_progress')).toBe(1);
    expect(trackingStepIndex('mobile', 'completed')).toBe(3);
  });
});

describe('status labels', () => {
  const pickup: Record<string, string> = {
    pending: 'Processing',
    confirmed: 'Pickup Scheduled',
    pickup_scheduled: 'Pickup Scheduled',
    en_route_pickup: 'Driver En Route to Pickup',
    arrived_pickup: 'Driver Arrived for Pickup',
    picked_up: 'Vehicle Picked Up',
    en_route_service: 'En Route to Service Location',
    arrived_service: 'Arrived at Service Location',
    in_progress: 'Detailing in Progress',
    completed_service: 'Service Completed',
    quality_check: 'Quality Check',
    ready_for_return: 'Ready for Return',
    en_route_return: 'Returning Your Vehicle',
    arrived_return: 'Driver Arrived for Return',
    completed: 'Returned & Complete',
    cancelled: 'Cancelled',
  };
  const mobile: Record<string, string> = {
    pending: 'Processing',
    confirmed: 'Confirmed',
    pickup_scheduled: 'Processing',
    en_route_pickup: 'Driver En Route',
    arrived_pickup: 'Driver Arrived',
    picked_up: 'Processing',
    en_route_service: 'Processing',
    arrived_service: 'Processing',
    in_progress: 'Service in Progress',
    completed_service: 'Service Completed',
    quality_check: 'Quality Check',
    ready_for_return: 'Processing',
    en_route_return: 'Processing',
    arrived_return: 'Processing',
    completed: 'Service Complete',
    cancelled: 'Cancelled',
  };

  it.each(BOOKING_STATUSES.map((s) => [s]))('labels %s for pickup and mobile bookings', (status) => {
    expect(pickupStatusLabel(status)).toBe(pickup[status]);
    expect(mobileStatusLabel(status)).toBe(mobile[status]);
    expect(statusLabel('pickup', status)).toBe(pickup[status]);
    expect(statusLabel('mobile', status)).toBe(mobile[status]);
  });

  it('says Processing for an unknown status', () => {
    expect(pickupStatusLabel('mystery')).toBe('Processing');
    expect(mobileStatusLabel('mystery')).toBe('Processing');
  });

  it('names the service type after the service name', () => {
    expect(serviceTypeSuffix('pickup')).toBe('(Pickup Service)');
    expect(serviceTypeSuffix('mobile')).toBe('(Mobile Service)');
  });

  it('labels order history: Completed, In Progress, Confirmed, Cancelled, otherwise Pending', () => {
    expect(historyLabel('completed')).toBe('Completed');
    expect(historyLabel('en_route_pickup')).toBe('In Progress');
    expect(historyLabel('confirmed')).toBe('Confirmed');
    expect(historyLabel('cancelled')).toBe('Cancelled');
    expect(historyLabel('pending')).toBe('Pending');
  });
});

describe('driver next status', () => {
  it('allows exactly one next status along the driver progression', () => {
    const chain = ['en_route_pickup', 'arrived_pickup', 'picked_up', 'en_route_service', 'arrived_service', 'in_progress', 'completed_service', 'en_route_return', 'completed'];
    let status = 'confirmed';
    const walked: string[] = [];
    while (driverNextStatus(status)) {
      status = driverNextStatus(status)!;
      walked.push(status);
    }
    expect(walked).toEqual(chain);
    expect(driverNextStatus('pickup_scheduled')).toBe('en_route_pickup');
  });

  it('gives no driver action for pending, completed, cancelled and the admin-only steps', () => {
    for (const status of ['pending', 'completed', 'cancelled', 'quality_check', 'ready_for_return', 'arrived_return']) {
      expect(driverNextStatus(status)).toBeUndefined();
    }
  });

  it('lists the active statuses confirmed through en_route_return, each with a next step', () => {
    expect(DRIVER_ACTIVE_STATUSES[0]).toBe('confirmed');
    expect(DRIVER_ACTIVE_STATUSES.at(-1)).toBe('en_route_return');
    for (const status of DRIVER_ACTIVE_STATUSES) expect(DRIVER_NEXT_STATUS[status]).toBeDefined();
  });

  it('knows the en-route steps that switch sharing on', () => {
    expect(['en_route_pickup', 'en_route_service', 'en_route_return'].every(isEnRouteStatus)).toBe(true);
    expect(isEnRouteStatus('arrived_pickup')).toBe(false);
  });
});

describe('speed and last-updated text', () => {
  it('converts m/s to whole mph with the factor 2.237', () => {
    expect(speedMph(10)).toBe(22);
    expect(speedMph(13.4)).toBe(30);
    expect(speedMph(0)).toBe(0);
    expect(speedMph(null)).toBe(0);
    expect(speedMph(-3)).toBe(0);
  });

  it("says 'Just now' under a minute, then minutes, then hours", () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(lastUpdatedText('2026-03-01T11:59:30Z', now)).toBe('Just now');
    expect(lastUpdatedText('2026-03-01T12:00:05Z', now)).toBe('Just now');
    expect(lastUpdatedText('2026-03-01T11:59:00Z', now)).toBe('1 minute ago');
    expect(lastUpdatedText('2026-03-01T11:15:00Z', now)).toBe('45 minutes ago');
    expect(lastUpdatedText('2026-03-01T11:00:00Z', now)).toBe('1 hour ago');
    expect(lastUpdatedText('2026-03-01T07:10:00Z', now)).toBe('4 hours ago');
    expect(lastUpdated('2026-03-01T11:58:00Z', now)).toEqual({ unit: 'minutes', value: 2 });
  });
});

describe('ETA', () => {
  const home = { latitude: 37.3318, longitude: -121.8963 };
  const now = new Date('2026-03-02T17:00:00Z');

  it('measures great-circle distance', () => {
    // San Jose downtown to the airport is about 4 km as the crow flies.
    expect(distanceKm(home, { latitude: 37.3639, longitude: -121.9289 })).toBeGreaterThan(4);
    expect(distanceKm(home, { latitude: 37.3639, longitude: -121.9289 })).toBeLessThan(5);
    expect(distanceKm(home, home)).toBe(0);
  });

  it('drives at an urban pace with a road detour, never less than a minute', () => {
    const tenKmNorth = { latitude: home.latitude + 10 / 111.2, longitude: home.longitude };
    expect(travelMinutes(tenKmNorth, home)).toBe(26); // 10 km × 1.3 at 30 km/h
    expect(travelMinutes(home, home)).toBe(1);
  });

  it('is an arrival time while the driver heads to the customer', () => {
    const eta = estimateEta({ status: 'en_route_pickup', scheduledDate: now, durationMinutes: 120, destination: home, driverPosition: { latitude: home.latitude + 10 / 111.2, longitude: home.longitude }, now });
    expect(eta).toEqual({ kind: 'arrival', minutes: 26, at: new Date(now.getTime() + 26 * 60_000).toISOString() });
  });

  it('is the expected completion otherwise, and nothing once done', () => {
    expect(estimateEta({ status: 'in_progress', scheduledDate: now, durationMinutes: 90, destination: home, driverPosition: home, now })).toEqual({
      kind: 'completion',
      minutes: null,
      at: new Date(now.getTime() + 90 * 60_000).toISOString(),
    });
    // No driver position yet: completion too.
    expect(estimateEta({ status: 'en_route_pickup', scheduledDate: now, durationMinutes: 60, destination: home, driverPosition: null, now })?.kind).toBe('completion');
    expect(estimateEta({ status: 'completed', scheduledDate: now, durationMinutes: 60, destination: home, driverPosition: home, now })).toBeNull();
  });
});
