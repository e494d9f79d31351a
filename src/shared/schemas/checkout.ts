import { z } from 'zod';
import { ACCESS_NOTES_MAX, VEHICLE_MAX } from '../constants';
import { PAYMENT_INTENT_STATUSES, PAYMENT_STATUSES } from '../booking-lifecycle';
import { BOOKING_STATUSES, LANGUAGES, SERVICE_TYPES } from '../domain';
import { isUsStateCode, isUsZip } from '../address';
import { EMAIL_MAX, isEmailAddress, NAME_MAX } from '../contact';
import { optionalUsPhone } from './common';
import { VEHICLE_TYPES } from './offers';
import { bookingVehiclesInput } from './booking-lines';

/**
 * The booking and payment contract: create a held booking, create a payment intent for it, confirm. Amounts sent by clients are accepted for compatibility and ignored:
 * the server prices every booking itself.
 */
const money = z.union([z.string(), z.number()]).optional().nullable();

export const addressInput = z.object({
  street: z.string({ error: 'Street is required' }).trim().min(1, { error: 'Street is required' }).max(200, { error: 'Street is too long' }),
  city: z.string({ error: 'City is required' }).trim().min(1, { error: 'City is required' }).max(100, { error: 'City is too long' }),
  state: z
    .string({ error: 'State is required' })
    .trim()
    .toUpperCase()
    .refine(isUsStateCode, { error: 'State must be a two-letter US state code, like CA' }),
  zipCode: z
    .string({ error: 'ZIP code is required' })
    .trim()
    .refine(isUsZip, { error: 'ZIP code must be 5 digits' }),
  latitude: z.coerce.number().min(-90).max(90).optional().nullable(),
  longitude: z.coerce.number().min(-180).max(180).optional().nullable(),
});
export type AddressInput = z.infer<typeof addressInput>;

export const createBookingRequest = z.object({
  /** A promo code (issue 25): applied by the server's price rule as a discount line, or refused with why. */
  promoCode: z.string().trim().max(40, { error: 'That promo code is not valid.' }).optional(),
  serviceId: z.uuid({ error: 'Please select a service' }),
  serviceType: z.enum(SERVICE_TYPES, { error: 'Please select a service type' }),
  /** The id available-slots returned: YYYY-MM-DDTHH:mm (Pacific). */
  slotId: z
    .string({ error: 'Please select a time' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Please select a valid time slot' })
    .optional(),
  /** The older clients' field; used only when slotId is missing (its Pacific wall time becomes the slot). */
  scheduledDate: z.iso.datetime({ offset: true, error: 'scheduledDate must be an ISO date-time' }).optional(),
  addressId: z.uuid({ error: 'Not a valid address id' }).optional().nullable(),
  /** A structured address, or one line ("425 Park Ave, San Jose, CA 95110") the server parses. */
  address: z.union([addressInput, z.string().trim().max(300, { error: 'Address is too long' })]).optional().nullable(),
  notes: z.string().trim().max(1000, { error: 'Notes must be at most 1000 characters' }).optional().nullable(),
  /** Make, model and colour, so the driver finds the car. */
  vehicle: z.string().trim().max(VEHICLE_MAX, { error: `Vehicle must be at most ${VEHICLE_MAX} characters` }).optional().nullable(),
  /** Gate code, parking or access instructions for the driver. */
  accessNotes: z.string().trim().max(ACCESS_NOTES_MAX, { error: `Gate code and parking notes must be at most ${ACCESS_NOTES_MAX} characters` }).optional().nullable(),
  totalAmount: money,
  serviceFee: money,
  tax: money,
  guestEmail: z
    .string()
    .trim()
    .max(EMAIL_MAX, { error: `Email must be at most ${EMAIL_MAX} characters` })
    .refine((v) => v === '' || isEmailAddress(v), { error: 'Please enter a valid email address' })
    .optional()
    .nullable(),
  guestName: z.string().trim().max(NAME_MAX, { error: `Name must be at most ${NAME_MAX} characters` }).optional().nullable(),
  /** A US number, stored as E.164. */
  guestPhone: optionalUsPhone().optional(),
  /** The language the customer books in: a guest's reminders and texts are written in it. */
  language: z.enum(LANGUAGES, { error: 'language must be en, es or fr' }).optional(),
  /** A mobile job: whether the car stands under a roof (a garage, a carport); rain offers skip covered ones. */
  coveredParking: z.boolean({ error: 'coveredParking must be true or false' }).optional().nullable(),
  /** Signed-in customers: pay with one credit of this prepaid package purchase (the booking is confirmed at once). */
  packagePurchaseId: z.uuid({ error: 'Not a valid package id' }).optional().nullable(),
  /** Book at the current promotional offer's price for this vehicle type (/sww-offer); the server checks and applies it. */
  offerVehicle: z.enum(VEHICLE_TYPES, { error: 'offerVehicle must be sedan, suv or oversize' }).optional().nullable(),
  /**
   * The job (docs/decisions/043): one to four vehicles, each a saved vehicle or a typed one, with its size class
   * and add-ons. Without it, one vehicle of serviceId at size `offerVehicle ?? 'sedan'` described by `vehicle`.
   */
  vehicles: bookingVehiclesInput.optional(),
  /**
   * The customer ticked "I agree to the cancellation policy" (decision 057): recorded on the booking; required
   * when the service takes a deposit (the card is kept for the balance and any fee).
   */
  policyConsent: z.boolean().optional(),
});
export type CreateBookingRequest = z.infer<typeof createBookingRequest>;

export const idempotencyKeyHeader = z
  .string({ error: 'Idempotency-Key must be 8 to 200 characters' })
  .trim()
  .min(8, { error: 'Idempotency-Key must be 8 to 200 characters' })
  .max(200, { error: 'Idempotency-Key must be 8 to 200 characters' });

export const createBookingResponse = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  totalAmount: z.string(),
  /** Every untaxed fee: the service fee and the travel fee (when there is one). */
  serviceFee: z.string(),
  /** The service area's travel fee within serviceFee, decimal string; absent when there is none (or on a replay). */
  travelFee: z.string().optional(),
  tax: z.string(),
  holdExpiresAt: z.string().nullable(),
  /** The deposit checkout takes now, decimal string; absent when the booking is paid in full. */
  deposit: z.string().optional(),
  /** package when a prepaid credit paid for it (nothing to pay); absent otherwise. */
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  /** Only for guests: lets them track the booking (send it as X-Tracking-Token or ?token=). */
  trackingToken: z.string().optional(),
});
export type CreateBookingResponse = z.infer<typeof createBookingResponse>;

