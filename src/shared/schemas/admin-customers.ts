import { z } from 'zod';
import { BOOKING_STATUSES, ROLES } from '../domain';
import { optionalUsPhone, pageQuery, required } from './common';
import { publicUser } from './auth';
import { requiredEmail } from './admin-fields';

/**
 * The back office's customers: the list, a customer's edit and deletion (with upcoming bookings first),
 * accounts made by staff and password resets.
 */
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

/** A new account has no password anyone knows: the person chooses one from the welcome e-mail (`invitationSent`). */
export const createdUser = z.object({ user: publicUser, invitationSent: z.boolean() });
export type CreatedUser = z.infer<typeof createdUser>;
