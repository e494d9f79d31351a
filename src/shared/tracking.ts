import type { BookingStatus } from './domain';
import { MPH_PER_MPS } from './constants';

/**
 * Status → tracking step and label. The pickup timeline has 6 steps, the
 * mobile/on-site timeline 4; unknown statuses fall back to the first step and 'Processing'.
 */
export const PICKUP_STEPS = ['pickup_scheduled', 'picked_up', 'in_progress', 'quality_check', 'ready_for_return', 'delivered'] as const;
export const MOBILE_STEPS = ['confirmed', 'in_progress', 'quality_check', 'delivered'] as const;
export type PickupStep = (typeof PICKUP_STEPS)[number];
export type MobileStep = (typeof MOBILE_STEPS)[number];

export const PICKUP_STEP_LABELS: Record<PickupStep, string> = {
  pickup_scheduled: 'Pickup Scheduled',
  picked_up: 'Picked Up',
  in_progress: 'In Progress',
  quality_check: 'Quality Check',
  ready_for_return: 'Ready for Return',
  delivered: 'Returned',
};
export const MOBILE_STEP_LABELS: Record<MobileStep, string> = {
  confirmed: 'Confirmed',
  in_progress: 'In Progress',
  quality_check: 'Quality Check',
  delivered: 'Completed',
};

const PICKUP_STEP_OF: Partial<Record<BookingStatus, PickupStep>> = {
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
};

const MOBILE_STEP_OF: Partial<Record<BookingStatus, MobileStep>> = {
  confirmed: 'confirmed',
  en_route_pickup: 'confirmed',
  arrived_pickup: 'confirmed',
  in_progress: 'in_progress',
  completed_service: 'in_progress',
  quality_check: 'quality_check',
  completed: 'delivered',
};

export function pickupStep(status: string): PickupStep {
  return PICKUP_STEP_OF[status as BookingStatus] ?? 'pickup_scheduled';
}

export function mobileStep(status: string): MobileStep {
  return MOBILE_STEP_OF[status as BookingStatus] ?? 'confirmed';
}

const PICKUP_LABELS: Partial<Record<BookingStatus, string>> = {
  pickup_scheduled: 'Pickup Scheduled',
  confirmed: 'Pickup Scheduled',
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
};

const MOBILE_LABELS: Partial<Record<BookingStatus, string>> = {
  confirmed: 'Confirmed',
  en_route_pickup: 'Driver En Route',
  arrived_pickup: 'Driver Arrived',
  in_progress: 'Service in Progress',
  completed_service: 'Service Completed',
  quality_check: 'Quality Check',
  completed: 'Service Complete',
};

export function pickupStatusLabel(status: string): string {
  return PICKUP_LABELS[status as BookingStatus] ?? (status === 'cancelled' ? 'Cancelled' : 'Processing');
}

export function mobileStatusLabel(status: string): string {
  return MOBILE_LABELS[status as BookingStatus] ?? (status === 'cancelled' ? 'Cancelled' : 'Processing');
}

/** Order-history badge labels: Completed, In Progress, Confirmed, Cancelled, otherwise Pending. */
export function historyLabel(status: string): 'Completed' | 'In Progress' | 'Confirmed' | 'Cancelled' | 'Pending' {
  if (status === 'completed') return 'Completed';
  if (status === 'cancelled') return 'Cancelled';
  if (status === 'confirmed') return 'Confirmed';
  if (status === 'pending') return 'Pending';
  return 'In Progress';
}

/** A pickup job's path: fetch the car, detail it, bring it back. */
export const PICKUP_NEXT_STATUS: Partial<Record<BookingStatus, BookingStatus>> = {
  confirmed: 'en_route_pickup',
  pickup_scheduled: 'en_route_pickup',
  en_route_pickup: 'arrived_pickup',
  arrived_pickup: 'picked_up',
  picked_up: 'en_route_service',
  en_route_service: 'arrived_service',
  arrived_service: 'in_progress',
  in_progress: 'completed_service',
  completed_service: 'en_route_return',
  en_route_return: 'completed',
};

/**
 * A mobile (or on-site) job's own path: drive to the customer, arrive, detail, finish, close —
 * confirmed → en route → arrived → in progress → service completed → completed (five taps).
 */
export const MOBILE_NEXT_STATUS: Partial<Record<BookingStatus, BookingStatus>> = {
  confirmed: 'en_route_pickup',
  pickup_scheduled: 'en_route_pickup',
  en_route_pickup: 'arrived_pickup',
  arrived_pickup: 'in_progress',
  in_progress: 'completed_service',
  completed_service: 'completed',
};

/** Every status with a next driver step on either path (the pickup path covers them all). */
export const DRIVER_NEXT_STATUS: Partial<Record<BookingStatus, BookingStatus>> = PICKUP_NEXT_STATUS;

/** The next step of a job by its service type. */
export function driverNextStatusFor(serviceType: string, status: string): BookingStatus | undefined {
  return (usesPickupTimeline(serviceType) ? PICKUP_NEXT_STATUS : MOBILE_NEXT_STATUS)[status as BookingStatus];
}

/** A driver's active bookings: exactly the statuses that still have a next driver step (confirmed … en_route_return). */
export const DRIVER_ACTIVE_STATUSES = Object.keys(DRIVER_NEXT_STATUS) as BookingStatus[];

// ---------------------------------------------------------------------------------------------------------
// Per-booking helpers (by service type), speed, last-updated text and ETA — shared by server and client.

