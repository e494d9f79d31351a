import { z } from 'zod';
import { DRIVER_NOTE_MAX } from '../constants';
import { BOOKING_STATUSES, DRIVER_AVAILABILITY } from '../domain';
import { pageQuery } from './common';

/** GET /api/driver/status */
export const driverStatusView = z.object({
  status: z.enum(DRIVER_AVAILABILITY),
  isLocationSharing: z.boolean(),
  currentBookingId: z.string().nullable(),
  shiftStartTime: z.string().nullable(),
  shiftEndTime: z.string().nullable(),
  lastSeen: z.string().nullable(),
});
export type DriverStatusView = z.infer<typeof driverStatusView>;

/** PUT /api/driver/status: a driver sets available, break or offline; available turns sharing on. */
export const updateDriverStatusRequest = z
  .object({
    status: z.enum(['available', 'break', 'offline'], { error: 'Status must be available, break or offline' }).optional(),
    isLocationSharing: z.boolean({ error: 'isLocationSharing must be true or false' }).optional(),
  })
  .refine((value) => value.status !== undefined || value.isLocationSharing !== undefined, { error: 'Send a status or isLocationSharing' });
export type UpdateDriverStatusRequest = z.infer<typeof updateDriverStatusRequest>;

/** GET /api/driver/bookings?scope=active|completed&page&pageSize */
export const driverBookingsQuery = pageQuery.extend({
  scope: z.enum(['active', 'completed'], { error: 'scope must be active or completed' }).default('active'),
});

const latitude = z.number({ error: 'latitude must be a number' }).min(-90, { error: 'latitude must be between -90 and 90' }).max(90, { error: 'latitude must be between -90 and 90' });
const longitude = z
  .number({ error: 'longitude must be a number' })
  .min(-180, { error: 'longitude must be between -180 and 180' })
  .max(180, { error: 'longitude must be between -180 and 180' });

/** PUT /api/driver/bookings/:id/status */
export const updateDriverBookingStatusRequest = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'Unknown status' }),
  message: z.string().trim().max(500, { error: 'The message must be at most 500 characters' }).optional().nullable(),
  location: z.object({ latitude, longitude }).optional().nullable(),
});
export type UpdateDriverBookingStatusRequest = z.infer<typeof updateDriverBookingStatusRequest>;

/** POST /api/driver/bookings/:id/notes: a message to the customer that leaves the status as it is. */
export const driverNoteRequest = z.object({
  message: z
    .string({ error: 'Please write a message' })
    .trim()
    .min(1, { error: 'Please write a message' })
    .max(DRIVER_NOTE_MAX, { error: `The message must be at most ${DRIVER_NOTE_MAX} characters` }),
});
export type DriverNoteRequest = z.infer<typeof driverNoteRequest>;

/** PUT /api/driver/location: sent every 10 s while sharing. */
export const driverLocationRequest = z.object({
  latitude,
  longitude,
  bookingId: z.uuid({ error: 'bookingId must be a booking id' }).optional().nullable(),
  heading: z.number({ error: 'heading must be a number' }).min(0, { error: 'heading must be between 0 and 360' }).max(360, { error: 'heading must be between 0 and 360' }).optional().nullable(),
  speed: z.number({ error: 'speed must be a number' }).min(0, { error: 'speed must be 0 or more' }).max(100, { error: 'speed must be at most 100 m/s' }).optional().nullable(),
  accuracy: z.number({ error: 'accuracy must be a number' }).min(0, { error: 'accuracy must be 0 or more' }).max(100_000, { error: 'accuracy is too large' }).optional().nullable(),
});
export type DriverLocationRequest = z.infer<typeof driverLocationRequest>;

export const driverLocationAck = z.object({
  ok: z.literal(true),
  bookingId: z.string().nullable(),
  updatedAt: z.string(),
});
export type DriverLocationAck = z.infer<typeof driverLocationAck>;
