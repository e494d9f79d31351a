import { asc, eq, sql } from 'drizzle-orm';
import type { AdminService } from '../../../shared/schemas/admin-services';
import type { DbOrTx } from '../../db/client';
import { services, uploads, users } from '../../db/schema';
import { sizePricesViewOf } from './size-prices';

const adminColumns = {
  id: services.id,
  slug: services.slug,
  name: services.name,
  description: services.description,
  price: services.price,
  serviceFee: services.serviceFee,
  duration: services.duration,
  imageUrl: services.imageUrl,
  rating: services.rating,
  isActive: services.isActive,
  locationOptions: services.locationOptions,
  sizePrices: services.sizePrices,
  translations: services.translations,
  deposit: services.deposit,
  createdAt: services.createdAt,
};

type Row = Omit<typeof services.$inferSelect, 'originalPrice' | 'reviewCount' | 'isPopular' | 'isPremium' | 'sortOrder' | 'updatedAt'>;

const toAdminService = (row: Row): AdminService => ({ ...row, rating: Number(row.rating).toFixed(1), sizePrices: sizePricesViewOf(row.sizePrices), createdAt: row.createdAt.toISOString() });

/** Every service, inactive ones included, in the catalogue's order. */
export async function listAllServices(db: DbOrTx): Promise<AdminService[]> {
  const rows = await db.select(adminColumns).from(services).orderBy(asc(services.sortOrder), asc(services.createdAt));
  return rows.map(toAdminService);
}

export type ServiceValues = Pick<typeof services.$inferInsert, 'name' | 'description' | 'price' | 'serviceFee' | 'duration' | 'imageUrl' | 'isActive' | 'locationOptions' | 'sizePrices' | 'translations' | 'deposit'>;

export async function insertService(db: DbOrTx, values: ServiceValues): Promise<AdminService> {
  const [max] = await db.select({ value: sql<number>`coalesce(max(${services.sortOrder}), 0)::int` }).from(services);
  const [row] = await db
    .insert(services)
    .values({ ...values, sortOrder: (max?.value ?? 0) + 1 })
    .returning(adminColumns);
  return toAdminService(row!);
}

export async function updateService(db: DbOrTx, id: string, values: ServiceValues & { updatedAt: Date }): Promise<AdminService | undefined> {
  const [row] = await db.update(services).set(values).where(eq(services.id, id)).returning(adminColumns);
  return row && toAdminService(row);
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(eq(users.email, email));
  return row;
}

export async function insertUpload(db: DbOrTx, contentType: string, data: Buffer): Promise<string> {
  const [row] = await db.insert(uploads).values({ contentType, data }).returning({ id: uploads.id });
  return row!.id;
}

export async function findUpload(db: DbOrTx, id: string) {
  const [row] = await db.select({ contentType: uploads.contentType, data: uploads.data }).from(uploads).where(eq(uploads.id, id));
  return row;
}
