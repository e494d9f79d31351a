import { randomBytes, randomUUID } from 'node:crypto';
import { beforeSignIn, signInFailed, signInSucceeded } from './sign-in-throttle';
import type { Language } from '../../../shared/domain';
import { ADMIN_SESSION_HOURS, RESET_TOKEN_MINUTES, SESSION_IDLE_DAYS, VERIFY_TOKEN_HOURS } from '../../../shared/constants';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  PublicUser,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
} from '../../../shared/schemas/auth';
import type { CreatedUser, CustomerUpdateRequest } from '../../../shared/schemas/admin-customers';
import type { AppContext } from '../../context';
import { accountRegistered } from '../../events/account-registered';
import { AppError } from '../../errors';
import { rateLimit } from '../../http/rate-limit';
import { mailLanguage, mailTexts, type MailTranslate } from '../../integrations/mail/mail-texts';
import { renderMail } from '../../integrations/mail/templates';
import * as repo from './auth.repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { hashToken, newToken } from '../../crypto/tokens';

/**
 * Per IP every attempt counts (AUTH_RATE_LIMIT_PER_IP: registrations per hour, reset requests per 15 minutes);
 * per account 5 reset and 5 verification e-mails an hour. Counted in the database (decision 026); sign-in
 * itself is throttled in sign-in-throttle.ts (decision 015).
 */
const registerPerIp = rateLimit({ name: 'register-per-ip', limit: (config) => config.authRateLimitPerIp, windowMs: 60 * 60_000 });
const forgotPerIp = rateLimit({ name: 'forgot-per-ip', limit: (config) => config.authRateLimitPerIp, windowMs: 15 * 60_000 });
const forgotPerAccount = rateLimit({ name: 'forgot-per-account', limit: 5, windowMs: 60 * 60_000 });
const resendPerAccount = rateLimit({ name: 'resend-per-account', limit: 5, windowMs: 60 * 60_000 });
const accountExistsPerAccount = rateLimit({ name: 'account-exists-mail-per-account', limit: 3, windowMs: 60 * 60_000 });

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export interface SessionUser {
  sessionId: string;
  user: PublicUser;
}

/**
 * Registration answers a known e-mail exactly as a new one (decision 030): the same status, the same body
 * shape (a stand-in user that exists nowhere) and a session cookie that opens nothing, after hashing the
 * password either way. Only a new address gets an account and a live session; the known address's owner is
 * e-mailed instead ("someone tried to create an account with your address"). The client checks its
 * session to tell which happened, and says "check your e-mail" when there is none.
 */
export async function registerCustomer(ctx: AppContext, input: RegisterRequest, client: ClientInfo) {
  await registerPerIp.hit(ctx, [`ip:${client.ip}`]);
  const passwordHash = await hashPassword(input.password);
  const existing = await repo.findCredentialsByEmail(ctx.db, input.email);
  if (existing) {
    if (!existing.deletedAt && !existing.isDisabled) await sendAccountExistsMail(ctx, repo.toPublicUser(existing));
    const standIn: PublicUser = {
      id: randomUUID(),
      fullName: input.fullName,
      username: await repo.uniqueUsername(ctx.db, input.email),
      email: input.email,
      phone: input.phone,
      role: 'customer',
      emailVerified: false,
      createdAt: ctx.now().toISOString(),
    };
    const response: RegisterResponse = { message: REGISTERED_MESSAGE, user: standIn, shopifyCustomerLinked: await repo.storeCustomerExists(ctx.db, input.email) };
    return { response, token: newToken().token, created: false };
  }
  const verification = newToken();
  const user = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertUser(tx, {
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      passwordHash,
      verificationTokenHash: verification.hash,
      verificationExpiry: new Date(ctx.now().getTime() + VERIFY_TOKEN_HOURS * 3600_000),
      ...(input.language ? { settings: { language: input.language } } : {}),
    });
    return created;
  });
  // Subscribers act on the new account (the store mirror links the store customer with this e-mail, if synced).
  await accountRegistered(ctx.db, { userId: user.id, email: user.email }, ctx.now());
  const shopifyCustomerLinked = await repo.storeCustomerExists(ctx.db, user.email);
  await sendVerificationMail(ctx, user, verification.token);
  const session = await startSession(ctx, user, client);
  const response: RegisterResponse = { message: REGISTERED_MESSAGE, user, shopifyCustomerLinked };
  return { response, token: session, created: true };
}

const REGISTERED_MESSAGE = 'Registration successful. Please check your email to verify your account.';

