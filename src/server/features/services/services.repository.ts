import { and, asc, avg, count, eq, isNotNull } from 'drizzle-orm';
import type { ServiceView } from '../../../shared/schemas/services';
import type { DbOrTx } from '../../db/client';
import { bookings, services } from '../../db/schema';
import { sanitizeHtml } from '../../http/sanitize';

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
};

type Row = Omit<ServiceView, 'rating'> & { rating: string };

function toView(row: Row): ServiceView {
  // Descriptions are sanitised when saved; cleaning again on the way out means a row written by any
  // other path (SQL, an old import) still cannot carry a script to a customer's browser.
  return { ...row, description: sanitizeHtml(row.description), rating: Number(row.rating).toFixed(1) };
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
