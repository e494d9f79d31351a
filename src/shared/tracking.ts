import type { BookingStatus } from './domain';

/**
 * Status → tracking step and label (customer-app.md §4). The pickup timeline has 6 steps, the
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

/** The driver's one allowed next status (back-office.md §4); undefined when there is none. */
export const DRIVER_NEXT_STATUS: Partial<Record<BookingStatus, BookingStatus>> = {
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

export const DRIVER_ACTIVE_STATUSES: BookingStatus[] = [
  'confirmed',
  'pickup_scheduled',
  'en_route_pickup',
  'arrived_pickup',
  'picked_up',
  'en_route_service',
  'arrived_service',
  'in_progress',
  'completed_service',
  'en_route_return',
];