/** Pickup bookings follow the 6-step timeline; mobile and on-site bookings the 4-step one. */
export function usesPickupTimeline(serviceType: string): boolean {
  return serviceType === 'pickup';
}

export function trackingSteps(serviceType: string): readonly (PickupStep | MobileStep)[] {
  return usesPickupTimeline(serviceType) ? PICKUP_STEPS : MOBILE_STEPS;
}

export function trackingStep(serviceType: string, status: string): PickupStep | MobileStep {
  return usesPickupTimeline(serviceType) ? pickupStep(status) : mobileStep(status);
}

/** Index of the current step in trackingSteps(serviceType). */
export function trackingStepIndex(serviceType: string, status: string): number {
  return (trackingSteps(serviceType) as readonly string[]).indexOf(trackingStep(serviceType, status));
}

export function trackingStepLabel(serviceType: string, step: PickupStep | MobileStep): string {
  return usesPickupTimeline(serviceType) ? PICKUP_STEP_LABELS[step as PickupStep] : MOBILE_STEP_LABELS[step as MobileStep];
}

export function statusLabel(serviceType: string, status: string): string {
  return usesPickupTimeline(serviceType) ? pickupStatusLabel(status) : mobileStatusLabel(status);
}

/** '(Pickup Service)' or '(Mobile Service)' after the service name on the tracking page. */
export function serviceTypeSuffix(serviceType: string): '(Pickup Service)' | '(Mobile Service)' {
  return usesPickupTimeline(serviceType) ? '(Pickup Service)' : '(Mobile Service)';
}

export function driverNextStatus(status: string): BookingStatus | undefined {
  return DRIVER_NEXT_STATUS[status as BookingStatus];
}

export function isDriverActiveStatus(status: string): boolean {
  return (DRIVER_ACTIVE_STATUSES as string[]).includes(status);
}

/** The en-route steps: choosing one switches the driver's location sharing on. */
export function isEnRouteStatus(status: string): boolean {
  return status.startsWith('en_route_');
}

/** Driver speed: m/s × 2.237, rounded to a whole mph; null or negative readings show as 0. */
export function speedMph(metersPerSecond: number | null | undefined): number {
  if (metersPerSecond == null || !Number.isFinite(metersPerSecond) || metersPerSecond < 0) return 0;
  return Math.round(metersPerSecond * MPH_PER_MPS);
}

export type LastUpdated = { unit: 'now' } | { unit: 'minutes'; value: number } | { unit: 'hours'; value: number };

/** How long ago a position was reported: under a minute is 'now', then whole minutes, then whole hours. */
export function lastUpdated(updatedAt: string | Date, now: Date | number = Date.now()): LastUpdated {
  const ms = (typeof now === 'number' ? now : now.getTime()) - new Date(updatedAt).getTime();
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return { unit: 'now' };
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  return { unit: 'hours', value: Math.floor(minutes / 60) };
}

/** 'Just now', '5 minutes ago', '2 hours ago' (English; the page translates the same parts). */
export function lastUpdatedText(updatedAt: string | Date, now: Date | number = Date.now()): string {
  const value = lastUpdated(updatedAt, now);
  if (value.unit === 'now') return 'Just now';
  if (value.unit === 'minutes') return `${value.value} minute${value.value === 1 ? '' : 's'} ago`;
  return `${value.value} hour${value.value === 1 ? '' : 's'} ago`;
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Urban driving: roads wind about 1.3× the straight line and average about 30 km/h (≈19 mph) with lights
 * and traffic; a minute is the least we ever promise.
 */
export const ROAD_DETOUR_FACTOR = 1.3;
export const URBAN_SPEED_KMH = 30;

export function travelMinutes(from: LatLng, to: LatLng): number {
  const km = distanceKm(from, to) * ROAD_DETOUR_FACTOR;
  return Math.max(1, Math.ceil((km / URBAN_SPEED_KMH) * 60));
}

/** Statuses in which the driver is heading to the customer's address (the ETA is an arrival time). */
export const ARRIVAL_STATUSES: ReadonlySet<string> = new Set(['en_route_pickup', 'en_route_return']);

export interface TrackingEta {
  /** When the driver arrives (arrival) or the service is expected to be finished (completion). */
  at: string;
  kind: 'arrival' | 'completion';
  /** Minutes of driving left, for an arrival. */
  minutes: number | null;
}

/**
 * The ETA shown on the tracking page: while the driver heads to the customer and both positions are known,
 * now + driving time from the driver's last position; otherwise the scheduled start plus the booked duration.
 */
export function estimateEta(input: {
  status: string;
  scheduledDate: string | Date;
  durationMinutes: number;
  destination: LatLng | null;
  driverPosition: LatLng | null;
  now: Date;
}): TrackingEta | null {
  if (input.status === 'completed' || input.status === 'cancelled') return null;
  if (ARRIVAL_STATUSES.has(input.status) && input.destination && input.driverPosition) {
    const minutes = travelMinutes(input.driverPosition, input.destination);
    return { at: new Date(input.now.getTime() + minutes * 60_000).toISOString(), kind: 'arrival', minutes };
  }
  const start = new Date(input.scheduledDate).getTime();
  return { at: new Date(start + input.durationMinutes * 60_000).toISOString(), kind: 'completion', minutes: null };
}

/** Close codes of the /ws socket (4xxx = application codes, mirroring HTTP). */
export const WS_CLOSE = {
  BAD_REQUEST: 4400,
  INVALID_TOKEN: 4401,
  FORBIDDEN: 4403,
  NOT_FOUND: 4404,
  EXPIRED_TOKEN: 4410,
} as const;
