import { and, asc, avg, count, eq, isNotNull } from 'drizzle-orm';
import type { AddOnView, ServiceDetailView, ServiceView } from '../../../shared/schemas/services';
import type { DbOrTx } from '../../db/client';
import { addOns, bookings, serviceAddOns, services } from '../../db/schema';
import { sanitizeHtml } from '../../http/sanitize';
import { pricesBySizeOf, sizePricesViewOf } from './size-prices';
import { sanitizedTranslations } from './translations';

/** Explicit public columns: nothing internal (slug, sort order) leaves through the catalogue. */
const publicColumns = {
  id: services.id,
  name: services.name,
  description: services.description,
  price: services.price,
  originalPrice: services.originalPrice,
  serviceFee: services.serviceFee,
  duration: services.duration,
  imageUrl: services.imageUrl,
  rating: services.rating,
  reviewCount: services.reviewCount,
  isActive: services.isActive,
  isPopular: services.isPopular,
  isPremium: services.isPremium,
  locationOptions: services.locationOptions,
  sizePrices: services.sizePrices,
  translations: services.translations,
  deposit: services.deposit,
};

type Row = Omit<ServiceView, 'rating' | 'sizePrices'> & { rating: string; sizePrices: typeof services.$inferSelect.sizePrices };

function toView(row: Row): ServiceView {
  // Descriptions are sanitised when saved; cleaning again on the way out means a row written by any
  // other path (SQL, an old import) still cannot carry a script to a customer's browser.
  return {
    ...row,
    description: sanitizeHtml(row.description),
    rating: Number(row.rating).toFixed(1),
    sizePrices: sizePricesViewOf(row.sizePrices),
    translations: sanitizedTranslations(row.translations),
  };
}

/** The active catalogue in the admin's order. */
export async function listActiveServices(db: DbOrTx): Promise<ServiceView[]> {
  const rows = await db.select(publicColumns).from(services).where(eq(services.isActive, true)).orderBy(asc(services.sortOrder), asc(services.name));
  return rows.map(toView);
}

/** One service by id, active or not (callers decide what an inactive one means). */
export async function getService(db: DbOrTx, id: string): Promise<ServiceView | undefined> {
  const [row] = await db.select(publicColumns).from(services).where(eq(services.id, id));
  return row && toView(row);
}

/** The active add-ons of a service, in the admin's order, with their price at every size class. */
export async function activeAddOnsOf(db: DbOrTx, serviceId: string): Promise<AddOnView[]> {
  const rows = await db
    .select({ id: addOns.id, name: addOns.name, description: addOns.description, price: addOns.price, sizePrices: addOns.sizePrices, minutes: addOns.minutes, translations: addOns.translations })
    .from(serviceAddOns)
    .innerJoin(addOns, eq(addOns.id, serviceAddOns.addOnId))
    .where(and(eq(serviceAddOns.serviceId, serviceId), eq(addOns.isActive, true)))
    .orderBy(asc(addOns.sortOrder), asc(addOns.createdAt));
  return rows.map(({ sizePrices, ...row }) => ({ ...row, prices: pricesBySizeOf(row.price, sizePrices) }));
}

/** An active service with its active add-ons (GET /api/services/:id), or undefined. */
export async function getServiceDetail(db: DbOrTx, id: string): Promise<ServiceDetailView | undefined> {
  const service = await getService(db, id);
  if (!service?.isActive) return undefined;
  return { ...service, addOns: await activeAddOnsOf(db, id) };
}

/** services.rating = the average of its reviews to two decimals, 5.0 while it has none. */
export async function recomputeServiceRating(tx: DbOrTx, serviceId: string): Promise<{ id: string; rating: string; reviewCount: number }> {
  await tx.select({ id: services.id }).from(services).where(eq(services.id, serviceId)).for('update');
  const [stats] = await tx
    .select({ reviews: count(bookings.rating), average: avg(bookings.rating) })
    .from(bookings)
    .where(and(eq(bookings.serviceId, serviceId), isNotNull(bookings.rating)));
  const reviewCount = stats?.reviews ?? 0;
  const rating = reviewCount && stats?.average ? (Math.round(Number(stats.average) * 100) / 100).toFixed(2) : '5.00';
  await tx.update(services).set({ rating, reviewCount }).where(eq(services.id, serviceId));
  return { id: serviceId, rating, reviewCount };
}
