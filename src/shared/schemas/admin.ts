import { z } from 'zod';
import { PAYMENT_STATUSES } from '../booking-lifecycle';
import { BOOKING_STATUSES, CLOSURE_TYPES, DRIVER_AVAILABILITY, ROLES, SERVICE_TYPES } from '../domain';
import { bookingUpdateView, bookingView } from './bookings';
import { dateKey, moneyText, optionalUsPhone, pageOf, pageQuery, REQUIRED_MESSAGE, required, timeOfDay } from './common';
import { publicUser } from './auth';
import { addressInput } from './checkout';
import { pricesBySize, sizePricesView } from './services';

/**
 * The back office's contract: request schemas the routes parse and the dialogs reuse, response types the
 * pages read. Missing required fields all answer the forms' one message.
 */
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const CAPACITY_MESSAGE = 'Max concurrent appointments must be between 1 and 10';
export const TIME_ORDER_MESSAGE = 'End time must be after start time';

const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));
const requiredEmail = () => required().toLowerCase().pipe(z.email({ error: EMAIL_MESSAGE }).max(254, { error: EMAIL_MESSAGE }));
const requiredDate = () => required().pipe(dateKey);
/** A date as YYYY-MM-DD or an ISO instant at midnight UTC (what the schedule page's PUT sends); the calendar day is kept. */
const lenientDate = () =>
  required()
    .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
    .pipe(dateKey);
const requiredTime = () => required().pipe(timeOfDay);
const capacity = z.coerce
  .number({ error: CAPACITY_MESSAGE })
  .int({ error: CAPACITY_MESSAGE })
  .min(1, { error: CAPACITY_MESSAGE })
  .max(10, { error: CAPACITY_MESSAGE });

const uuid = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).pipe(z.uuid({ error: message }));

// Appointments and blocked time

/**
 * How a phone appointment is paid: on site (payment status on_site), by a card payment link e-mailed with the
 * confirmation (link_sent until paid), or later (unpaid; what API clients sent before links existed).
 */
export const APPOINTMENT_PAYMENTS = ['on_site', 'link', 'later'] as const;

export const appointmentRequest = z
  .object({
    customerName: required().pipe(z.string().max(120, { error: 'Name must be at most 120 characters' })),
    customerEmail: requiredEmail(),
    customerPhone: optionalUsPhone(),
    serviceId: required().pipe(z.uuid({ error: 'Please choose a service' })),
    date: requiredDate(),
    time: requiredTime(),
    notes: optionalText(),
    /** Where the job happens; a mobile or pickup job needs the customer's address. */
    serviceType: z.enum(SERVICE_TYPES, { error: 'Please choose mobile, pickup or at our location' }).default('serviceLocation'),
    address: addressInput.nullish(),
    payment: z.enum(APPOINTMENT_PAYMENTS, { error: 'Please choose how the customer pays' }).default('later'),
  })
  .refine((v) => v.serviceType === 'serviceLocation' || !!v.address, { error: 'Please enter the address for a mobile or pickup job', path: ['address'] });
export type AppointmentRequest = z.infer<typeof appointmentRequest>;

export const blockTimeRequest = z
  .object({
    date: requiredDate(),
    startTime: requiredTime(),
    endTime: requiredTime(),
    reason: optionalText(300),
  })
  .refine((v) => v.endTime > v.startTime, { error: TIME_ORDER_MESSAGE, path: ['endTime'] });
export type BlockTimeRequest = z.infer<typeof blockTimeRequest>;

// Business availability, closures, weekly hours

export const availabilityRequest = z
  .object({
    date: lenientDate(),
    startTime: requiredTime(),
    endTime: requiredTime(),
    maxCapacity: capacity.default(3),
    isActive: z.boolean().default(true),
    notes: optionalText(300),
  })
  .refine((v) => v.endTime > v.startTime, { error: TIME_ORDER_MESSAGE, path: ['endTime'] });
export type AvailabilityRequest = z.infer<typeof availabilityRequest>;

export const bulkAvailabilityRequest = z
  .object({
    startDate: requiredDate(),
    endDate: requiredDate(),
    startTime: requiredTime(),
    endTime: requiredTime(),
    maxCapacity: capacity.default(3),
    /** 0 = Sunday; none means every day. */
    daysOfWeek: z.array(z.number().int().min(0).max(6), { error: 'Days of week must be numbers 0 (Sunday) to 6' }).default([]),
  })
  .refine((v) => v.endTime > v.startTime, { error: TIME_ORDER_MESSAGE, path: ['endTime'] })
  .refine((v) => v.endDate >= v.startDate, { error: 'End date must not be before start date', path: ['endDate'] });
