import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { signingSecrets } from '../db/schema';

/**
 * Signed single-purpose links for the recipient of a message (decision 050): "Manage booking" (cancel or
 * reschedule without an account) and "Rate your visit". The token carries the booking, the purpose and the
 * end of its validity, and an HMAC-SHA256 over them with a key the app keeps in its database; nothing is
 * stored per link, so any feature can mint one while writing a message, and a token of one purpose, of
 * another booking, expired or altered opens nothing. "Pay now" (decision 047) pays a phone appointment made
for a customer's account without signing in: the link is enough to pay, and to see what is being paid for. Short on purpose (about 50 characters), so a text
 * with its link still fits one SMS where it can.
 */

/** Appended only: a purpose's index is inside every token already sent. */
export const LINK_PURPOSES = ['manage', 'review', 'pay', 'weather'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export interface SignedLink {
  bookingId: string;
  purpose: LinkPurpose;
  expiresAt: Date;
}

const SECRET_NAME = 'message-links';
const SIGNATURE_BYTES = 16;
const cached = new WeakMap<object, Promise<Buffer>>();

/** The signing key, made on first use and shared by every instance through the database. */
export function linkSecret(db: DbOrTx): Promise<Buffer> {
  let secret = cached.get(db);
  if (!secret) {
    secret = (async () => {
      const read = () => db.select({ value: signingSecrets.value }).from(signingSecrets).where(eq(signingSecrets.name, SECRET_NAME));
      let [row] = await read();
      if (!row) {
        await db.insert(signingSecrets).values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
        [row] = await read();
      }
      return Buffer.from(row!.value, 'base64url');
    })();
    secret.catch(() => cached.delete(db));
    cached.set(db, secret);
  }
  return secret;
}

function mac(secret: Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

/** 16 bytes of booking id, 1 of purpose, 4 of expiry (Unix seconds), then 16 of signature, base64url. */
export function signLink(secret: Buffer, link: SignedLink): string {
  const payload = Buffer.alloc(21);
  Buffer.from(link.bookingId.replace(/-/g, ''), 'hex').copy(payload, 0);
  payload.writeUInt8(LINK_PURPOSES.indexOf(link.purpose), 16);
  payload.writeUInt32BE(Math.floor(link.expiresAt.getTime() / 1000), 17);
  return Buffer.concat([payload, mac(secret, payload)]).toString('base64url');
}

export type LinkCheck = { ok: true; bookingId: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'wrong_purpose' | 'expired' };

/** Checks a token for one purpose at `now`: the signature first, then the purpose, then the expiry. */
export function verifyLink(secret: Buffer, token: string, purpose: LinkPurpose, now: Date): LinkCheck {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 21 + SIGNATURE_BYTES) return { ok: false, reason: 'invalid' };
  const payload = bytes.subarray(0, 21);
  if (!timingSafeEqual(mac(secret, payload), bytes.subarray(21))) return { ok: false, reason: 'invalid' };
  if (LINK_PURPOSES[payload.readUInt8(16)] !== purpose) return { ok: false, reason: 'wrong_purpose' };
  const expiresAt = new Date(payload.readUInt32BE(17) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: 'expired' };
  const hex = payload.subarray(0, 16).toString('hex');
  return { ok: true, bookingId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`, expiresAt };
}

/** True when `token` is an unexpired link of this purpose for this booking (a missing or foreign token is simply false). */
export async function linkOpens(db: DbOrTx, token: string | undefined, purpose: LinkPurpose, bookingId: string, now: Date): Promise<boolean> {
  if (!token) return false;
  const check = verifyLink(await linkSecret(db), token, purpose, now);
  return check.ok && check.bookingId === bookingId;
}
