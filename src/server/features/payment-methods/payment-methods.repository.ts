import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { MAX_SAVED_CARDS, type SavedPaymentMethod } from '../../../shared/schemas/account';
import type { DbOrTx } from '../../db/client';
import { paymentMethods, users } from '../../db/schema';

const columns = {
  id: paymentMethods.id,
  provider: paymentMethods.provider,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  expiryMonth: paymentMethods.expiryMonth,
  expiryYear: paymentMethods.expiryYear,
  isDefault: paymentMethods.isDefault,
  createdAt: paymentMethods.createdAt,
};

const withReference = { ...columns, providerMethodId: paymentMethods.providerMethodId };

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };
const toView = (row: Row): SavedPaymentMethod => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Serialises card changes of one customer, so "exactly one default" holds under concurrent requests. */
export async function lockCustomerCards(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`glint-cards:${userId}`}))`);
}

export async function listCards(db: DbOrTx, userId: string, limit: number): Promise<SavedPaymentMethod[]> {
  const rows = await db
    .select(columns)
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(limit);
  return rows.map(toView);
}

/** The customer's own card with its provider reference (never sent to the client), or undefined. */
export async function findOwnCard(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select(withReference)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  return row;
}

export async function makeDefault(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
  await db
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
}

export async function deleteCard(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db.delete(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
}

export async function oldestOtherCard(db: DbOrTx, userId: string, exceptId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, exceptId)))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id))
    .limit(1);
  return row?.id;
}

/** Every saved card of a person (account deletion and the back office's erasure). */
export async function deletePaymentMethodsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
}

/** A card the customer chose to keep (the caller holds the customer's card lock); answers its id. */
export async function insertCard(tx: DbOrTx, values: typeof paymentMethods.$inferInsert): Promise<string> {
  const [row] = await tx.insert(paymentMethods).values(values).returning({ id: paymentMethods.id });
  return row!.id;
}

/** A customer's cards at one provider, default first, then oldest. */
export async function listCardsForProvider(db: DbOrTx, userId: string, provider: string) {
  return db
    .select(withReference)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider)))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt))
    .limit(MAX_SAVED_CARDS);
}

export async function listAllCards(db: DbOrTx, userId: string) {
  return db.select(withReference).from(paymentMethods).where(eq(paymentMethods.userId, userId));
}

/** The Stripe customer remembered on the account, if any. */
export async function stripeCustomerIdOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.stripeCustomerId ?? null;
}
