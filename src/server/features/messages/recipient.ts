import { and, eq } from 'drizzle-orm';
import { normaliseUsPhone } from '../../../shared/contact';
import type { Language } from '../../../shared/domain';
import type { BookingView } from '../../../shared/schemas/bookings';
import type { AppContext } from '../../context';
import { linkSecret, signLink } from '../../crypto/signed-links';
import type { DbOrTx } from '../../db/client';
import { bookings, bookingUpdates } from '../../db/schema';
import { bookingLanguage, bookingVerbs, trackingUrl } from '../bookings';
import { accountSettings } from './messages.repository';

/** What the schedule needs of a booking: its time, state and payment. */
export async function bookingFacts(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({ scheduledDate: bookings.scheduledDate, status: bookings.status, paymentStatus: bookings.paymentStatus, isBlocked: bookings.isBlocked })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}

/** The driver's note a `driver_message` carries (its booking update), or null when it is gone (erased). */
export async function driverNoteText(db: DbOrTx, bookingId: string, updateId: string): Promise<string | null> {
  const [row] = await db
    .select({ message: bookingUpdates.message })
    .from(bookingUpdates)
    .where(and(eq(bookingUpdates.id, updateId), eq(bookingUpdates.bookingId, bookingId)));
  return row?.message ?? null;
}

export interface Recipient {
  language: Language;
  name: string | null;
  email: string | null;
  /** E.164, or null without a usable US number. */
  phone: string | null;
  /** The account's switches in /settings; a guest (no account) has none and hears on both channels. */
  wantsEmail: boolean;
  wantsSms: boolean;
  isGuest: boolean;
}

/** Who the booking's messages go to, in which language and on which channels they chose. */
export async function recipientOf(ctx: AppContext, view: BookingView): Promise<Recipient> {
  const phone = normaliseUsPhone(view.user?.phone ?? view.guestPhone ?? '');
  const base = { name: view.user?.fullName ?? view.guestName, email: view.user?.email ?? view.guestEmail, phone };
  if (view.userId) {
    const settings = await accountSettings(ctx.db, view.userId);
    return { ...base, language: settings.language, wantsEmail: settings.emailNotifications, wantsSms: settings.smsNotifications, isGuest: false };
  }
  return { ...base, language: await bookingLanguage(ctx, view), wantsEmail: true, wantsSms: true, isGuest: true };
}

/** The one-tap rating page, opened by a signed review link for this booking (decision 050). */
export async function rateUrl(ctx: AppContext, bookingId: string, expiresAt: Date): Promise<string> {
  const token = signLink(await linkSecret(ctx.db), { bookingId, purpose: 'review', expiresAt });
  return `${ctx.config.publicUrl}/rate?token=${token}`;
}

/** The tracking link that works for the recipient: a guest's carries their kept token. */
export async function recipientTrackingUrl(ctx: AppContext, view: BookingView): Promise<string> {
  const token = view.userId ? undefined : await bookingVerbs(ctx).peekGuestLink(ctx.db, view.id);
  return trackingUrl(ctx, view.id, token);
}
