import { z } from 'zod';
import { BOOKING_STATUSES, SERVICE_TYPES, SIZE_CLASSES } from '../domain';
import { EMAIL_MAX, isEmailAddress, normaliseUsPhone, PHONE_MAX } from '../contact';
import { addressInput } from './checkout';
import { dateKey, pageQuery } from './common';
import { serviceView } from './services';
import { storeOrderBase } from './store-mirror';

/**
 * Store orders that become bookings (/admin/fulfillment and /shopify-order-schedule): the mirrored order as the admin and the customer see it,
 * the fulfilment summary, the admin's Create Booking, and the customer's lookup and scheduling.
 */

/** The booking an order is linked to (amount is the booking's total). */
export const linkedBooking = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  scheduledDate: z.string(),
  totalAmount: z.string(),
});

/**
 * One line of an order and what it books (docs/decisions/044): the service or add-on its product maps to and the
 * vehicle size (from the variant or the product's mapping); `kind` null: not part of a booking, listed as such.
 */
export const orderCoverageItem = z.object({
  name: z.string(),
  quantity: z.number(),
  price: z.string(),
  kind: z.enum(['service', 'add_on']).nullable(),
  itemId: z.string().nullable(),
  itemName: z.string().nullable(),
  sizeClass: z.enum(SIZE_CLASSES).nullable(),
});
export type OrderCoverageItem = z.infer<typeof orderCoverageItem>;

/** The order as /admin/fulfillment and the customer's lookup show it. */
export const storeOrderView = storeOrderBase.extend({
  /** Each line with what it books; the unmapped ones too. */
  covers: z.array(orderCoverageItem),
  customerName: z.string().nullable(),
  createdAt: z.string(),
  booking: linkedBooking.nullable(),
  /** When the store confirmed the fulfilment, and the last error while it is being retried. */
  fulfilledAt: z.string().nullable(),
  fulfillmentError: z.string().nullable(),
});
export type StoreOrderView = z.infer<typeof storeOrderView>;

export const fulfillmentStatusSummary = z.object({
  total_orders: z.number(),
  paid_orders: z.number(),
  linked_to_bookings: z.number(),
  pending_fulfillment: z.number(),
  completed_services: z.number(),
});
export type FulfillmentStatusSummary = z.infer<typeof fulfillmentStatusSummary>;

/** ?tab=pending (paid, no booking or not fulfilled yet) | all | fulfilled (booked and fulfilled), paginated. */
export const fulfillmentListQuery = pageQuery.extend({
  tab: z.enum(['pending', 'all', 'fulfilled'], { error: 'tab must be pending, all or fulfilled' }).default('pending'),
});

export const storeOrderParam = z.object({ orderId: z.uuid({ error: 'Not a valid order id' }) });

const MISSING_ADMIN = 'Missing Information - Please fill in all required fields.';

export const createBookingFromOrderRequest = z.object({
  /** Needed only when the order maps no service; otherwise one of the order's services, or left out. */
  serviceId: z.uuid({ error: MISSING_ADMIN }).optional().nullable(),
  scheduledDate: z.iso.datetime({ offset: true, local: true, error: MISSING_ADMIN }),
  notes: z.string().trim().max(1000, { error: 'Notes must be at most 1000 characters' }).optional().nullable(),
});
export type CreateBookingFromOrderRequest = z.infer<typeof createBookingFromOrderRequest>;

export const createBookingFromOrderResponse = z.object({ booking: linkedBooking, trackingToken: z.string() });

const MISSING_LOOKUP = 'Missing Information - Please enter both your order number and email address.';
const email = z
  .string({ error: MISSING_LOOKUP })
  .trim()
  .min(1, { error: MISSING_LOOKUP })
  .max(EMAIL_MAX, { error: `Email must be at most ${EMAIL_MAX} characters` })
  .refine(isEmailAddress, { error: 'Please enter a valid email address' });

export const orderLookupRequest = z.object({
  /** "1276" or "#1276". */
  orderNumber: z
    .string({ error: MISSING_LOOKUP })
    .trim()
    .transform((v) => v.replace(/^#+/, '').trim())
    .pipe(z.string().min(1, { error: MISSING_LOOKUP }).max(40, { error: 'Order number is too long' })),
  email,
});
export type OrderLookupRequest = z.infer<typeof orderLookupRequest>;

/** What the customer may see of their order (no other order's data, no internal ids beyond the order's). */
export const customerOrderView = storeOrderView.pick({
  id: true,
  orderNumber: true,
  name: true,
  email: true,
  totalPrice: true,
  currency: true,
  financialStatus: true,
  createdAt: true,
  lineItems: true,
  shippingAddress: true,
  covers: true,
});

export const orderLookupResponse = z.object({
  order: customerOrderView,
  hasBooking: z.boolean(),
  /** The order's booking and its tracking link token (the order number + e-mail already prove the customer). */
  booking: linkedBooking.extend({ trackingToken: z.string().nullable() }).nullable(),
  allowedServices: z.array(serviceView),
  /** How long the order's job takes (its mapped services at their sizes and add-ons); null when it maps no service. */
  jobMinutes: z.number().nullable(),
});
export type OrderLookupResponse = z.infer<typeof orderLookupResponse>;

const SCHEDULE_MISSING = 'Please select a service, time slot, and service location type.';

export const scheduleFromOrderRequest = z.object({
  email,
  serviceId: z.uuid({ error: SCHEDULE_MISSING }),
  slotId: z
    .string({ error: SCHEDULE_MISSING })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Invalid Time Slot - Please select a valid time slot for the current service and date.' }),
  /** The day the customer chose (YYYY-MM-DD); the slot must be on it. */
  dateKey: z.string({ error: SCHEDULE_MISSING }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Invalid Time Slot - Please select a valid time slot for the current service and date.' }),
  serviceType: z.enum(SERVICE_TYPES, { error: SCHEDULE_MISSING }),
  address: addressInput.optional().nullable(),
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX, { error: `Phone must be at most ${PHONE_MAX} characters` })
    .transform((v, ctx) => {
      if (!v) return null;
      const e164 = normaliseUsPhone(v);
      if (!e164) ctx.issues.push({ code: 'custom', input: v, message: 'Please enter a valid US phone number, like (408) 555-0100' });
      return e164;
    })
    .optional()
    .nullable(),
  notes: z.string().trim().max(1000, { error: 'Notes must be at most 1000 characters' }).optional().nullable(),
});
export type ScheduleFromOrderRequest = z.infer<typeof scheduleFromOrderRequest>;

export const scheduleFromOrderResponse = z.object({ booking: z.object({ id: z.string() }), trackingToken: z.string() });
export type ScheduleFromOrderResponse = z.infer<typeof scheduleFromOrderResponse>;

/**
 * The open starts and days for the order's whole job (docs/decisions/044): the order's id and e-mail prove the
 * customer, as for scheduling; `serviceId` only for an order that maps no service (the one the customer chose).
 * A POST so the e-mail stays out of URLs.
 */
// `latitude`/`longitude`: where the job is, when known, so the starts are ones a technician can get to (decision 055).
const orderJobChoice = z.object({
  email,
  serviceId: z.uuid({ error: 'Not a valid service id' }).optional().nullable(),
  latitude: z.number().min(-90).max(90).optional().nullable(),
  longitude: z.number().min(-180).max(180).optional().nullable(),
});
export const orderSlotsRequest = orderJobChoice.extend({ date: dateKey });
export const orderDaysRequest = orderJobChoice.extend({ from: dateKey, to: dateKey });
export type OrderJobChoice = z.infer<typeof orderJobChoice>;
