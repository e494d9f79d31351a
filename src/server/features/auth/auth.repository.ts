import { randomUUID } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, guestClaims, sessions, shopifyCustomers, users } from '../../db/schema';
import type { PublicUser, UserSettings } from '../../../shared/schemas/auth';
import { resolveClient } from '../clients';

/** The columns a response may show; the hash and tokens are never selected here. */
export const publicUserColumns = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  email: users.email,
  phone: users.phone,
  role: users.role,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
};

type PublicUserRow = Omit<PublicUser, 'createdAt'> & { createdAt: Date };

/** Picks the public fields one by one, so a row carrying a hash can never leak it. */
export function toPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    fullName: row.fullName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    role: row.role,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findPublicUserById(db: DbOrTx, id: string): Promise<PublicUser | undefined> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id));
  return row && toPublicUser(row);
}

export async function findCredentialsByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ ...publicUserColumns, passwordHash: users.passwordHash, isDisabled: users.isDisabled, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

/** A booking's owner and guest contact copy: what an account made from a guest booking starts from. */
export async function findGuestContact(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({ userId: bookings.userId, guestEmail: bookings.guestEmail, guestName: bookings.guestName, guestPhone: bookings.guestPhone })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}

/** Keeps an e-mailed claim link: only its token's hash (decision 030). */
export async function insertGuestClaim(db: DbOrTx, claim: { tokenHash: string; bookingId: string; expiresAt: Date }): Promise<void> {
  await db.insert(guestClaims).values(claim);
}

/** Takes a claim link out of use (single use) and says which booking it was for, if it was still live. */
export async function consumeGuestClaim(db: DbOrTx, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(guestClaims)
    .where(and(eq(guestClaims.tokenHash, tokenHash), gt(guestClaims.expiresAt, now)))
    .returning({ bookingId: guestClaims.bookingId });
  return row?.bookingId;
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(row);
}

/** A username from the e-mail's local part, with a numeric suffix when taken. */
export async function uniqueUsername(db: DbOrTx, email: string): Promise<string> {
  const base = email.split('@')[0]!.replace(/[^a-z0-9._-]/gi, '').toLowerCase().slice(0, 30) || 'user';
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.username} = ${base} or ${users.username} like ${`${base}-%`}`);
  const names = new Set(taken.map((row) => row.username));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface NewUser {
  fullName: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  role?: PublicUser['role'];
  emailVerified?: boolean;
  verificationTokenHash?: string | null;
  verificationExpiry?: Date | null;
  settings?: Partial<UserSettings>;
}

/**
 * Inserts the account. Two sign-ups racing for one derived username (john@a.com, john@b.com) retry with the
 * next suffix instead of failing; a taken e-mail still raises its unique violation ("Email already registered").
 */
export async function insertUser(db: DbOrTx, user: NewUser): Promise<PublicUser> {
  for (let attempt = 0; ; attempt++) {
    const username = await uniqueUsername(db, user.email);
    const [row] = await db
      .insert(users)
      .values({ ...user, username: attempt < 3 ? username : `${username}-${randomUUID().slice(0, 8)}` })
      .onConflictDoNothing({ target: users.username })
      .returning(publicUserColumns);
    if (!row) continue;
    // Every customer is a client from the start (docs/decisions/039-clients.md): the back office lists them,
    // and a guest record of the same e-mail becomes the account's.
    if (row.role === 'customer') await resolveClient(db, { userId: row.id, name: row.fullName, email: row.email, phone: row.phone });
    return toPublicUser(row);
  }
}

export async function setVerificationToken(db: DbOrTx, userId: string, hash: string, expiry: Date): Promise<void> {
  await db.update(users).set({ verificationTokenHash: hash, verificationExpiry: expiry, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Marks the e-mail verified when the token matches and has not expired; single use (the expiry is cleared).
 * The token's hash stays, so opening the link again can say the address is already verified.
 */
export async function consumeVerificationToken(db: DbOrTx, hash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(users)
    .set({ emailVerified: true, verificationExpiry: null, updatedAt: now })
    .where(and(eq(users.verificationTokenHash, hash), gt(users.verificationExpiry, now)))
    .returning({ id: users.id });
  return row?.id;
}

/** Whether this verification token's account is verified already (the link was used before). */
export async function isVerifiedByToken(db: DbOrTx, hash: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.verificationTokenHash, hash), eq(users.emailVerified, true))).limit(1);
  return Boolean(row);
}

export async function setResetToken(db: DbOrTx, userId: string, hash: string, expiry: Date): Promise<void> {
  await db.update(users).set({ resetPasswordTokenHash: hash, resetPasswordExpiry: expiry }).where(eq(users.id, userId));
}

/** Sets the new password when the reset token matches and has not expired; single use. */
export async function consumeResetToken(db: DbOrTx, hash: string, passwordHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, resetPasswordTokenHash: null, resetPasswordExpiry: null, emailVerified: true, updatedAt: now })
    .where(and(eq(users.resetPasswordTokenHash, hash), gt(users.resetPasswordExpiry, now)))
    .returning({ id: users.id });
  return row?.id;
}

export async function updatePasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

// Sessions

export async function insertSession(
  db: DbOrTx,
  session: { userId: string; tokenHash: string; absoluteExpiresAt: Date | null; ipAddress?: string; userAgent?: string },
): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function findSession(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      user: publicUserColumns,
      isDisabled: users.isDisabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByHash(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionById(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user, or every one but `keepSessionId`. */
export async function deleteUserSessions(db: DbOrTx, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

/** Whether a store customer with this e-mail was synced (what registration would link). */
export async function storeCustomerExists(db: DbOrTx, email: string): Promise<boolean> {
  const [customer] = await db.select({ id: shopifyCustomers.id }).from(shopifyCustomers).where(sql`lower(${shopifyCustomers.email}) = ${email}`).limit(1);
  return Boolean(customer);
}

/** The language a user chose in their settings, if any (their e-mails are written in it). */
export async function savedLanguage(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, userId));
  return row?.settings.language;
}

/** The card provider's customer reference, saved the first time the person pays by card. */
export async function setStripeCustomer(db: DbOrTx, userId: string, ref: string): Promise<void> {
  await db.update(users).set({ stripeCustomerId: ref }).where(eq(users.id, userId));
}
