import { randomBytes } from 'node:crypto';
import type { GuestAccountResponse } from '../../../shared/schemas/auth';
import { normaliseUsPhone } from '../../../shared/contact';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { renderMail } from '../../integrations/mail/templates';
import { bookingVerbs } from '../bookings/lifecycle';
import { verifyTrackingToken } from '../tracking/tracking-token';
import * as repo from './auth.repository';
import { mailTextsFor, registerPerIp, startSession, type ClientInfo } from './auth.service';
import { hashPassword } from './passwords';
import { newToken } from './tokens';

/** How long the "choose your password" link of an account made from a booking works. */
export const SET_PASSWORD_LINK_DAYS = 7;

/**
 * POST /api/bookings/guest/:id/account — the guest's one-tap account: made from the booking's own name,
 * e-mail and phone, with the booking (and so its history) linked to it, and the guest signed in. Only the
 * guest's tracking token for this booking allows it: never the e-mail alone. The guest chooses a password
 * from the e-mail this sends (which also proves the address is theirs).
 */
export async function createAccountFromGuestBooking(ctx: AppContext, bookingId: string, token: string, client: ClientInfo) {
  await registerPerIp.hit(ctx, [`ip:${client.ip}`]);
  if (!(await verifyTrackingToken(ctx.db, bookingId, token, ctx.now()))) {
    throw new AppError('GUEST_LINK_INVALID', 'This link is not valid for this booking. Please use the link from your confirmation e-mail.');
  }
  const booking = await repo.findGuestContact(ctx.db, bookingId);
  if (!booking || booking.userId || !booking.guestEmail) throw new AppError('BOOKING_ALREADY_LINKED', 'This booking already belongs to an account. Please sign in to see it.');
  const email = booking.guestEmail.toLowerCase();
  if (await repo.emailTaken(ctx.db, email)) throw new AppError('EMAIL_TAKEN', 'Email already registered');

  const verification = newToken();
  const setPassword = newToken();
  // Nobody knows this password: the guest chooses theirs from the e-mail.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const user = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertUser(tx, {
      fullName: booking.guestName?.trim() || email.split('@')[0]!,
      email,
      phone: booking.guestPhone ? (normaliseUsPhone(booking.guestPhone) ?? booking.guestPhone) : null,
      passwordHash,
      verificationTokenHash: verification.hash,
      verificationExpiry: new Date(ctx.now().getTime() + SET_PASSWORD_LINK_DAYS * 86_400_000),
    });
    // A double tap: the second finds the booking linked and the whole account rolls back.
    if (!(await bookingVerbs(ctx).linkToAccount(tx, bookingId, created.id))) {
      throw new AppError('BOOKING_ALREADY_LINKED', 'This booking already belongs to an account. Please sign in to see it.');
    }
    await repo.setResetToken(tx, created.id, setPassword.hash, new Date(ctx.now().getTime() + SET_PASSWORD_LINK_DAYS * 86_400_000));
    return created;
  });

  const t = await mailTextsFor(ctx, user.id);
  const url = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(setPassword.token)}`;
  const mail = renderMail(ctx.config.business.name, t('guestAccount.subject'), [t('greeting', { name: user.fullName }), t('guestAccount.body'), t('reset.notYou')], {
    label: t('guestAccount.action'),
    url,
  });
  await ctx.mailer.send({ to: user.email, ...mail, category: 'transactional', userId: user.id });
  const session = await startSession(ctx, user, client);
  const response: GuestAccountResponse = { message: 'Your account is ready. Check your e-mail to choose a password.', user };
  return { response, token: session };
}
