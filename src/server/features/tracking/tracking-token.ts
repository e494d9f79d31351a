import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { hashToken, newToken } from '../auth/tokens';

/**
 * Creates a fresh tracking token for a booking, stores only its SHA-256 in bookings.trackingTokenHash
 * (replacing any earlier one, which stops working) and returns the plain token to hand to the guest.
 * Call it inside the transaction that creates the booking.
 */
export async function issueTrackingToken(tx: DbOrTx, bookingId: string): Promise<string> {
  const { token, hash } = newToken();
  await tx.update(bookings).set({ trackingTokenHash: hash }).where(eq(bookings.id, bookingId));
  return token;
}

/** The hash stored for a tracking token (same hashing as issueTrackingToken). */
export function trackingTokenHash(token: string): string {
  return hashToken(token);
}

/** True when `token` is the current tracking token of the booking. */
export async function verifyTrackingToken(db: DbOrTx, bookingId: string, token: string | undefined | null): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db.select({ hash: bookings.trackingTokenHash }).from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return !!row?.hash && row.hash === hashToken(token);
}

/** The booking id a tracking token belongs to, or undefined. */
export async function bookingIdForTrackingToken(db: DbOrTx, token: string | undefined | null): Promise<string | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.trackingTokenHash, hashToken(token))).limit(1);
  return row?.id;
}
