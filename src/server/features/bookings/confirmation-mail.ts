import { bookingNumber } from '../../../shared/format';
import { formatUsd } from '../../../shared/money';
import { TIME_ZONE } from '../../../shared/constants';
import type { BookingView } from '../../../shared/schemas/bookings';
import type { AppContext } from '../../context';
import { renderMail } from '../../integrations/mail/templates';
import { buildIcs } from './ics';

const SERVICE_TYPE_TEXT = { mobile: 'Mobile Service', pickup: 'Pickup Service', serviceLocation: 'At our location' } as const;

/** "Saturday, November 21, 2026" and "10:00 AM" in Pacific time. */
export function pacificLongDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(instant);
}
export function pacificClock(instant: Date): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(instant);
}

export function trackingUrl(ctx: AppContext, bookingId: string, guestToken?: string): string {
  const url = new URL('/tracking', ctx.config.publicUrl);
  url.searchParams.set('bookingId', bookingId);
  if (guestToken) url.searchParams.set('token', guestToken);
  return url.toString();
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
  const where = booking.serviceType === 'pickup' ? `Pickup address: ${place}` : booking.serviceType === 'mobile' ? `Service address: ${place}` : `Location: ${place}`;
  const when = `${pacificLongDate(start)}, ${pacificClock(start)} – ${pacificClock(end)} Pacific Time`;
  const card = booking.paymentMethodLast4 ? ` (${booking.paymentMethodBrand ?? 'card'} ending ${booking.paymentMethodLast4})` : '';
  const link = trackingUrl(ctx, booking.id, guestToken);
  const mail = renderMail(
    business.name,
    `Booking confirmed: ${booking.serviceName}, ${pacificLongDate(start)} at ${pacificClock(start)}`,
    [
      `Hi ${booking.user?.fullName ?? booking.guestName ?? 'there'},`,
      `Your booking #${bookingNumber(booking.id)} is confirmed. A calendar invitation is attached.`,
      `${booking.serviceName} (${SERVICE_TYPE_TEXT[booking.serviceType]})`,
      `When: ${when}`,
      where,
      `Total paid: ${formatUsd(booking.totalAmount)}${card}`,
      `Questions? Call us at ${business.phone}.`,
    ],
    { label: 'Track your booking', url: link },
  );
  const ics = buildIcs(
    {
      uid: `${booking.id}@${new URL(ctx.config.publicUrl).hostname}`,
      start,
      end,
      stamp: ctx.now(),
      summary: `${business.name}: ${booking.serviceName}`,
      description: `Booking #${bookingNumber(booking.id)} (${SERVICE_TYPE_TEXT[booking.serviceType]}). Track it: ${link}`,
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