/** To an address that already has an account, when someone tries to make another with it (registration, a guest's claim). */
export async function sendAccountExistsMail(ctx: AppContext, user: Pick<PublicUser, 'id' | 'email' | 'fullName'>): Promise<void> {
  // At most 3 an hour: past that the owner has been told, and the caller's answer must not change (no 429 here).
  try {
    await accountExistsPerAccount.hit(ctx, [`account:${user.id}`]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return;
    throw error;
  }
  const t = await mailTextsFor(ctx, user.id);
  const mail = renderMail(ctx.config.business.name, t('accountExists.subject'), [t('greeting', { name: user.fullName }), t('accountExists.body'), t('accountExists.notYou')], {
    label: t('accountExists.action'),
    url: `${ctx.config.publicUrl}/auth`,
  });
  await ctx.mailer.send({ to: user.email, ...mail, category: 'transactional', userId: user.id });
}

export async function login(ctx: AppContext, input: LoginRequest, client: ClientInfo) {
  // Throttled in the database per IP and per (account, IP) pair: a stranger cannot lock the owner out.
  await beforeSignIn(ctx, input.email, client.ip);
  const found = await repo.findCredentialsByEmail(ctx.db, input.email);
  // Verify against a dummy hash when there is no account, so both answers take as long.
  const valid = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!found || !valid || found.deletedAt) {
    await signInFailed(ctx, input.email, client.ip);
    throw new AppError('WRONG_CREDENTIALS', 'Invalid email or password');
  }
  if (found.isDisabled) throw new AppError('ACCOUNT_DISABLED', 'This account has been disabled. Please contact support.');
  await signInSucceeded(ctx, input.email, client.ip);
  const user = repo.toPublicUser(found);
  const token = await startSession(ctx, user, client);
  return { user, token };
}

/** A new random token per sign-in; admins' sessions end after 12 hours whatever the activity. */
export async function startSession(ctx: AppContext, user: PublicUser, client: ClientInfo): Promise<string> {
  const { token, hash } = newToken();
  const absoluteExpiresAt = user.role === 'admin' ? new Date(ctx.now().getTime() + ADMIN_SESSION_HOURS * 3600_000) : null;
  await repo.insertSession(ctx.db, { userId: user.id, tokenHash: hash, absoluteExpiresAt, ipAddress: client.ip, userAgent: client.userAgent?.slice(0, 300) });
  return token;
}

const TOUCH_EVERY_MS = 5 * 60_000;

