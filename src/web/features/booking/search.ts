import { parseUsAddress } from '@shared/address';
import { ACCESS_NOTES_MAX, VEHICLE_MAX } from '@shared/constants';
import { SERVICE_TYPES, VEHICLE_TYPES, type ServiceType, type VehicleType } from '@shared/domain';
import { numberIn, oneOf, text, type RawSearch } from '@web/lib/search';

/** The query of /booking, /booking-details and /checkout; serviceType defaults to pickup. */
export interface BookingSearch {
  serviceId?: string;
  serviceType: ServiceType;
  address: string;
  date?: string;
  time?: string;
  slotId?: string;
  addressId?: string;
  /** Where the typed address was placed when it was chosen from the suggestions: the slots were listed there, so the booking goes there. */
  lat?: number;
  lng?: number;
  /** The address check's travel fee in cents, for the summary before the hold (the server prices it again). */
  travelFee?: number;
  /** Pay now for a held, unpaid booking (from the booking history): checkout pays it instead of booking again. */
  bookingId?: string;
  /** Booking from /sww-offer: the vehicle type whose offer price the server applies. */
  offer?: VehicleType;
  /** Optional, from Booking Details: the car (make, model, colour) and gate code / parking notes for the driver. */
  vehicle?: string;
  accessNotes?: string;
  /** A mobile job: whether the car stands under a roof (rain offers skip covered ones). */
  coveredParking?: 'yes' | 'no';
  /** The job from the booking start: the request's vehicles as JSON (job.ts jobOfSearch reads it). */
  vehicles?: string;
}

export function bookingSearch(search: RawSearch): BookingSearch {
  return {
    serviceId: text(search, 'serviceId'),
    serviceType: oneOf(search, 'serviceType', SERVICE_TYPES, 'pickup'),
    address: text(search, 'address') ?? '',
    date: text(search, 'date'),
    time: text(search, 'time'),
    slotId: text(search, 'slotId'),
    addressId: text(search, 'addressId'),
    lat: numberIn(search, 'lat', -90, 90),
    lng: numberIn(search, 'lng', -180, 180),
    travelFee: numberIn(search, 'travelFee', 0, 10_000_00),
    bookingId: text(search, 'bookingId'),
    offer: VEHICLE_TYPES.find((v) => v === text(search, 'offer')),
    vehicle: text(search, 'vehicle')?.slice(0, VEHICLE_MAX) || undefined,
    accessNotes: text(search, 'accessNotes')?.slice(0, ACCESS_NOTES_MAX) || undefined,
    coveredParking: (['yes', 'no'] as const).find((answer) => answer === text(search, 'coveredParking')),
    // The router may hand the JSON back already parsed.
    vehicles: (Array.isArray(search.vehicles) ? JSON.stringify(search.vehicles) : text(search, 'vehicles'))?.slice(0, 4000) || undefined,
  };
}

/** The query of /pay, the page the confirmation e-mail's Pay now link opens: the booking and a guest's token. */
export interface PaySearch {
  bookingId?: string;
  token?: string;
}

export const paySearch = (search: RawSearch): PaySearch => ({ bookingId: text(search, 'bookingId'), token: text(search, 'token') });

/**
 * The address a booking request sends: none on site or for a saved address (its id goes instead); the typed
 * line with the point it was chosen at when there is one (the slots were listed there), else the line alone.
 */
export function bookingAddress(search: BookingSearch): string | PlacedAddress | null {
  if (search.serviceType === 'serviceLocation' || search.addressId) return null;
  const parsed = search.lat !== undefined && search.lng !== undefined ? parseUsAddress(search.address) : undefined;
  if (!parsed) return search.address;
  return { street: parsed.street, city: parsed.city, state: parsed.state, zipCode: parsed.zipCode, latitude: search.lat!, longitude: search.lng! };
}

interface PlacedAddress {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: number;
  longitude: number;
}

/** The travel fee the summary shows before the hold: only for a job at the customer's place. */
export const searchTravelFee = (search: Pick<BookingSearch, 'serviceType' | 'travelFee'>): number => (search.serviceType === 'serviceLocation' ? 0 : (search.travelFee ?? 0));
