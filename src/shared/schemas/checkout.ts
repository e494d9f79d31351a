import { z } from 'zod';
import { SERVICE_TYPES } from '../domain';
import type { StructuredAddress } from '../address';

/**
 * The booking and payment contract (customer-app.md §7 plus issue 3): create a held booking, create a
 * payment intent for it, confirm. Amounts sent by clients are accepted for compatibility and ignored:
 * the server prices every booking itself.
 */
const money = z.union([z.string(), z.number()]).optional().nullable();

export const addressInput = z.object({
  street: z.string({ error: 'Street is required' }).trim().min(1, { error: 'Street is required' }).max(200, { error: 'Street is too long' }),
  city: z.string({ error: 'City is required' }).trim().min(1, { error: 'City is required' }).max(100, { error: 'City is too long' }),
  state: z.string({ error: 'State is required' }).trim().min(2, { error: 'State is required' }).max(30, { error: 'State is too long' }),
  zipCode: z
    .string({ error: 'ZIP code is required' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: 'ZIP code must be 5 digits' }),
  latitude: z.coerce.number().min(-90).max(90).optional().nullable(),
  longitude: z.coerce.number().min(-180).max(180).optional().nullable(),
});
export type AddressInput = z.infer<typeof addressInput>;

export const createBookingRequest = z.object({
  serviceId: z.uuid({ error: 'Please select a service' }),
  serviceType: z.enum(SERVICE_TYPES, { error: 'Please select a service type' }),
  /** The id available-slots returned: YYYY-MM-DDTHH:mm (Pacific). */
  slotId: z
    .string({ error: 'Please select a time' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Please select a valid time slot' })
    .optional(),
  /** The spec's field; used only when slotId is missing (its Pacific wall time becomes the slot). */
  scheduledDate: z.iso.datetime({ offset: true, error: 'scheduledDate must be an ISO date-time' }).optional(),
  addressId: z.uuid({ error: 'Not a valid address id' }).optional().nullable(),
  /** A structured address, or one line ("425 Park Ave, San Jose, CA 95110") the server parses. */
  address: z.union([addressInput, z.string().trim().max(300, { error: 'Address is too long' })]).optional().nullable(),
  notes: z.string().trim().max(1000, { error: 'Notes must be at most 1000 characters' }).optional().nullable(),
  totalAmount: money,
  serviceFee: money,
  tax: money,
  guestEmail: z.string().trim().max(254).optional().nullable(),
  guestName: z.string().trim().max(120, { error: 'Name must be at most 120 characters' }).optional().nullable(),
  guestPhone: z.string().trim().max(30, { error: 'Phone must be at most 30 characters' }).optional().nullable(),
});
export type CreateBookingRequest = z.infer<typeof createBookingRequest>;

export const idempotencyKeyHeader = z
  .string({ error: 'Idempotency-Key must be 8 to 200 characters' })
  .trim()
  .min(8, { error: 'Idempotency-Key must be 8 to 200 characters' })
  .max(200, { error: 'Idempotency-Key must be 8 to 200 characters' });

export interface CreateBookingResponse {
  id: string;
  status: string;
  totalAmount: string;
  serviceFee: string;
  tax: string;
  holdExpiresAt: string | null;
  /** Only for guests: lets them track the booking (send it as X-Tracking-Token or ?token=). */
  trackingToken?: string;
}

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

export interface SavedCardView {
  id: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: boolean;
}

export interface CreatePaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
  provider: 'stripe' | 'test';
  /** Server-computed total, decimal string. */
  amount: string;
  /** succeeded when a saved card was charged at once. */
  status: string;
  savedCards: SavedCardView[];
}

export const confirmPaymentRequest = z.object({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).trim().min(3, { error: 'paymentIntentId is required' }).max(255),
  bookingId: z.uuid({ error: 'Not a valid booking id' }),
});

export interface ConfirmPaymentResponse {
  bookingId: string;
  status: string;
  paymentStatus: string;
}

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

export interface AddressSuggestion extends StructuredAddress {
  /** saved/recent: the customer's own; typed: parsed from what they typed; google: Google Places. */
  source: 'saved' | 'recent' | 'typed' | 'google';
  addressId: string | null;
  latitude: number | null;
  longitude: number | null;
  /** False when the ZIP is outside SERVICE_ZIP_CODES. */
  inServiceArea: boolean;
}
