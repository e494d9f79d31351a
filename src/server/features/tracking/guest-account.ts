import type { ClaimGuestBookingRequest, ClaimGuestBookingResponse } from '../../../shared/schemas/auth';
import { normaliseUsPhone } from '../../../shared/contact';
import type { AppContext } from '../../context';
import { deliverAfterCommit } from '../../events/booking-events';
import { AppError } from '../../errors';
import { rateLimit } from '../../http/rate-limit';
import { renderMail } from '../../integrations/mail/templates';
import * as auth from '../auth';
import { hashPassword, hashToken, mailTextsFor, newToken, sendAccountExistsMail, startSession, type ClientInfo } from '../auth';
import { bookingVerbs } from '../bookings';
import { verifyTrackingToken } from './tracking-token';

/** How long an e-mailed claim link works. */
export const CLAIM_LINK_HOURS = 24;

/** Claim e-mails per IP (AUTH_RATE_LIMIT_PER_IP an hour) and per booking (3 an hour): nobody floods a guest's inbox. */
const claimPerIp = rateLimit({ name: 'guest-claim-per-ip', limit: (config) => config.authRateLimitPerIp, windowMs: 60 * 60_000 });
const claimPerBooking = rateLimit({ name: 'guest-claim-per-booking', limit: 3, windowMs: 60 * 60_000 });

export const CLAIM_SENT_MESSAGE = 'We sent a link to the e-mail address of this booking. Open it to choose a password and create your account.';
const ALREADY_LINKED = 'This booking already belongs to an account. Please sign in to see it.';

/**
 * POST /api/bookings/guest/:id/account — a guest asks to keep the booking in an account. The tracking link
 * is forwarded to family, so holding it proves nothing about who taps: this only e-mails the claim link to
 * the booking's own address (decision 030). Nothing is created and nobody is signed in here. When the
 * address already has an account, that mail says so instead; the answer is the same either way.
 */
export async function requestGuestClaim(ctx: AppContext, bookingId: string, trackingToken: string, client: ClientInfo): Promise<{ message: string }> {
  await claimPerIp.hit(ctx, [`ip:${client.ip}`]);
  if (!(await verifyTrackingToken(ctx.db, bookingId, trackingToken, ctx.now()))) {
    throw new AppError('GUEST_LINK_INVALID', 'This link is not valid for this booking. Please use the link from your confirmation e-mail.');
  }
  await claimPerBooking.hit(ctx, [`booking:${bookingId}`]);
  const booking = await auth.findGuestContact(ctx.db, bookingId);
  if (!booking || booking.userId || !booking.guestEmail) throw new AppError('BOOKING_ALREADY_LINKED', ALREADY_LINKED);
  const email = booking.guestEmail.toLowerCase();
  const existing = await auth.findCredentialsByEmail(ctx.db, email);
  if (existing) {
    if (!existing.deletedAt && !existing.isDisabled) await sendAccountExistsMail(ctx, auth.toPublicUser(existing));
    return { message: CLAIM_SENT_MESSAGE };
  }
  const claim = newToken();
  await auth.insertGuestClaim(ctx.db, { tokenHash: claim.hash, bookingId, expiresAt: new Date(ctx.now().getTime() + CLAIM_LINK_HOURS * 3600_000) });
  const t = await mailTextsFor(ctx, null);
  const url = `${ctx.config.publicUrl}/claim-booking?token=${encodeURIComponent(claim.token)}`;
  const mail = renderMail(ctx.config.business.name, t('guestClaim.subject'), [booking.guestName?.trim() ? t('greeting', { name: booking.guestName.trim() }) : t('greetingNoName'), t('guestClaim.body'), t('guestClaim.notYou')], {
    label: t('guestClaim.action'),
    url,
  });
  await ctx.mailer.send({ to: email, ...mail, category: 'transactional' });
  return { message: CLAIM_SENT_MESSAGE };
}

/**
 * POST /api/auth/claim-guest-booking — the e-mailed link's page: its owner chooses a password, and only then
 * is the account made from the booking's name, e-mail (verified: the link came to it) and phone, the
 * booking and its history linked to it, and the owner signed in.
 */
export async function claimGuestBooking(ctx: AppContext, input: ClaimGuestBookingRequest, client: ClientInfo) {
  const passwordHash = await hashPassword(input.password);
  const { user, bookingId } = await ctx.db.transaction(async (tx) => {
    const claimed = await auth.consumeGuestClaim(tx, hashToken(input.token), ctx.now());
    if (!claimed) throw new AppError('CLAIM_LINK_INVALID', 'This link has expired or was already used. Ask for a new one from your booking’s tracking page.');
    const booking = await auth.findGuestContact(tx, claimed);
    if (!booking || booking.userId || !booking.guestEmail) throw new AppError('BOOKING_ALREADY_LINKED', ALREADY_LINKED);
    const email = booking.guestEmail.toLowerCase();
    // An account made for this address since the link was sent is never taken over: its owner signs in.
    if (await auth.emailTaken(tx, email)) throw new AppError('EMAIL_TAKEN', 'An account with this e-mail already exists. Please sign in.');
    const created = await auth.insertUser(tx, {
      fullName: booking.guestName?.trim() || email.split('@')[0]!,
      email,
      phone: booking.guestPhone ? (normaliseUsPhone(booking.guestPhone) ?? booking.guestPhone) : null,
      passwordHash,
      emailVerified: true,
    });
    if (!(await bookingVerbs(ctx).linkToAccount(tx, claimed, created.id))) throw new AppError('BOOKING_ALREADY_LINKED', ALREADY_LINKED);
    return { user: created, bookingId: claimed };
  });
  await deliverAfterCommit(ctx, bookingId);
  const session = await startSession(ctx, user, client);
  const response: ClaimGuestBookingResponse = { message: 'Your account is ready, with your booking in it.', user, bookingId };
  return { response, token: session };
}