/** The signed-in user for a session cookie, or undefined when the session is unknown, idle too long or over. */
export async function resolveSession(ctx: AppContext, token: string): Promise<SessionUser | undefined> {
  if (!token || token.length > 100) return undefined;
  const hash = hashToken(token);
  const found = await repo.findSession(ctx.db, hash);
  if (!found) return undefined;
  const now = ctx.now();
  const idleLimit = new Date(now.getTime() - SESSION_IDLE_DAYS * 86_400_000);
  if (found.lastUsedAt < idleLimit || (found.absoluteExpiresAt && found.absoluteExpiresAt <= now) || found.isDisabled) {
    await repo.deleteSessionById(ctx.db, found.sessionId);
    return undefined;
  }
  if (now.getTime() - found.lastUsedAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(ctx.db, found.sessionId, now);
  return { sessionId: found.sessionId, user: repo.toPublicUser(found.user) };
}

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSessionByHash(ctx.db, hashToken(token));
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<{ message: string; alreadyVerified: boolean }> {
  const hash = hashToken(token);
  if (await repo.consumeVerificationToken(ctx.db, hash, ctx.now())) return { message: 'Email verified successfully', alreadyVerified: false };
  // The link is kept after it worked (a second tap, a mail client's preview): it can only ever say so.
  if (await repo.isVerifiedByToken(ctx.db, hash)) return { message: 'Your email is already verified', alreadyVerified: true };
  throw new AppError('VERIFY_LINK_INVALID', 'The verification link may be expired or invalid.');
}

export async function resendVerification(ctx: AppContext, user: PublicUser): Promise<{ message: string }> {
  await resendPerAccount.hit(ctx, [`account:${user.id}`]);
  if (user.emailVerified) throw new AppError('ALREADY_VERIFIED', 'Your email is already verified');
  const verification = newToken();
  await repo.setVerificationToken(ctx.db, user.id, verification.hash, new Date(ctx.now().getTime() + VERIFY_TOKEN_HOURS * 3600_000));
  await sendVerificationMail(ctx, user, verification.token);
  return { message: 'Verification email sent' };
}

/**
 * The words of a user's e-mails, in the language of their settings: English when they chose none, and for
 * guests (no account, so no saved language).
 */
export async function mailTextsFor(ctx: AppContext, userId: string | null | undefined): Promise<MailTranslate> {
  return mailTexts(await recipientLanguage(ctx, userId), { business: ctx.config.business.name, phone: ctx.config.business.phone });
}

export async function recipientLanguage(ctx: AppContext, userId: string | null | undefined): Promise<Language> {
  return userId ? mailLanguage(await repo.savedLanguage(ctx.db, userId)) : 'en';
}

export async function sendVerificationMail(ctx: AppContext, user: Pick<PublicUser, 'id' | 'email' | 'fullName'>, token: string): Promise<void> {
  const url = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const t = await mailTextsFor(ctx, user.id);
  const mail = renderMail(ctx.config.business.name, t('verify.subject'), [t('greeting', { name: user.fullName }), t('verify.body'), t('verify.validity')], {
    label: t('verify.action'),
    url,
  });
  await ctx.mailer.send({ to: user.email, ...mail, category: 'transactional', userId: user.id });
}

const FORGOT_MIN_MS = 350;
const FORGOT_MESSAGE = 'If an account exists for that email, we have sent a password reset link.';

/** Answers the same words in the same time whether or not the address has an account. */
export async function forgotPassword(ctx: AppContext, input: ForgotPasswordRequest, client: ClientInfo) {
  const started = Date.now();
  await forgotPerIp.hit(ctx, [`ip:${client.ip}`]);
  await forgotPerAccount.hit(ctx, [`account:${input.email}`]);
  const reset = newToken();
  const found = await repo.findCredentialsByEmail(ctx.db, input.email);
  if (found && !found.deletedAt && !found.isDisabled) await sendResetMail(ctx, repo.toPublicUser(found), reset);
  const elapsed = Date.now() - started;
  if (elapsed < FORGOT_MIN_MS) await new Promise((resolve) => setTimeout(resolve, FORGOT_MIN_MS - elapsed));
  return { message: FORGOT_MESSAGE };
}

/** Stores a fresh reset token (1 hour) and e-mails its link. Also used by the admin's "Reset Password". */
export async function sendResetMail(ctx: AppContext, user: Pick<PublicUser, 'id' | 'email' | 'fullName'>, reset = newToken()): Promise<void> {
  await repo.setResetToken(ctx.db, user.id, reset.hash, new Date(ctx.now().getTime() + RESET_TOKEN_MINUTES * 60_000));
  const url = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(reset.token)}`;
  const t = await mailTextsFor(ctx, user.id);
  const mail = renderMail(ctx.config.business.name, t('reset.subject'), [t('greeting', { name: user.fullName }), t('reset.body'), t('reset.notYou')], {
    label: t('reset.action'),
    url,
  });
  await ctx.mailer.send({ to: user.email, ...mail, category: 'transactional' });
}

export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await repo.consumeResetToken(ctx.db, hashToken(input.token), passwordHash, ctx.now());
  if (!userId) throw new AppError('RESET_LINK_INVALID', 'The reset link may be expired or invalid.');
  await repo.deleteUserSessions(ctx.db, userId);
  return { message: 'Password reset successfully. You can now sign in with your new password.' };
}

/** A link to choose a password lasts longer than a reset link: people do not always read mail within the hour. */
export const INVITE_VALID_DAYS = 7;

/**
 * E-mails a link to choose a password, valid INVITE_VALID_DAYS: a driver's invitation, or the welcome of an
 * account the business made for a customer (by hand, or with a package). Never the reset mail's "Someone asked
 * to reset the password": nobody asked.
 */
export async function sendSetPasswordMail(ctx: AppContext, user: Pick<PublicUser, 'id' | 'email' | 'fullName'>, kind: 'invite' | 'welcome' | 'welcomePackage'): Promise<void> {
  const invite = newToken();
  await repo.setResetToken(ctx.db, user.id, invite.hash, new Date(ctx.now().getTime() + INVITE_VALID_DAYS * 86_400_000));
  const url = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(invite.token)}`;
  const t = await mailTextsFor(ctx, user.id);
  const subject = t(kind === 'invite' ? 'invite.subject' : 'welcome.subject');
  const body = t(kind === 'invite' ? 'invite.body' : kind === 'welcome' ? 'welcome.body' : 'welcome.bodyPackage');
  const mail = renderMail(ctx.config.business.name, subject, [t('greeting', { name: user.fullName }), body, t('invite.validity', { days: INVITE_VALID_DAYS })], {
    label: t('invite.action'),
    url,
  });
  await ctx.mailer.send({ to: user.email, ...mail, category: 'transactional', userId: user.id });
}

/**
 * An account made for somebody by staff or a package sale: no usable password (a random one, hashed and never
 * shown), the e-mail unverified; the person gets a welcome e-mail with a link to choose a password.
 */
export async function createUser(ctx: AppContext, input: CustomerUpdateRequest, welcome: 'welcome' | 'welcomePackage' = 'welcome'): Promise<CreatedUser> {
  const existing = await repo.emailTaken(ctx.db, input.email);
  if (existing) throw new AppError('EMAIL_TAKEN', 'Email already registered');
  const user = await repo.insertUser(ctx.db, {
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    role: 'customer',
    emailVerified: false,
  });
  // The account stands even when the mail fails; the admin can send a reset link from the customer list.
  const invitationSent = await sendSetPasswordMail(ctx, user, welcome).then(
    () => true,
    (error: unknown) => {
      console.error('welcome mail failed', error);
      return false;
    },
  );
  return { user, invitationSent };
}
