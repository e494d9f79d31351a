import { SERVICE_TYPES, type ServiceType } from './domain';

export interface LocationOptions {
  mobile: boolean;
  pickup: boolean;
  serviceLocation: boolean;
}

/**
 * The service types a service offers: its location options in a fixed order; a
 * service with none set is a mobile service.
 */
export function offeredServiceTypes(options: Partial<LocationOptions> | null | undefined): ServiceType[] {
  const offered = SERVICE_TYPES.filter((type) => options?.[type] === true);
  return offered.length ? offered : ['mobile'];
}

/** The type chosen for the visitor when a service is picked: the only one offered, else none (they choose). */
export function autoServiceType(options: Partial<LocationOptions> | null | undefined): ServiceType | null {
  const offered = offeredServiceTypes(options);
  return offered.length === 1 ? offered[0]! : null;
}

/** Mobile and pickup happen at the customer's address; on-site service at the business. */
export function needsAddress(type: ServiceType | null | undefined): boolean {
  return type === 'mobile' || type === 'pickup';
}

export interface BookingStartState {
  serviceId: string | null;
  serviceType: ServiceType | null;
  address: string;
  slotId: string | null;
}

export type BookingStartProblem =
  | { toast: 'Please select a service' }
  | { toast: 'Please select a service type' }
  | { toast: 'Address required'; description: 'Please enter your pickup address' | 'Please enter your service location' }
  | { toast: 'Please select a time' };

/** The booking start's checks, in the order the page shows them; undefined when all pass. */
export function bookingStartProblem(state: BookingStartState): BookingStartProblem | undefined {
  if (!state.serviceId) return { toast: 'Please select a service' };
  if (!state.serviceType) return { toast: 'Please select a service type' };
  if (needsAddress(state.serviceType) && !state.address.trim()) {
    return { toast: 'Address required', description: state.serviceType === 'pickup' ? 'Please enter your pickup address' : 'Please enter your service location' };
  }
  if (!state.slotId) return { toast: 'Please select a time' };
  return undefined;
}

/** Continue is disabled without a type, without an address for pickup and mobile, or without a time. */
export function canContinue(state: BookingStartState): boolean {
  if (!state.serviceType) return false;
  if (needsAddress(state.serviceType) && !state.address.trim()) return false;
  return Boolean(state.slotId);
}
