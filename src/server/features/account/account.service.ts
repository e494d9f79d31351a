import { VERIFY_TOKEN_HOURS } from '../../../shared/constants';
import { fromCents, toCents } from '../../../shared/money';
import type { AccountSummary, ChangePasswordRequest, DeleteAccountRequest, NotificationsPage, UpdateProfileRequest, UpdateProfileResponse, UpdateSettingsRequest } from '../../../shared/schemas/account';
import type { PublicUser } from '../../../shared/schemas/auth';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '../../../shared/schemas/settings';
import type { PageQuery } from '../../../shared/schemas/common';
import type { ErrorCode } from '../../../shared/error-codes';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { rateLimit } from '../../http/rate-limit';
import { renderMail } from '../../integrations/mail/templates';
import { deleteUserSessions, updatePasswordHash } from '../auth';
import { mailTextsFor, sendVerificationMail } from '../auth';
import { hashPassword, verifyPassword } from '../auth';
import { newToken } from '../auth';
import * as repo from './account.repository';
import { detachCards, eraseCustomer, unusablePasswordHash } from './erase-customer';

/** Password checks on a signed-in account (change password, delete account): 10 tries per 15 minutes. */
const passwordChecks = rateLimit({ name: 'password-checks', limit: 10, windowMs: 15 * 60_000 });

async function requirePassword(ctx: AppContext, userId: string, password: string, refusal: { code: ErrorCode; message: string }) {
  await passwordChecks.hit(ctx, [`account:${userId}`]);
  const account = await repo.findAccount(ctx.db, userId);
  if (!account || account.deletedAt) throw new AppError('NOT_SIGNED_IN', 'Please sign in to continue');
  if (!(await verifyPassword(account.passwordHash, password))) throw new AppError(refusal.code, refusal.message);
  return account;
}

export function settingsOf(stored: Partial<UserSettings> | null | undefined): UserSettings {
  return { ...DEFAULT_USER_SETTINGS, ...(stored ?? {}) };
}

/** PUT /api/auth/me: name, e-mail, phone (and the e-mail notification switch) in one write. */
export async function updateProfile(ctx: AppContext, actor: PublicUser, input: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  const verification = newToken();
  const result = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, actor.id);
    const account = await repo.findAccount(tx, actor.id);
    if (!account || account.deletedAt) throw new AppError('NOT_SIGNED_IN', 'Please sign in to continue');
    const emailChanged = input.email !== account.email;
    if (emailChanged && (await repo.emailTakenByOther(tx, input.email, actor.id))) throw new AppError('EMAIL_TAKEN', 'Email already registered');
    const settings = input.emailNotifications === undefined ? account.settings : { ...account.settings, emailNotifications: input.emailNotifications };
    const user = await repo.updateProfile(tx, actor.id, {
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      settings,
      now: ctx.now(),
      verification: emailChanged ? { hash: verification.hash, expiry: new Date(ctx.now().getTime() + VERIFY_TOKEN_HOURS * 3600_000) } : undefined,
    });
    return { user, emailChanged, previousEmail: account.email };
  });
  if (result.emailChanged) {
    await sendVerificationMail(ctx, result.user, verification.token);
    // The old address hears about it, so a hijacked session cannot move the account away silently.
    const t = await mailTextsFor(ctx, result.user.id);
    const notice = renderMail(ctx.config.business.name, t('emailChanged.subject'), [
      t('greeting', { name: result.user.fullName }),
      t('emailChanged.body', { email: result.user.email }),
      t('emailChanged.notYou'),
    ]);
    await ctx.mailer.send({ to: result.previousEmail, ...notice, category: 'transactional' });
  }
  return {
    message: result.emailChanged ? 'Profile updated. Please check your new email address to verify it.' : 'Profile updated',
    user: result.user,
    verificationSent: result.emailChanged,
  };
}

