import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { OfferTranslations } from '../../../shared/localized';
import { offers, services, type OfferFaqItem, type OfferPrices } from '../../db/schema';

export const CURRENT = 'current';

export async function findOffer(db: DbOrTx, slug = CURRENT) {
  const [row] = await db.select().from(offers).where(eq(offers.slug, slug));
  return row;
}

export interface OfferValues {
  title: string;
  subtitle: string | null;
  imageUrl: string | null;
  faq: OfferFaqItem[] | null;
  endsAt: Date;
  prices: OfferPrices;
  isLive: boolean;
  serviceId: string | null;
  translations: OfferTranslations;
}

export async function upsertOffer(db: DbOrTx, values: OfferValues, now: Date, slug = CURRENT) {
  const [row] = await db
    .insert(offers)
    .values({ slug, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: offers.slug, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

export async function serviceIdBySlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.slug, slug));
  return row?.id ?? null;
}

export async function serviceExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.id, id));
  return Boolean(row);
}
