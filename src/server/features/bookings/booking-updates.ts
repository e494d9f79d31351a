import type { BookingStatus } from '../../../shared/domain';
import { bookingNumber } from '../../../shared/format';
import { statusText } from '../../../shared/status-words';
import type { AppContext } from '../../context';
import { renderMail } from '../../integrations/mail/templates';
import { bookingMailTexts } from './mail-language';
import { findBookingView } from './bookings.repository';
import { trackingUrl } from './confirmation-mail';
import { bookingVerbs } from './lifecycle';

/** The link a customer's e-mail points at: a guest's carries their tracking token, or they get the limited view. */
async function customerTrackingUrl(ctx: AppContext, booking: { id: string; userId: string | null }): Promise<string> {
  const token = booking.userId ? undefined : await bookingVerbs(ctx).peekGuestLink(ctx.db, booking.id);
  return trackingUrl(ctx, booking.id, token);
}

/**
 * Statuses a customer hears about by a status e-mail (the socket always carries every change). The en-route
 * steps are told by the technician's on-my-way message instead (features/messages, decision 050), with the
 * ETA and the tracking link, so the customer gets one message, not two.
 */
export const EMAILED_STATUSES: ReadonlySet<BookingStatus> = new Set([
  'picked_up',
  'completed',
  'cancelled',
]);

/** E-mails the customer that a driver was assigned (a notification: it respects their choice). */
export async function emailDriverAssigned(ctx: AppContext, bookingId: string): Promise<void> {
  const booking = await findBookingView(ctx.db, bookingId);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !booking.driver || !to) return;
  const { t } = await bookingMailTexts(ctx, booking);
  const name = booking.user?.fullName ?? booking.guestName;
  const driver = booking.driver.fullName;
  const mail = renderMail(
    ctx.config.business.name,
    t('driverAssigned.subject', { service: booking.serviceName, driver }),
    [name ? t('greeting', { name }) : t('greetingNoName'), t('driverAssigned.body', { driver, number: bookingNumber(booking.id) })],
    { label: t('track.action'), url: await customerTrackingUrl(ctx, booking) },
  );
  await ctx.mailer.send({ to, ...mail, category: 'notification', userId: booking.userId });
}

/** E-mails the customer (account or guest) about a status, respecting their notification choice. */
export async function emailStatusChange(ctx: AppContext, bookingId: string, status: BookingStatus, explicitUrl?: string): Promise<void> {
  if (!EMAILED_STATUSES.has(status)) return;
  const booking = await findBookingView(ctx.db, bookingId);
  if (!booking) return;
  const to = booking.user?.email ?? booking.guestEmail;
  if (!to) return;
  const { language, t } = await bookingMailTexts(ctx, booking);
  const label = statusText(language, booking.serviceType, status);
  const url = explicitUrl ?? (await customerTrackingUrl(ctx, booking));
  const name = booking.user?.fullName ?? booking.guestName;
  const mail = renderMail(
    ctx.config.business.name,
    t('status.subject', { service: booking.serviceName, status: label }),
    [name ? t('greeting', { name }) : t('greetingNoName'), t('status.body', { number: bookingNumber(booking.id), status: label })],
    { label: t('track.action'), url },
  );
  await ctx.mailer.send({ to, ...mail, category: 'notification', userId: booking.userId });
}
