import { queryOptions, useQuery } from '@tanstack/react-query';
import { SLOTS_STALE_MS } from '@shared/constants';
import type { SizeClass } from '@shared/domain';
import { localizedOffer } from '@shared/localized';
import type { CreateBookingRequest } from '@shared/schemas/checkout';
import type { ApiRequest } from '@web/lib/api';

type VehicleRequestInput = ApiRequest<'POST /api/vehicles'>['body'];
type AddressRequestInput = ApiRequest<'POST /api/addresses'>['body'];
import { apiCall } from '@web/lib/api';
import { currentLanguage, useLanguage } from '@web/lib/i18n';

export { availableDaysQuery } from '@web/components/slot-queries';
import { placeKey, type SlotPlace } from '@web/components/slot-queries';

/** The booking flow's calls: fetchers, query options and hooks (one place for their query keys). */
export const bookingKeys = {
  services: ['services'] as const,
  service: (id: string) => ['services', id] as const,
  slots: (serviceId: string, date: string, vehicles?: string, place?: SlotPlace) => ['services', serviceId, 'slots', date, vehicles ?? '', placeKey(place)] as const,
  savedVehicles: ['vehicles', 'booking'] as const,
  savedAddresses: ['addresses'] as const,
  vehicleCatalogue: ['vehicle-catalogue'] as const,
  offer: ['offers', 'current'] as const,
  suggest: (q: string) => ['geo', 'suggest', q] as const,
};

export const servicesQuery = queryOptions({ queryKey: bookingKeys.services, queryFn: () => apiCall('GET /api/services') });

export const serviceQuery = (id: string) => queryOptions({ queryKey: bookingKeys.service(id), queryFn: () => apiCall('GET /api/services/:id', { params: { id } }) });

/**
 * Slots are cached 5 minutes and not refetched on focus, mount or reconnect. `vehicles` (booking-job.ts
 * jobQueryOf) makes the starts fit the whole job.
 */
export const slotsQuery = (serviceId: string, date: string, vehicles?: string, place?: SlotPlace) =>
  queryOptions({
    queryKey: bookingKeys.slots(serviceId, date, vehicles, place),
    queryFn: () => apiCall('GET /api/services/:id/available-slots', { params: { id: serviceId }, query: { date, ...(vehicles ? { vehicles } : {}), ...place } }),
    staleTime: SLOTS_STALE_MS,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useServices() {
  return useQuery(servicesQuery);
}

export function useService(id: string | undefined) {
  return useQuery({ ...serviceQuery(id ?? ''), enabled: Boolean(id) });
}

export const suggestAddresses = (q: string) => apiCall('GET /api/geo/suggest', { query: { q } });
export const reverseGeocode = (lat: number, lng: number) => apiCall('GET /api/geo/reverse', { query: { lat, lng } });

export const createBooking = (input: CreateBookingRequest, idempotencyKey: string) =>
  apiCall('POST /api/bookings', { body: { language: currentLanguage(), ...input }, headers: { 'Idempotency-Key': idempotencyKey } });

/** A held booking of the signed-in customer, to pay it now (its full tracking view has the amounts). */
export const heldBooking = (id: string) => apiCall('GET /api/bookings/guest/:id', { params: { id } });

export const createPaymentIntent = (input: { bookingId: string; saveCard?: boolean; paymentMethodId?: string }, trackingToken?: string) =>
  apiCall('POST /api/create-payment-intent', { body: input, headers: trackingToken ? { 'X-Tracking-Token': trackingToken } : undefined });

/** A booking paid by the e-mailed link: the full view for its customer or whoever holds the link's token. */
export const bookingToPay = (id: string, token?: string) =>
  apiCall('GET /api/bookings/guest/:id', { params: { id }, headers: token ? { 'X-Tracking-Token': token } : undefined });

export const confirmPayment = (paymentIntentId: string, bookingId: string) => apiCall('POST /api/confirm-payment', { body: { paymentIntentId, bookingId } });

/** The signed-in customer's active prepaid purchases that can pay for this service (most credits first is the server's order). */
export const usablePackages = (serviceId: string) => apiCall('GET /api/user/packages/usable', { query: { serviceId } });

/** Booking from /sww-offer: the live offer for this vehicle type — its title, service and price — or undefined. */
export function useOffer(vehicle: string | undefined): { title: string; serviceId: string; sizeClass: SizeClass; price: string } | undefined {
  const offer = useQuery({ queryKey: bookingKeys.offer, queryFn: () => apiCall('GET /api/offers/current'), enabled: Boolean(vehicle) });
  const { language } = useLanguage();
  if (!vehicle || !offer.data || offer.data.ended || !offer.data.serviceId) return undefined;
  const size = vehicle as SizeClass;
  const price = offer.data.prices[size]?.offer;
  return price ? { title: localizedOffer(offer.data, language).title, serviceId: offer.data.serviceId, sizeClass: size, price } : undefined;
}

/** The signed-in customer's saved vehicles (the first page: the booking start offers them, default first). */
export const savedVehiclesQuery = queryOptions({ queryKey: bookingKeys.savedVehicles, queryFn: () => apiCall('GET /api/vehicles', { query: { page: 1, pageSize: 20 } }) });
export const savedAddressesQuery = queryOptions({ queryKey: bookingKeys.savedAddresses, queryFn: () => apiCall('GET /api/addresses') });
/** Makes and models with their usual size class, kept for the visit. */
export const vehicleCatalogueQuery = queryOptions({ queryKey: bookingKeys.vehicleCatalogue, queryFn: () => apiCall('GET /api/vehicle-catalogue'), staleTime: Infinity });

export const saveVehicle = (body: VehicleRequestInput) => apiCall('POST /api/vehicles', { body });
export const saveAddress = (body: AddressRequestInput) => apiCall('POST /api/addresses', { body });
