/** Closed sets of the domain, defined once. */
export const ROLES = ['customer', 'driver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SERVICE_TYPES = ['mobile', 'pickup', 'serviceLocation'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'pickup_scheduled',
  'en_route_pickup',
  'arrived_pickup',
  'picked_up',
  'en_route_service',
  'arrived_service',
  'in_progress',
  'completed_service',
  'quality_check',
  'ready_for_return',
  'en_route_return',
  'arrived_return',
  'completed',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses the admin status selector offers. */
export const ADMIN_BOOKING_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;

export const DRIVER_AVAILABILITY = ['available', 'busy', 'break', 'offline'] as const;
export type DriverAvailability = (typeof DRIVER_AVAILABILITY)[number];

export const CLOSURE_TYPES = ['holiday', 'capacity', 'staff', 'maintenance', 'other'] as const;
export type ClosureType = (typeof CLOSURE_TYPES)[number];
/** How the schedule grid labels a closed day, by closure type. */
export const CLOSURE_LABEL: Record<ClosureType, string> = {
  capacity: 'FULL',
  staff: 'NO STAFF',
  maintenance: 'MAINTENANCE',
  holiday: 'CLOSED',
  other: 'CLOSED',
};

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isStaff(role: Role | undefined | null): boolean {
  return role === 'admin' || role === 'driver';
}

/**
 * A vehicle's size class: what a service and its add-ons cost and how long they take depend on it, and the
 * promotional offer (/sww-offer) prices by it. sedan: cars, coupés, small crossovers; suv: SUVs, pickups,
 * minivans; oversize: full-size vans, lifted or crew-cab trucks, 3-row full-size SUVs (docs/decisions/038).
 */
export const SIZE_CLASSES = ['sedan', 'suv', 'oversize'] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];
/** The offer's name for the same list. */
export const VEHICLE_TYPES = SIZE_CLASSES;
export type VehicleType = SizeClass;

/** A booking line (docs/decisions/043): a vehicle's service or add-on, or the booking's discount, travel fee, service fee or tax. */
export const BOOKING_LINE_KINDS = ['service', 'add_on', 'discount', 'travel_fee', 'service_fee', 'tax'] as const;
export type BookingLineKind = (typeof BOOKING_LINE_KINDS)[number];

/** At most this many vehicles in one visit. */
export const VEHICLES_PER_BOOKING_MAX = 4;
