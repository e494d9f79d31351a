import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentMethods, users } from '../../db/schema';

/** The paying customer and their saved cards, as checkout's payment needs them. */

export async function findUserForPayment(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email, fullName: users.fullName, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row;
}

const cardColumns = {
  id: paymentMethods.id,
  provider: paymentMethods.provider,
  providerMethodId: paymentMethods.providerMethodId,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  expiryMonth: paymentMethods.expiryMonth,
  expiryYear: paymentMethods.expiryYear,
  isDefault: paymentMethods.isDefault,
};

export async function listCardsForProvider(db: DbOrTx, userId: string, provider: string) {
  return db
    .select(cardColumns)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider)))
    .orderBy(sql`${paymentMethods.isDefault} desc`, asc(paymentMethods.createdAt))
    .limit(20);
}

export async function findOwnCard(db: DbOrTx, userId: string, id: string) {
  const [row] = await db.select(cardColumns).from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  return row;
}

/** Same per-customer lock as the payment-methods feature, so saving and deleting cards never interleave. */
export async function lockCustomerCards(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`glint-cards:${userId}`}))`);
}

export async function listAllCards(db: DbOrTx, userId: string) {
  return db.select(cardColumns).from(paymentMethods).where(eq(paymentMethods.userId, userId));
}

