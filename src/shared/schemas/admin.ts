import { z } from 'zod';
import { BOOKING_STATUSES, CLOSURE_TYPES, type BookingStatus, type ClosureType, type DriverAvailability, type Role } from '../domain';
import type { BookingUpdateView, BookingView } from './bookings';
import { dateKey, pageQuery, timeOfDay } from './common';
import type { PublicUser } from './auth';

/**
 * The back office's contract (back-office.md §5, §7): request schemas the routes parse and the dialogs
 * reuse, response types the pages read. Missing required fields all answer the spec's one message.
 */
export const REQUIRED_MESSAGE = 'Please fill in all required fields';
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const CAPACITY_MESSAGE = 'Max concurrent appointments must be between 1 and 10';
export const TIME_ORDER_MESSAGE = 'End time must be after start time';

const required = () => z.string({ error: REQUIRED_MESSAGE }).trim().min(1, { error: REQUIRED_MESSAGE });
const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));
const requiredEmail = () => required().toLowerCase().pipe(z.email({ error: EMAIL_MESSAGE }).max(254, { error: EMAIL_MESSAGE }));
const requiredDate = () => required().pipe(dateKey);
/** A date as YYYY-MM-DD or an ISO instant at midnight UTC (the spec's PUT body); the calendar day is kept. */
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

export const appointmentRequest = z.object({
  customerName: required().pipe(z.string().max(120, { error: 'Name must be at most 120 characters' })),
  customerEmail: requiredEmail(),
  customerPhone: optionalText(30),
  serviceId: required().pipe(z.uuid({ error: 'Please choose a service' })),
  date: requiredDate(),
  time: requiredTime(),
  notes: optionalText(),
});
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

export const adminBookingsQuery = pageQuery.extend({
  status: z.enum(BOOKING_STATUSES, { error: 'Unknown status' }).optional(),
  from: dateKey.optional(),
  to: dateKey.optional(),
  search: z.string().trim().max(100).optional(),
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuery>;

export const bookingStatusRequest = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'Please choose a valid status' }),
  message: optionalText(500),
});

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

export const customerUpdateRequest = z.object({
  fullName: required().pipe(z.string().min(2, { error: 'Full name must be at least 2 characters' }).max(120, { error: 'Full name must be at most 120 characters' })),
  email: requiredEmail(),
  phone: optionalText(30),
});
export type CustomerUpdateRequest = z.infer<typeof customerUpdateRequest>;

export const createUserRequest = customerUpdateRequest;
export const passwordResetRequest = z.object({ email: requiredEmail() });

export const staffUpdateRequest = z.object({
  isDisabled: z.boolean().optional(),
  fullName: required().optional(),
  phone: optionalText(30).optional(),
});

// Services

const moneyText = (label: string) =>
  z.union([z.string(), z.number()], { error: REQUIRED_MESSAGE }).transform((v, ctx) => {
    const text = String(v).trim();
    if (!text) {
      ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      return z.NEVER;
    }
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars, like 49.00` });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  });

export const serviceRequest = z.object({
  name: required().pipe(z.string().max(120, { error: 'Name must be at most 120 characters' })),
  description: required().pipe(z.string().max(20_000, { error: 'Description is too long' })),
  price: moneyText('Price'),
  serviceFee: moneyText('Service fee').default('5.00'),
  duration: z.coerce
    .number({ error: REQUIRED_MESSAGE })
    .int({ error: 'Duration must be whole minutes' })
    .min(15, { error: 'Duration must be at least 15 minutes' })
    .max(720, { error: 'Duration must be at most 720 minutes' }),
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
});
export type ServiceRequest = z.input<typeof serviceRequest>;

// Responses

export interface AdminBooking extends BookingView {
  updates: BookingUpdateView[];
}

export interface DashboardSummary {
  services: number;
  activeServices: number;
  bookings: number;
  /** Confirmed and later statuses (not pending, not cancelled), dollars as a decimal string. */
  revenue: string;
  customers: number;
  today: BookingView[];
  todayDate: string;
}

export interface AvailabilityRow {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  maxCapacity: number;
  isActive: boolean;
  notes: string | null;
}

export interface ClosureRow {
  id: string;
  date: string;
  name: string;
  reason: string | null;
  type: ClosureType;
  isRecurring: boolean;
}

export interface WeeklyHoursRow {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  capacity: number;
  isOpen: boolean;
}

export interface ScheduleAppointment {
  id: string;
  status: BookingStatus;
  startTime: string;
  endTime: string;
  durationMinutes: number;
  scheduledDate: string;
  isBlocked: boolean;
  serviceId: string;
  serviceName: string;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  notes: string | null;
  source: string;
}

export interface ScheduleDay {
  date: string;
  dayOfWeek: number;
  closure: ClosureRow | null;
  /** Open windows the slot engine uses: the day's availability rows, else the weekly hours. */
  windows: Array<{ startTime: string; endTime: string; capacity: number }>;
  windowsSource: 'availability' | 'weekly';
  availability: AvailabilityRow[];
  appointments: ScheduleAppointment[];
}

export interface ScheduleWeek {
  startDate: string;
  days: ScheduleDay[];
}

export interface AdminCustomer {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  username: string;
  role: Role;
  emailVerified: boolean;
  createdAt: string;
  totalBookings: number;
  totalSpent: string;
}

export interface StaffMember {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  role: Role;
  isDisabled: boolean;
  /** Invited and has not chosen a password yet. */
  invitationPending: boolean;
  createdAt: string;
  status: DriverAvailability | null;
  onShift: boolean;
  lastSeen: string | null;
  isLocationSharing: boolean;
  currentBookingId: string | null;
  activeBookings: number;
}

export interface DriverOption {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  status: DriverAvailability | null;
}

export interface CreatedUser {
  user: PublicUser;
  temporaryPassword: string;
}

export interface AdminService {
  id: string;
  slug: string | null;
  name: string;
  description: string;
  price: string;
  serviceFee: string;
  duration: number;
  imageUrl: string | null;
  rating: string;
  isActive: boolean;
  locationOptions: { mobile: boolean; pickup: boolean; serviceLocation: boolean };
  createdAt: string;
}

export const CLOSURE_LABEL: Record<ClosureType, string> = {
  capacity: 'FULL',
  staff: 'NO STAFF',
  maintenance: 'MAINTENANCE',
  holiday: 'CLOSED',
  other: 'CLOSED',
};