/** POST /api/auth/change-password: the current password is required; every other session ends. */
export async function changePassword(ctx: AppContext, actor: PublicUser, sessionId: string, input: ChangePasswordRequest): Promise<{ message: string }> {
  await requirePassword(ctx, actor.id, input.currentPassword, { code: 'CURRENT_PASSWORD_INCORRECT', message: 'Current password is incorrect' });
  if (input.currentPassword === input.newPassword) throw new AppError('SAME_PASSWORD', 'The new password must be different from the current one');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, actor.id, passwordHash);
    await deleteUserSessions(tx, actor.id, sessionId);
  });
  const t = await mailTextsFor(ctx, actor.id);
  const mail = renderMail(ctx.config.business.name, t('passwordChanged.subject'), [t('greeting', { name: actor.fullName }), t('passwordChanged.body'), t('passwordChanged.notYou')]);
  await ctx.mailer.send({ to: actor.email, ...mail, category: 'transactional' });
  return { message: 'Password changed. Other devices have been signed out.' };
}

/**
 * DELETE /api/auth/me: with the password, personal data is erased or anonymised and the sessions end;
 * bookings stay for the business's records. Upcoming bookings must be cancelled first, so nobody is sent
 * to an address whose owner no longer exists.
 */
export async function deleteAccount(ctx: AppContext, actor: PublicUser, input: DeleteAccountRequest): Promise<{ message: string }> {
  if (actor.role !== 'customer') throw new AppError('STAFF_SELF_DELETE', 'Staff accounts are removed by an administrator');
  await requirePassword(ctx, actor.id, input.password, { code: 'PASSWORD_INCORRECT', message: 'Password is incorrect' });
  const passwordHash = await unusablePasswordHash();
  const cards = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, actor.id);
    if ((await repo.upcomingBookingCount(tx, actor.id, ctx.now())) > 0) {
      const phone = ctx.config.business.phone;
      throw new AppError('UPCOMING_BOOKINGS_BLOCK_DELETION', `You have upcoming bookings. Please cancel them first, or call us at ${phone}.`, { phone });
    }
    return eraseCustomer(ctx, tx, actor.id, passwordHash);
  });
  await detachCards(ctx, cards);
  return { message: 'Your account has been deleted' };
}

export async function getSettings(ctx: AppContext, actor: PublicUser): Promise<UserSettings> {
  const account = await repo.findAccount(ctx.db, actor.id);
  return settingsOf(account?.settings);
}

export async function updateSettings(ctx: AppContext, actor: PublicUser, input: UpdateSettingsRequest): Promise<UserSettings> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, actor.id);
    const account = await repo.findAccount(tx, actor.id);
    const merged = { ...(account?.settings ?? {}), ...input };
    await repo.saveSettings(tx, actor.id, merged, ctx.now());
    return settingsOf(merged);
  });
}

/** /account stats: bookings kept, money saved (package credits and struck-through prices), ratings given. */
export async function accountSummary(ctx: AppContext, actor: PublicUser): Promise<AccountSummary> {
  const [stats, struck, packages] = await Promise.all([
    repo.bookingStats(ctx.db, actor.id),
    repo.struckThroughPrices(ctx.db, actor.id),
    repo.packageCreditsUsed(ctx.db, actor.id),
  ]);
  let savedCents = 0;
  for (const row of struck) {
    const paidForService = toCents(row.servicePrice);
    savedCents += Math.max(0, toCents(row.originalPrice!) - paidForService);
  }
  for (const row of packages) {
    if (row.servicesIncluded <= 0) continue;
    const perCredit = (toCents(row.originalPrice) - toCents(row.purchasePrice)) / row.servicesIncluded;
    savedCents += Math.max(0, Math.round(perCredit * Math.min(row.used, row.servicesIncluded)));
  }
  return {
    totalBookings: stats.total,
    moneySaved: fromCents(savedCents),
    averageRating: stats.averageRating === null ? null : Number(stats.averageRating).toFixed(1),
    ratingsGiven: stats.ratings,
  };
}

export async function listNotifications(ctx: AppContext, actor: PublicUser, query: PageQuery): Promise<NotificationsPage> {
  const account = await repo.findAccount(ctx.db, actor.id);
  const result = await repo.listNotifications(ctx.db, actor.id, account?.notificationsReadAt ?? null, query.page, query.pageSize);
  return { ...result, page: query.page, pageSize: query.pageSize };
}

export async function markNotificationsRead(ctx: AppContext, actor: PublicUser): Promise<{ unreadCount: number }> {
  await repo.markNotificationsRead(ctx.db, actor.id, ctx.now());
  return { unreadCount: 0 };
}
