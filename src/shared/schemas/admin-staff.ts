import { z } from 'zod';
import { DRIVER_AVAILABILITY, ROLES } from '../domain';
import { optionalUsPhone, required } from './common';

/**
 * The back office's staff: staff members and their edits, and the drivers a job can be assigned to.
 */
export const staffUpdateRequest = z.object({
  isDisabled: z.boolean().optional(),
  fullName: required().optional(),
  phone: optionalUsPhone().optional(),
});

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
