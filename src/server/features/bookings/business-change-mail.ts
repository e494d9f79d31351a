import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookingUpdates } from '../../db/schema';
import { toCents } from '../../../shared/money';
import { formatMailDateTime, formatMailMoney } from '../../integrations/mail/mail-texts';
import { renderMail } from '../../integrations/mail/templates';
import { bookingMailTexts } from './mail-language';
import { findBookingView } from './bookings.repository';
import { trackingUrl } from './confirmation-mail';
import { bookingVerbs } from './lifecycle';
import { cancellationIcs } from './cancellation-ics';

/** The business moved the booking in its booking editor: the customer hears the new time. */
export async function emailMovedByBusiness(ctx: AppContext, bookingId: string): Promise<void> {
  const booking = await findBookingView(ctx.db, bookingId);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !to) return;
  const { language, t } = await bookingMailTexts(ctx, booking);
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
  const { language, t } = await bookingMailTexts(ctx, booking);
  const when = formatMailDateTime(language, new Date(booking.scheduledDate));
  const name = booking.user?.fullName ?? booking.guestName;
  const mail = renderMail(
    ctx.config.business.name,
    t('cancelledByBusiness.subject', { service: booking.serviceName }),
    [
      name ? t('greeting', { name }) : t('greetingNoName'),
      t('cancelledByBusiness.body', { when }),
      ...(note ? [note] : []),
      refunded ? t('cancelled.refunded', { total: formatMailMoney(language, toCents(booking.totalAmount)) }) : t('cancelled.nothingCharged'),
      t('questions'),
    ],
    { label: t('cancelledByBusiness.action'), url: `${ctx.config.publicUrl}/booking` },
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
