import { eq } from 'drizzle-orm';
import type { BookingStatus } from '../../../shared/domain';
import { bookingNumber } from '../../../shared/format';
import { pickupStatusLabel, mobileStatusLabel } from '../../../shared/tracking';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookings, bookingUpdates, type UpdateLocation } from '../../db/schema';
import { renderMail } from '../../integrations/mail/templates';
import { findBookingView } from './bookings.repository';

export interface BookingUpdateInput {
  bookingId: string;
  status: BookingStatus;
  message?: string | null;
  driverId?: string | null;
  location?: UpdateLocation | null;
  /** Also set bookings.status (false when only a message is added). */
  setStatus?: boolean;
}

/**
 * The one way a booking's progress is recorded: sets the status, writes a booking_update and publishes
 * the live event — in the caller's transaction, so the event goes out only if the change commits.
 */
export async function recordBookingUpdate(ctx: AppContext, db: DbOrTx, input: BookingUpdateInput): Promise<void> {
  if (input.setStatus !== false) {
    await db.update(bookings).set({ status: input.status, updatedAt: ctx.now() }).where(eq(bookings.id, input.bookingId));
  }
  await db.insert(bookingUpdates).values({
    bookingId: input.bookingId,
    status: input.status,
    message: input.message ?? null,
    driverId: input.driverId ?? null,
    location: input.location ?? null,
  });
  const at = ctx.now().toISOString();
  await ctx.events.publish(db, { type: 'booking_status_update', bookingId: input.bookingId, status: input.status, message: input.message ?? null, at });
}

/** Statuses a customer hears about by e-mail (the socket always carries every change). */
export const EMAILED_STATUSES: ReadonlySet<BookingStatus> = new Set([
  'en_route_pickup',
  'en_route_service',
  'en_route_return',
  'picked_up',
  'completed',
  'cancelled',
]);

/** E-mails the customer that a driver was assigned (a notification: it respects their choice). */
export async function emailDriverAssigned(ctx: AppContext, bookingId: string): Promise<void> {
  const booking = await findBookingView(ctx.db, bookingId);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !booking.driver || !to) return;
  const mail = renderMail(
    ctx.config.business.name,
    `${booking.serviceName}: your detailer is ${booking.driver.fullName}`,
    [`Hi ${booking.user?.fullName ?? booking.guestName ?? 'there'},`, `${booking.driver.fullName} will take care of booking #${bookingNumber(booking.id)}. You can follow them live once they are on the way.`],
    { label: 'Track your booking', url: `${ctx.config.publicUrl}/tracking?bookingId=${booking.id}` },
  );
  await ctx.mailer.send({ to, ...mail, category: 'notification', userId: booking.userId });
}

/** E-mails the customer (account or guest) about a status, respecting their notification choice. */
export async function emailStatusChange(ctx: AppContext, bookingId: string, status: BookingStatus, trackingUrl?: string): Promise<void> {
  if (!EMAILED_STATUSES.has(status)) return;
  const booking = await findBookingView(ctx.db, bookingId);
  if (!booking) return;
  const to = booking.user?.email ?? booking.guestEmail;
  if (!to) return;
  const label = booking.serviceType === 'pickup' ? pickupStatusLabel(status) : mobileStatusLabel(status);
  const url = trackingUrl ?? `${ctx.config.publicUrl}/tracking?bookingId=${booking.id}`;
  const mail = renderMail(
    ctx.config.business.name,
    `${booking.serviceName}: ${label}`,
    [`Hi ${booking.user?.fullName ?? booking.guestName ?? 'there'},`, `Your booking #${bookingNumber(booking.id)} is now: ${label}.`],
    { label: 'Track your booking', url },
  );
  await ctx.mailer.send({ to, ...mail, category: 'notification', userId: booking.userId });
}
