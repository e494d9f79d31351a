import { contactCopiesOf, detachCards, eraseCustomer, lockUser, unusablePasswordHash, upcomingBookings, updateUser } from '../../account';
import { cancelAdminBooking } from '../bookings/admin-bookings.service';
import type { AdminCustomer, CustomerUpdateRequest, UpcomingCustomerBooking } from '../../../../shared/schemas/admin-customers';
import type { Page } from '../../../../shared/schemas/common';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findPublicUserById, setVerificationToken } from '../../auth';
import { sendResetMail, sendVerificationMail } from '../../auth';
import { newToken } from '../../auth';
import { VERIFY_TOKEN_HOURS } from '../../../../shared/constants';
import * as repo from './admin-customers.repository';

export function listCustomers(ctx: AppContext, query: { search?: string; page: number; pageSize: number }): Promise<Page<AdminCustomer>> {
  return repo.listUsers(ctx.db, { roles: ['customer'], ...query });
}

export function listAllUsers(ctx: AppContext, query: { search?: string; page: number; pageSize: number }): Promise<Page<AdminCustomer>> {
  return repo.listUsers(ctx.db, { roles: ['customer', 'driver', 'admin'], ...query });
}

async function findCustomer(ctx: AppContext, id: string) {
  const user = await repo.findUser(ctx.db, id);
  if (!user || user.deletedAt || user.role !== 'customer') throw new AppError('CUSTOMER_NOT_FOUND', 'Customer not found');
  return user;
}

/** Edit: a new e-mail must be free, becomes unverified and gets a verification link. */
export async function updateCustomer(ctx: AppContext, id: string, input: CustomerUpdateRequest) {
  const user = await findCustomer(ctx, id);
  const emailChanged = input.email !== user.email;
  if (emailChanged && (await repo.emailTakenByOther(ctx.db, input.email, id))) throw new AppError('EMAIL_TAKEN', 'Email already registered');
  const verification = emailChanged ? newToken() : undefined;
  await updateUser(ctx.db, id, {
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    ...(emailChanged ? { emailVerified: false } : {}),
    updatedAt: ctx.now(),
  });
  const updated = (await findPublicUserById(ctx.db, id))!;
  if (verification) {
    await setVerificationToken(ctx.db, id, verification.hash, new Date(ctx.now().getTime() + VERIFY_TOKEN_HOURS * 3600_000));
    await sendVerificationMail(ctx, updated, verification.token);
  }
  return updated;
}

/** What the delete dialog lists: the customer's bookings still ahead (theirs, or made under their e-mail). */
export async function upcomingBookingsOf(ctx: AppContext, id: string): Promise<UpcomingCustomerBooking[]> {
  await findCustomer(ctx, id);
  const { emails } = await contactCopiesOf(ctx.db, id);
  return upcomingBookings(ctx.db, { userId: id, emails }, ctx.now());
}

const CANCEL_NOTE = 'Cancelled because the customer account was deleted.';

/**
 * Deletes a customer as the law's right to delete asks (decision 032). Upcoming bookings are never left
 * standing without a word: without `cancelUpcoming` they refuse the deletion (409, listed by
 * upcomingBookingsOf); with it each is cancelled through the admin's cancel (a paid one refunded, the
 * customer e-mailed) before the erasure, which is the same as the customer's own account deletion.
 */
export async function deleteCustomer(ctx: AppContext, id: string, options: { cancelUpcoming: boolean }): Promise<{ message: string }> {
  const upcoming = await upcomingBookingsOf(ctx, id);
  if (upcoming.length && !options.cancelUpcoming) throw upcomingRefusal(upcoming.length);
  let refunded = 0;
  for (const booking of upcoming) {
    if ((await cancelAdminBooking(ctx, booking.id, CANCEL_NOTE)).refunded) refunded++;
  }
  const passwordHash = await unusablePasswordHash();
  const cards = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, id);
    // A booking made meanwhile (the customer was still signed in) is not erased from under them unasked.
    const { emails } = await contactCopiesOf(tx, id);
    const late = await upcomingBookings(tx, { userId: id, emails }, ctx.now());
    if (late.length) throw upcomingRefusal(late.length);
    return eraseCustomer(ctx, tx, id, passwordHash);
  });
  await detachCards(ctx, cards);
  const cancelled = upcoming.length ? ` ${upcoming.length} upcoming booking${upcoming.length === 1 ? ' was' : 's were'} cancelled${refunded ? ` (${refunded} refunded)` : ''}.` : '';
  return { message: `Customer deleted. Their bookings are kept without personal details.${cancelled}` };
}

const upcomingRefusal = (count: number) =>
  new AppError('CUSTOMER_HAS_UPCOMING_BOOKINGS', `This customer has upcoming bookings (${count}). Cancel them first: paid ones are refunded and the customer is told.`, { count });

/** E-mails a reset link (the same one-hour token as "Forgot password"); never sets a password itself. */
export async function sendPasswordReset(ctx: AppContext, email: string): Promise<{ message: string }> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user || user.deletedAt) throw new AppError('NO_ACCOUNT_FOR_EMAIL', 'No account uses that email');
  if (user.isDisabled) throw new AppError('TARGET_ACCOUNT_DISABLED', 'This account is disabled');
  await sendResetMail(ctx, user);
  return { message: `Password reset email sent to ${user.email}` };
}

/** An account made by the admin: auth makes it (a package sale makes the same one for a new customer). */
export { createUser } from '../../auth';