export const createPaymentIntentRequest = z.object({
  bookingId: z.uuid({ error: 'Not a valid booking id' }),
  /** Signed-in customers: keep the card for next time. */
  saveCard: z.boolean().optional().default(false),
  /** Signed-in customers: pay with a saved card (payment_methods.id). */
  paymentMethodId: z.uuid({ error: 'Not a valid payment method id' }).optional(),
  /** Guests may send their tracking token here instead of the X-Tracking-Token header. */
  trackingToken: z.string().max(200).optional(),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequest>;

export const savedCardView = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.number(),
  expiryYear: z.number(),
  isDefault: z.boolean(),
});
export type SavedCardView = z.infer<typeof savedCardView>;

export const createPaymentIntentResponse = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: z.enum(['stripe', 'test']),
  /** Server-computed total, decimal string. */
  amount: z.string(),
  /** succeeded when a saved card was charged at once. */
  status: z.enum(PAYMENT_INTENT_STATUSES),
  savedCards: z.array(savedCardView),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponse>;

export const confirmPaymentRequest = z.object({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).trim().min(3, { error: 'paymentIntentId is required' }).max(255),
  bookingId: z.uuid({ error: 'Not a valid booking id' }),
});

export const confirmPaymentResponse = z.object({
  bookingId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** processing: the provider has not decided yet (the booking itself stays unpaid until it does). */
  paymentStatus: z.enum([...PAYMENT_STATUSES, 'processing']),
});
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponse>;

/** The built-in test provider's card form (never used with Stripe, where card data never reaches us). */
export const testCardConfirmRequest = z.object({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).min(3).max(255),
  clientSecret: z.string({ error: 'clientSecret is required' }).min(11, { error: 'clientSecret is required' }).max(255),
  number: z.string({ error: 'Your card number is incomplete.' }).max(40),
  expMonth: z.coerce.number({ error: "Your card's expiration date is incomplete." }).int().min(1, { error: "Your card's expiration month is invalid." }).max(12, { error: "Your card's expiration month is invalid." }),
  expYear: z.coerce.number({ error: "Your card's expiration date is incomplete." }).int().min(0).max(2200),
  cvc: z.string({ error: "Your card's security code is incomplete." }).regex(/^\d{3,4}$/, { error: "Your card's security code is incomplete." }),
  saveCard: z.boolean().optional().default(false),
});
export type TestCardConfirmRequest = z.infer<typeof testCardConfirmRequest>;

export const geoSuggestQuery = z.object({
  q: z
    .string({ error: 'Type at least 3 characters' })
    .trim()
    .min(3, { error: 'Type at least 3 characters' })
    .max(200, { error: 'Address search is too long' }),
});

export const geoReverseQuery = z.object({
  lat: z.coerce.number({ error: 'lat must be a number' }).min(-90, { error: 'lat must be between -90 and 90' }).max(90, { error: 'lat must be between -90 and 90' }),
  lng: z.coerce
    .number({ error: 'lng must be a number' })
    .min(-180, { error: 'lng must be between -180 and 180' })
    .max(180, { error: 'lng must be between -180 and 180' }),
});

/** A StructuredAddress (shared/address.ts) with where it came from. */
export const addressSuggestion = z.object({
  streetNumber: z.string(),
  streetName: z.string(),
  /** streetNumber + streetName, as saved on addresses and bookings. */
  street: z.string(),
  city: z.string(),
  /** Two-letter state code. */
  state: z.string(),
  zipCode: z.string(),
  /** Country code; always US. */
  country: z.literal('US'),
  formattedAddress: z.string(),
  /**
   * saved/recent: the customer's own; typed: parsed from what they typed; google: Google Places;
   * area: a city and ZIP code of the service county (street empty: the customer adds it).
   */
  source: z.enum(['saved', 'recent', 'typed', 'google', 'area']),
  addressId: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** False when the ZIP is outside the service area (SERVICE_ZIP_CODES, else the service county) or the drive is beyond the last travel band. */
  inServiceArea: z.boolean(),
  /** Why it is refused (the same code the booking would be refused with), for the address step to say so. */
  areaRefusal: z.object({ code: z.enum(['OUTSIDE_SERVICE_AREA', 'BEYOND_SERVICE_AREA']), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable().optional(),
  /** The travel fee of the address's drive band in cents (0 within the free drive); absent when not known. */
  travelFeeCents: z.number().int().nullable().optional(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestion>;
