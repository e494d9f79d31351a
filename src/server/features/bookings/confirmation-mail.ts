import { bookingNumber, cardBrandName } from '../../../shared/format';
import { toCents } from '../../../shared/money';
import type { BookingView } from '../../../shared/schemas/bookings';
import type { AppContext } from '../../context';
import { formatMailClock, formatMailLongDate, formatMailMoney } from '../../integrations/mail/mail-texts';
import { renderMail } from '../../integrations/mail/templates';
import { bookingMailTexts } from './mail-language';
import { linkSecret, signLink } from '../../crypto/signed-links';
import { buildIcs } from './ics';
import { renderJobLines } from './job-lines-mail';
import { bookingEventUid } from './cancellation-ics';
import { feeCentsFor } from '../../../shared/deposits';
import { readBusinessSettings } from '../settings';

export function trackingUrl(ctx: AppContext, bookingId: string, guestToken?: string, options: { accountOffer?: boolean } = {}): string {
  const url = new URL('/tracking', ctx.config.publicUrl);
  url.searchParams.set('bookingId', bookingId);
  if (guestToken) url.searchParams.set('token', guestToken);
  // Opens the tracking page at its account offer, which e-mails the guest a claim link (decision 030).
  if (guestToken && options.accountOffer) url.searchParams.set('account', '1');
  return url.toString();
}

/** How long after its start a "Pay now" link still opens (as long as a tracking link). */
export const PAY_LINK_DAYS = 30;

/**
 * The page where the customer pays a booking the business e-mailed a payment link for. A guest's carries the
 * tracking token; one made for a customer's account carries a signed "pay" link, so the customer pays without
 * signing in first (decision 047).
 */
export async function payUrl(ctx: AppContext, booking: { id: string; scheduledDate: Date | string }, guestToken?: string): Promise<string> {
  const url = new URL('/pay', ctx.config.publicUrl);
  url.searchParams.set('bookingId', booking.id);
  const expiresAt = new Date(new Date(booking.scheduledDate).getTime() + PAY_LINK_DAYS * 86_400_000);
  url.searchParams.set('token', guestToken ?? signLink(await linkSecret(ctx.db), { bookingId: booking.id, purpose: 'pay', expiresAt }));
  return url.toString();
}

/** The Manage booking page, opened by a signed link for this booking that ends at its start (decision 050). */
export async function manageUrl(ctx: AppContext, bookingId: string, start: Date): Promise<string> {
  const token = signLink(await linkSecret(ctx.db), { bookingId, purpose: 'manage', expiresAt: start });
  return `${ctx.config.publicUrl}/manage?token=${token}`;
}

/** The confirmation e-mail: when, where, what was paid, a tracking link and the .ics for the calendar. */
export async function sendConfirmationMail(ctx: AppContext, booking: BookingView, guestToken?: string): Promise<void> {
  const to = booking.user?.email ?? booking.guestEmail;
  if (!to) return;
  const start = new Date(booking.scheduledDate);
  const end = new Date(start.getTime() + booking.durationMinutes * 60_000);
  const business = ctx.config.business;
  const place =
    booking.serviceType === 'serviceLocation' || !booking.address
      ? business.address
      : `${booking.address.street}, ${booking.address.city}, ${booking.address.state} ${booking.address.zipCode}`;
  // In the customer's language: an account's saved one, a guest's the one they booked in.
  const { language, t } = await bookingMailTexts(ctx, booking);
  const date = formatMailLongDate(language, start);
  const serviceType = t(`serviceType.${booking.serviceType}`);
  const number = bookingNumber(booking.id);
  const total = formatMailMoney(language, toCents(booking.totalAmount));
  const link = trackingUrl(ctx, booking.id, guestToken);
  const name = booking.user?.fullName ?? booking.guestName;
  // A phone appointment paid by link: the button pays, and the tracking link moves into the text.
  const payByLink = booking.paymentStatus === 'link_sent';
  // The policy the customer agreed to at checkout, with this booking's fees in money (decision 057).
  const policy = (await readBusinessSettings(ctx.db, ['cancellation'])).cancellation;
  const policyLine = t('confirmation.policy', {
    hours: policy.freeCancelHours,
    lateFee: formatMailMoney(language, feeCentsFor(policy.lateCancelFee, toCents(booking.totalAmount))),
    noShowFee: formatMailMoney(language, feeCentsFor(policy.noShowFee, toCents(booking.totalAmount))),
  });
  const mail = renderMail(
    business.name,
    t('confirmation.subject', { service: booking.serviceName, date, time: formatMailClock(language, start) }),
    [
      name ? t('greeting', { name }) : t('greetingNoName'),
      t('confirmation.intro', { number }),
      `${booking.serviceName} (${serviceType})`,
      t('confirmation.when', { date, start: formatMailClock(language, start), end: formatMailClock(language, end) }),
      t(`confirmation.where.${booking.serviceType}`, { place }),
      // What was sold, vehicle by vehicle, with the fees, tax and total (docs/decisions/044).
      ...(booking.job.vehicles.length ? [renderJobLines(booking.job, booking.totalAmount, language, t)] : []),
      payByLink
        ? t('confirmation.totalDue', { total })
        : booking.paymentStatus === 'store'
        ? t('confirmation.totalStore', { total })
        : booking.paymentMethodLast4
          ? t('confirmation.totalWithCard', { total, brand: booking.paymentMethodBrand ? cardBrandName(booking.paymentMethodBrand) : t('card'), last4: booking.paymentMethodLast4 })
          : t('confirmation.total', { total }),
      // A guest is offered an account made from this booking: the page it opens e-mails them the claim link.
      ...(guestToken && !booking.userId ? [t('confirmation.accountOffer', { link: trackingUrl(ctx, booking.id, guestToken, { accountOffer: true }) })] : []),
      ...(payByLink ? [t('confirmation.trackLink', { link })] : []),
      // Anyone holding the e-mail can reschedule or cancel within the policy, account or not (decision 050).
      policyLine,
      t('confirmation.manageLink', { link: await manageUrl(ctx, booking.id, start) }),
      t('questions'),
    ],
    payByLink ? { label: t('confirmation.payAction'), url: await payUrl(ctx, booking, guestToken) } : { label: t('track.action'), url: link },
  );
  const ics = buildIcs(
    {
      uid: bookingEventUid(ctx, booking.id),
      start,
      end,
      stamp: ctx.now(),
      summary: `${business.name}: ${booking.serviceName}`,
      description: t('calendar.description', { number, serviceType, link }),
      location: place,
      url: link,
    },
    business.name,
  );
  await ctx.mailer.send({
    to,
    ...mail,
    attachments: [{ filename: `booking-${bookingNumber(booking.id)}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
    category: 'transactional',
    userId: booking.userId,
  });
}
