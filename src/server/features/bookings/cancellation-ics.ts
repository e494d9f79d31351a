import { and, count, eq } from 'drizzle-orm';
import { bookingNumber } from '../../../shared/format';
import type { BookingView } from '../../../shared/schemas/bookings';
import type { MailAttachment } from '../../db/schema';
import type { AppContext } from '../../context';
import { bookingUpdates } from '../../db/schema';
import { buildCalendar } from './ics';

/** The UID every calendar file of a booking carries, so a calendar replaces or removes the one event. */
export const bookingEventUid = (ctx: AppContext, bookingId: string) => `${bookingId}@${new URL(ctx.config.publicUrl).hostname}`;

/**
 * The cancellation's calendar file: METHOD:CANCEL, the confirmation's UID and a SEQUENCE above every move's
 * (each reschedule sent SEQUENCE = its count), so the event leaves the customer's calendar (issue 26).
 */
export async function cancellationIcs(ctx: AppContext, view: BookingView): Promise<MailAttachment> {
  const [moves] = await ctx.db
    .select({ value: count() })
    .from(bookingUpdates)
    .where(and(eq(bookingUpdates.bookingId, view.id), eq(bookingUpdates.kind, 'rescheduled')));
  const start = new Date(view.scheduledDate);
  const content = buildCalendar(
    [
      {
        uid: bookingEventUid(ctx, view.id),
        start,
        end: new Date(start.getTime() + view.durationMinutes * 60_000),
        stamp: ctx.now(),
        sequence: (moves?.value ?? 0) + 1,
        status: 'CANCELLED',
        summary: `${ctx.config.business.name}: ${view.serviceName}`,
        description: `Booking #${bookingNumber(view.id)}, cancelled.`,
        location: view.address ? `${view.address.street}, ${view.address.city}, ${view.address.state} ${view.address.zipCode}` : ctx.config.business.address,
      },
    ],
    ctx.config.business.name,
    undefined,
    'CANCEL',
  );
  return { filename: `booking-${bookingNumber(view.id)}-cancelled.ics`, contentType: 'text/calendar; charset=utf-8; method=CANCEL', content };
}