export type BulkAvailabilityRequest = z.infer<typeof bulkAvailabilityRequest>;
export const BULK_MAX_DAYS = 366;

export const closureRequest = z.object({
  date: lenientDate(),
  name: required().pipe(z.string().max(120, { error: 'Description must be at most 120 characters' })),
  reason: optionalText(500),
  type: z.enum(CLOSURE_TYPES, { error: REQUIRED_MESSAGE }),
  isRecurring: z.boolean().default(false),
});
export type ClosureRequest = z.infer<typeof closureRequest>;

export const rangeQuery = z
  .object({ startDate: dateKey, endDate: dateKey })
  .refine((v) => v.endDate >= v.startDate, { error: 'endDate must not be before startDate' });

/** Closures: a day range, or no query at all for the closures from today on (the schedule page calls it bare). */
export const closureRangeQuery = z
  .object({ startDate: dateKey.optional(), endDate: dateKey.optional() })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, { error: 'endDate must not be before startDate' });

export const weeklyHoursRequest = z.object({
  days: z
    .array(
      z
        .object({ dayOfWeek: z.number().int().min(0).max(6), startTime: requiredTime(), endTime: requiredTime(), capacity, isOpen: z.boolean() })
        .refine((v) => v.endTime > v.startTime, { error: TIME_ORDER_MESSAGE }),
    )
    .length(7, { error: 'Give the hours of all seven days' }),
});
export type WeeklyHoursRequest = z.infer<typeof weeklyHoursRequest>;

// Bookings

/** How the bookings list is ordered: by job time (upcoming soonest first, then past ones latest first) unless asked. */
export const ADMIN_BOOKING_SORTS = ['job', 'job_asc', 'job_desc', 'newest'] as const;

/** The bookings list's filters (also the CSV export's): status, payment, driver, type, job-day range, text or phone. */
export const adminBookingsFilter = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'Unknown status' }).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Unknown payment status' }).optional(),
  /** A driver's id, or 'unassigned'. */
  driverId: z.union([z.literal('unassigned'), z.uuid({ error: 'Not a valid driver id' })], { error: 'Not a valid driver id' }).optional(),
  serviceType: z.enum(SERVICE_TYPES, { error: 'Unknown service type' }).optional(),
  from: dateKey.optional(),
  to: dateKey.optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(ADMIN_BOOKING_SORTS, { error: 'Unknown sort' }).default('job'),
});
export const adminBookingsQuery = pageQuery.extend(adminBookingsFilter.shape);
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuery>;
export type AdminBookingsFilter = z.infer<typeof adminBookingsFilter>;

export const bookingStatusRequest = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'Please choose a valid status' }),
  message: optionalText(500),
});

/** The admin cancels a booking through the booking core (a paid one is refunded); the message goes to the customer's history. */
export const adminCancelRequest = z.object({ message: optionalText(500) });
export type AdminCancelRequest = z.infer<typeof adminCancelRequest>;

/** Reschedule (date and time) and edit (service, saved address, notes) in one body. */
export const adminBookingUpdateRequest = z.object({
  date: requiredDate(),
  time: requiredTime(),
  serviceId: z.uuid({ error: 'Please choose a service' }).optional(),
  addressId: z.uuid({ error: 'Please choose a saved address' }).nullish(),
  notes: optionalText().optional(),
});
export type AdminBookingUpdateRequest = z.infer<typeof adminBookingUpdateRequest>;

export const driverAssignParams = z.object({
  driverId: z.union([z.literal('unassign'), z.uuid({ error: 'Not a valid driver id' })], { error: 'Not a valid driver id' }),
  bookingId: uuid('Not a valid booking id'),
});

// Customers, users and staff

export const customerListQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });

/** A customer's booking that still lies ahead: listed before deleting the customer, to be cancelled first. */
export const upcomingCustomerBooking = z.object({
  id: z.string(),
  scheduledDate: z.string(),
  serviceName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.string(),
  totalAmount: z.string(),
});
export type UpcomingCustomerBooking = z.infer<typeof upcomingCustomerBooking>;

/** Deleting a customer with upcoming bookings needs `cancelUpcoming=true`: they are cancelled (and refunded) first. */
export const customerDeleteQuery = z.object({ cancelUpcoming: z.enum(['true', 'false']).default('false').transform((v) => v === 'true') });

export const customerUpdateRequest = z.object({
  fullName: required().pipe(z.string().min(2, { error: 'Full name must be at least 2 characters' }).max(120, { error: 'Full name must be at most 120 characters' })),
  email: requiredEmail(),
  phone: optionalUsPhone(),
});
export type CustomerUpdateRequest = z.infer<typeof customerUpdateRequest>;

