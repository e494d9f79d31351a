import { randomBytes } from 'node:crypto';
import type { AdminCustomer, CustomerUpdateRequest } from '../../../../shared/schemas/admin';
import type { Page } from '../../../../shared/schemas/common';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { deleteUserSessions, findPublicUserById, setVerificationToken } from '../../auth';
import { sendResetMail, sendVerificationMail } from '../../auth';
import { hashPassword } from '../../auth';
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
  await repo.updateUser(ctx.db, id, {
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

export async function deleteCustomer(ctx: AppContext, id: string): Promise<{ message: string }> {
  await findCustomer(ctx, id);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await ctx.db.transaction(async (tx) => {
    await repo.eraseUser(tx, id, unusable, ctx.now());
    await deleteUserSessions(tx, id);
  });
  return { message: 'Customer deleted. Their bookings are kept without personal details.' };
}

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
