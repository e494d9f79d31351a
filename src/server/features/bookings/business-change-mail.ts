import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookingUpdates } from '../../db/schema';
import { formatMailDateTime } from '../../integrations/mail/mail-texts';
import { renderMail } from '../../integrations/mail/templates';
import { mailTextsFor, recipientLanguage } from '../auth';
import { findBookingView } from './bookings.repository';
import { trackingUrl } from './confirmation-mail';
import { bookingVerbs } from './lifecycle';
import { cancellationIcs } from './cancellation-ics';

/** The business moved the booking in its booking editor: the customer hears the new time. */
export async function emailMovedByBusiness(ctx: AppContext, bookingId: string): Promise<void> {
  const booking = await findBookingView(ctx.db, bookingId);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !to) return;
  const language = await recipientLanguage(ctx, booking.userId);
  const t = await mailTextsFor(ctx, booking.userId);
  const when = formatMailDateTime(language, new Date(booking.scheduledDate));
  const name = booking.user?.fullName ?? booking.guestName;
  const mail = renderMail(
    ctx.config.business.name,
    t('moved.subject', { service: booking.serviceName }),
    [name ? t('greeting', { name }) : t('greetingNoName'), t('moved.body', { when }), t('moved.reply')],
    { label: t('track.action'), url: trackingUrl(ctx, booking.id, booking.userId ? undefined : await bookingVerbs(ctx).peekGuestLink(ctx.db, booking.id)) },
  );
  await ctx.mailer.send({ to, ...mail, category: 'notification', userId: booking.userId });
}

/**
 * The business cancelled the booking: the customer hears it with the business's note (read from the
 * cancellation's booking update, `noteId`) and whether the payment went back.
 */
export async function emailCancelledByBusiness(ctx: AppContext, bookingId: string, refunded: boolean, noteId: string | null): Promise<void> {
  const booking = await findBookingView(ctx.db, bookingId);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !to) return;
  const note = noteId ? await noteOf(ctx, bookingId, noteId) : null;
  const when = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', dateStyle: 'full', timeStyle: 'short' }).format(new Date(booking.scheduledDate));
  const mail = renderMail(
    ctx.config.business.name,
    `${booking.serviceName}: booking cancelled`,
    [
      `Hi ${booking.user?.fullName ?? booking.guestName ?? 'there'},`,
      `We're sorry: your booking for ${when} (Pacific Time) was cancelled by ${ctx.config.business.name}.`,
      ...(note ? [note] : []),
      refunded ? `A full refund of $${booking.totalAmount} was issued to your card. It usually shows within 5–10 business days.` : 'Nothing was charged for this booking.',
      `Questions? Call us at ${ctx.config.business.phone}.`,
    ],
    { label: 'Book again', url: `${ctx.config.publicUrl}/booking` },
  );
  // A cancellation is transactional: the customer must hear about it whatever their notification choice.
  await ctx.mailer.send({ to, ...mail, attachments: [await cancellationIcs(ctx, booking)], category: 'transactional', userId: booking.userId });
}

export async function noteOf(ctx: AppContext, bookingId: string, updateId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ message: bookingUpdates.message })
    .from(bookingUpdates)
    .where(and(eq(bookingUpdates.id, updateId), eq(bookingUpdates.bookingId, bookingId)));
  return row?.message ?? null;
}