export const createUserRequest = customerUpdateRequest;
export const passwordResetRequest = z.object({ email: requiredEmail() });

export const staffUpdateRequest = z.object({
  isDisabled: z.boolean().optional(),
  fullName: required().optional(),
  phone: optionalUsPhone().optional(),
});

// Services

export const SERVICE_MINUTES_MIN = 15;
export const SERVICE_MINUTES_MAX = 720;
const serviceMinutes = (label: string) =>
  z.coerce
    .number({ error: REQUIRED_MESSAGE })
    .int({ error: `${label} must be whole minutes` })
    .min(SERVICE_MINUTES_MIN, { error: `${label} must be at least ${SERVICE_MINUTES_MIN} minutes` })
    .max(SERVICE_MINUTES_MAX, { error: `${label} must be at most ${SERVICE_MINUTES_MAX} minutes` });

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());
/** An amount a size class may leave empty (empty = the base price). */
const optionalMoney = (label: string) => z.union([z.string(), z.number(), z.null()]).optional().transform((v, ctx) => {
  if (blank(v)) return null;
  const parsed = moneyText(label).safeParse(v);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `${label} must be an amount in dollars, like 49.00` });
    return z.NEVER;
  }
  return parsed.data;
});
const optionalMinutes = (label: string) => z.union([z.string(), z.number(), z.null()]).optional().transform((v, ctx) => {
  if (blank(v)) return null;
  const parsed = serviceMinutes(label).safeParse(v);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `${label} must be whole minutes` });
    return z.NEVER;
  }
  return parsed.data;
});
const sizeRow = (label: string) => z.object({ price: optionalMoney(`${label} price`), duration: optionalMinutes(`${label} duration`) }).optional().default({ price: null, duration: null });

/** The service dialog's size table: Sedan, SUV and Oversize × price and minutes; empty is the base. */
export const sizePricesRequest = z
  .object({ sedan: sizeRow('Sedan'), suv: sizeRow('SUV'), oversize: sizeRow('Oversize') })
  .optional()
  .default({ sedan: { price: null, duration: null }, suv: { price: null, duration: null }, oversize: { price: null, duration: null } });

export const serviceRequest = z.object({
  name: required().pipe(z.string().max(120, { error: 'Name must be at most 120 characters' })),
  description: required().pipe(z.string().max(20_000, { error: 'Description is too long' })),
  price: moneyText('Price'),
  serviceFee: moneyText('Service fee').default('5.00'),
  duration: serviceMinutes('Duration'),
  imageUrl: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(api\/uploads|images)\/[\w./-]+$/.test(v), { error: 'Image URL must be a valid URL' }),
  isActive: z.boolean().default(true),
  locationOptions: z
    .object({ mobile: z.boolean(), pickup: z.boolean(), serviceLocation: z.boolean() })
    .default({ mobile: true, pickup: true, serviceLocation: false })
    .refine((o) => o.mobile || o.pickup || o.serviceLocation, { error: 'Choose at least one service location' }),
  sizePrices: sizePricesRequest,
});
export type ServiceRequest = z.input<typeof serviceRequest>;

// Add-ons

export const ADD_ON_MINUTES_MAX = 480;
/** An add-on: base price, optional price per size class, minutes, the services it applies to (docs/decisions/038). */
export const addOnRequest = z.object({
  name: required().pipe(z.string().max(80, { error: 'Name must be at most 80 characters' })),
  description: z.string().trim().max(500, { error: 'Description must be at most 500 characters' }).optional().default(''),
  price: moneyText('Price'),
  sizePrices: z
    .object({ sedan: optionalMoney('Sedan price'), suv: optionalMoney('SUV price'), oversize: optionalMoney('Oversize price') })
    .optional()
    .default({ sedan: null, suv: null, oversize: null }),
  minutes: z.coerce
    .number({ error: REQUIRED_MESSAGE })
    .int({ error: 'Minutes must be whole minutes' })
    .min(0, { error: 'Minutes cannot be negative' })
    .max(ADD_ON_MINUTES_MAX, { error: `Minutes must be at most ${ADD_ON_MINUTES_MAX}` }),
  serviceIds: z.array(z.uuid({ error: 'Unknown service' })).max(100, { error: 'Too many services' }).optional().default([]),
  isActive: z.boolean().default(true),
});
export type AddOnRequest = z.input<typeof addOnRequest>;
export type AddOnValues = z.output<typeof addOnRequest>;

