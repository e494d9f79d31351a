import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { hashToken } from '../auth';

/** A tracking link stops working this many days after the booking's scheduled time. */
export const TRACKING_TOKEN_TTL_DAYS = 30;

export type TokenCheck = { ok: true; bookingId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Which booking a token opens, refusing unknown tokens and tokens past their booking's expiry. */
export async function checkTrackingToken(db: DbOrTx, token: string | undefined | null, now: Date): Promise<TokenCheck> {
  if (!token || token.length > 200) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select({ id: bookings.id, scheduledDate: bookings.scheduledDate })
    .from(bookings)
    .where(eq(bookings.trackingTokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, reason: 'invalid' };
  if (isExpired(row.scheduledDate, now)) return { ok: false, reason: 'expired' };
  return { ok: true, bookingId: row.id };
}

/** True when `token` is the current, unexpired tracking token of the booking. */
export async function verifyTrackingToken(db: DbOrTx, bookingId: string, token: string | undefined | null, now: Date = new Date()): Promise<boolean> {
  const check = await checkTrackingToken(db, token, now);
  return check.ok && check.bookingId === bookingId;
}

function isExpired(scheduledDate: Date, now: Date): boolean {
  return now.getTime() > scheduledDate.getTime() + TRACKING_TOKEN_TTL_DAYS * 86_400_000;
}
