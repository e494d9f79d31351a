import { z } from 'zod';
import { PAYMENT_STATUSES } from '../booking-lifecycle';
import { BOOKING_STATUSES, CLOSURE_TYPES, SERVICE_TYPES } from '../domain';
import { dateKey, optionalUsPhone, required, REQUIRED_MESSAGE } from './common';
import { addressInput } from './checkout';
import { capacity, lenientDate, optionalText, requiredDate, requiredEmail, requiredTime, TIME_ORDER_MESSAGE } from './admin-fields';
import { bookingVehiclesInput } from './booking-lines';

/**
 * The back office's schedule: phone appointments, blocked time, availability, closures and weekly hours
 * (requests), and the week grid the schedule page reads.
 */
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
    /** The job (docs/decisions/043); without it, one sedan of serviceId. Saved vehicles must be the customer's. */
    vehicles: bookingVehiclesInput.optional(),
    /** The owner confirmed booking outside the hours or over capacity after a refusal that said `overridable` (decision 047). */
    override: z.boolean().optional(),
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