export const adminAddOn = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  /** Each class's own price, or null for the base. */
  sizePrices: z.object({ sedan: z.string().nullable(), suv: z.string().nullable(), oversize: z.string().nullable() }),
  /** The price at every class, the base filled in. */
  prices: pricesBySize,
  minutes: z.number(),
  serviceIds: z.array(z.string()),
  isActive: z.boolean(),
  sortOrder: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAddOn = z.infer<typeof adminAddOn>;
export const addOnsPage = pageOf(adminAddOn);

// Responses

export const adminBooking = bookingView.extend({ updates: z.array(bookingUpdateView) });
export type AdminBooking = z.infer<typeof adminBooking>;

/** The answer to a cancel: the booking, and whether card money went back. */
export const adminCancelResponse = z.object({ booking: adminBooking, refunded: z.boolean(), message: z.string() });

export const dashboardSummary = z.object({
  services: z.number(),
  activeServices: z.number(),
  bookings: z.number(),
  /** Money received net of refunds (paid by card or through the store), dollars as a decimal string. */
  revenue: z.string(),
  customers: z.number(),
  today: z.array(bookingView),
  todayDate: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const availabilityRow = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  maxCapacity: z.number(),
  isActive: z.boolean(),
  notes: z.string().nullable(),
});
export type AvailabilityRow = z.infer<typeof availabilityRow>;

export const closureRow = z.object({
  id: z.string(),
  date: z.string(),
  name: z.string(),
  reason: z.string().nullable(),
  type: z.enum(CLOSURE_TYPES),
  isRecurring: z.boolean(),
});
export type ClosureRow = z.infer<typeof closureRow>;

export const weeklyHoursRow = z.object({
  dayOfWeek: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number(),
  isOpen: z.boolean(),
});
export type WeeklyHoursRow = z.infer<typeof weeklyHoursRow>;

export const scheduleAppointment = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  durationMinutes: z.number(),
  scheduledDate: z.string(),
  isBlocked: z.boolean(),
  serviceId: z.string(),
  serviceName: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  notes: z.string().nullable(),
  /** Blocked time only: the reason typed when it was blocked (null for personal time and appointments). */
  blockReason: z.string().nullable(),
  source: z.string(),
  /** Every grid cell shows payment; delete vs cancel depends on it. */
  paymentStatus: z.enum(PAYMENT_STATUSES),
  serviceType: z.enum(SERVICE_TYPES),
  totalAmount: z.string(),
  assignedDriverId: z.string().nullable(),
});
export type ScheduleAppointment = z.infer<typeof scheduleAppointment>;

export const scheduleDay = z.object({
  date: z.string(),
  dayOfWeek: z.number(),
  closure: closureRow.nullable(),
  /** Open windows the slot engine uses: the day's availability rows, else the weekly hours. */
  windows: z.array(z.object({ startTime: z.string(), endTime: z.string(), capacity: z.number() })),
  windowsSource: z.enum(['availability', 'weekly']),
  availability: z.array(availabilityRow),
  appointments: z.array(scheduleAppointment),
});
export type ScheduleDay = z.infer<typeof scheduleDay>;

export const scheduleWeek = z.object({ startDate: z.string(), days: z.array(scheduleDay) });
export type ScheduleWeek = z.infer<typeof scheduleWeek>;

export const adminCustomer = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  username: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  totalBookings: z.number(),
  totalSpent: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomer>;

export const staffMember = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  isDisabled: z.boolean(),
  /** Invited and has not chosen a password yet. */
  invitationPending: z.boolean(),
  createdAt: z.string(),
  status: z.enum(DRIVER_AVAILABILITY).nullable(),
  onShift: z.boolean(),
  lastSeen: z.string().nullable(),
  isLocationSharing: z.boolean(),
  currentBookingId: z.string().nullable(),
  activeBookings: z.number(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const driverOption = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(DRIVER_AVAILABILITY).nullable(),
});
export type DriverOption = z.infer<typeof driverOption>;

export const createdUser = z.object({ user: publicUser, temporaryPassword: z.string() });
export type CreatedUser = z.infer<typeof createdUser>;

export const adminService = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  serviceFee: z.string(),
  duration: z.number(),
  imageUrl: z.string().nullable(),
  rating: z.string(),
  isActive: z.boolean(),
  locationOptions: z.object({ mobile: z.boolean(), pickup: z.boolean(), serviceLocation: z.boolean() }),
  sizePrices: sizePricesView,
  createdAt: z.string(),
});
export type AdminService = z.infer<typeof adminService>;

// The schedule grid's closure labels live with the closure types (no Zod), so the page imports no schema.
export { CLOSURE_LABEL } from '../domain';
