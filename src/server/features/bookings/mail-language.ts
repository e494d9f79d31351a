import { eq } from 'drizzle-orm';
import type { Language } from '../../../shared/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { mailTexts, type MailTranslate } from '../../integrations/mail/mail-texts';
import { recipientLanguage } from '../auth';

/**
 * The language a booking's customer is written to in (decision 050): an account's saved language, or for a
 * guest the language they booked in (`bookings.language`; English when the booking did not say).
 */
export async function bookingLanguage(ctx: AppContext & { db: DbOrTx }, booking: { id: string; userId: string | null }): Promise<Language> {
  if (booking.userId) return recipientLanguage(ctx, booking.userId);
  const [row] = await ctx.db.select({ language: bookings.language }).from(bookings).where(eq(bookings.id, booking.id));
  return row?.language ?? 'en';
}

/** The booking mail's words in its customer's language, with the business's name and phone filled in. */
export async function bookingMailTexts(ctx: AppContext, booking: { id: string; userId: string | null }): Promise<{ language: Language; t: MailTranslate }> {
  const language = await bookingLanguage(ctx, booking);
  return { language, t: mailTexts(language, { business: ctx.config.business.name, phone: ctx.config.business.phone }) };
}
