import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, promoCodes, promoRedemptions } from '../../db/schema';

/** The promos feature writes `promo_codes` and `promo_redemptions` (ownership test); others read through its face. */

export type PromoRow = typeof promoCodes.$inferSelect;
export type NewPromo = typeof promoCodes.$inferInsert;

/**
 * Uses that count against a code's cap: its bookings that are booked, or pending with a live hold (the SQL of
 * shared/booking-lifecycle.ts `holdIsLive`; promos reads bookings and is called by them, so it says it here).
 */
export function countedUses(now: Date): SQL {
  return and(ne(bookings.status, 'cancelled'), or(ne(bookings.status, 'pending'), isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)))!;
}

export async function usesOf(db: DbOrTx, promoIds: readonly string[], now: Date): Promise<Map<string, number>> {
  if (!promoIds.length) return new Map();
  const rows = await db
    .select({ promoId: promoRedemptions.promoCodeId, uses: count() })
    .from(promoRedemptions)
    .innerJoin(bookings, eq(bookings.id, promoRedemptions.bookingId))
    .where(and(inArray(promoRedemptions.promoCodeId, [...promoIds]), countedUses(now)))
    .groupBy(promoRedemptions.promoCodeId);
  return new Map(rows.map((r) => [r.promoId, Number(r.uses)]));
}

export async function listPromos(db: DbOrTx, page: number, pageSize: number): Promise<{ rows: PromoRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), promoCodes.code).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(promoCodes),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findPromo(db: DbOrTx, id: string): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

export async function findPromoByCode(db: DbOrTx, code: string): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(sql`upper(${promoCodes.code}) = ${code.trim().toUpperCase()}`);
  return row;
}

export async function insertPromo(db: DbOrTx, values: NewPromo): Promise<PromoRow> {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updatePromo(db: DbOrTx, id: string, values: Partial<NewPromo>): Promise<PromoRow | undefined> {
  const [row] = await db.update(promoCodes).set({ ...values, updatedAt: new Date() }).where(eq(promoCodes.id, id)).returning();
  return row;
}

export async function everUsed(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: promoRedemptions.id }).from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, id)).limit(1);
  return Boolean(row);
}

export async function deletePromo(db: DbOrTx, id: string): Promise<void> {
  await db.delete(promoCodes).where(eq(promoCodes.id, id));
}
