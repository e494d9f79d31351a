import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { SizeClass } from '../../../shared/domain';
import type { AdminAddOn } from '../../../shared/schemas/admin-services';
import type { Page } from '../../../shared/schemas/common';
import type { Translations } from '../../../shared/localized';
import type { DbOrTx } from '../../db/client';
import { addOns, serviceAddOns, services } from '../../db/schema';
import { pricesBySizeOf } from './size-prices';

const columns = {
  id: addOns.id,
  name: addOns.name,
  description: addOns.description,
  price: addOns.price,
  sizePrices: addOns.sizePrices,
  minutes: addOns.minutes,
  translations: addOns.translations,
  isActive: addOns.isActive,
  sortOrder: addOns.sortOrder,
  createdAt: addOns.createdAt,
  updatedAt: addOns.updatedAt,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

export interface AddOnValues {
  name: string;
  description: string;
  price: string;
  sizePrices: Partial<Record<SizeClass, string>>;
  minutes: number;
  translations: Translations;
  isActive: boolean;
}

function toAdmin(row: Row, serviceIds: string[]): AdminAddOn {
  const { sizePrices, ...rest } = row;
  return {
    ...rest,
    sizePrices: { sedan: sizePrices.sedan ?? null, suv: sizePrices.suv ?? null, oversize: sizePrices.oversize ?? null },
    prices: pricesBySizeOf(row.price, sizePrices),
    serviceIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function serviceIdsOf(db: DbOrTx, addOnIds: string[]): Promise<Map<string, string[]>> {
  const byAddOn = new Map<string, string[]>(addOnIds.map((id) => [id, []]));
  if (!addOnIds.length) return byAddOn;
  const rows = await db
    .select({ addOnId: serviceAddOns.addOnId, serviceId: serviceAddOns.serviceId })
    .from(serviceAddOns)
    .innerJoin(services, eq(services.id, serviceAddOns.serviceId))
    .where(inArray(serviceAddOns.addOnId, addOnIds))
    .orderBy(asc(services.sortOrder), asc(services.createdAt));
  for (const row of rows) byAddOn.get(row.addOnId)?.push(row.serviceId);
  return byAddOn;
}

/** One page of every add-on, inactive ones included, in the admin's order. */
export async function listAddOns(db: DbOrTx, options: { page: number; pageSize: number }): Promise<Page<AdminAddOn>> {
  const rows = await db
    .select(columns)
    .from(addOns)
    .orderBy(asc(addOns.sortOrder), asc(addOns.createdAt), asc(addOns.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const [total] = await db.select({ value: count() }).from(addOns);
  const ids = await serviceIdsOf(db, rows.map((row) => row.id));
  return { items: rows.map((row) => toAdmin(row, ids.get(row.id) ?? [])), page: options.page, pageSize: options.pageSize, total: total?.value ?? 0 };
}

export async function findAddOn(db: DbOrTx, id: string): Promise<AdminAddOn | undefined> {
  const [row] = await db.select(columns).from(addOns).where(eq(addOns.id, id));
  if (!row) return undefined;
  return toAdmin(row, (await serviceIdsOf(db, [id])).get(id) ?? []);
}

/** How many of these service ids exist (an add-on may name only real services). */
export async function countServices(db: DbOrTx, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await db.select({ value: count() }).from(services).where(inArray(services.id, ids));
  return row?.value ?? 0;
}

export async function insertAddOn(db: DbOrTx, values: AddOnValues): Promise<string> {
  const [max] = await db.select({ value: sql<number>`coalesce(max(${addOns.sortOrder}), 0)::int` }).from(addOns);
  const [row] = await db
    .insert(addOns)
    .values({ ...values, sortOrder: (max?.value ?? 0) + 1 })
    .returning({ id: addOns.id });
  return row!.id;
}

export async function updateAddOn(db: DbOrTx, id: string, values: AddOnValues & { updatedAt: Date }): Promise<boolean> {
  const rows = await db.update(addOns).set(values).where(eq(addOns.id, id)).returning({ id: addOns.id });
  return rows.length > 0;
}

/** The services an add-on applies to, replaced as a whole. */
export async function setAddOnServices(db: DbOrTx, addOnId: string, serviceIds: string[]): Promise<void> {
  await db.delete(serviceAddOns).where(eq(serviceAddOns.addOnId, addOnId));
  if (serviceIds.length) await db.insert(serviceAddOns).values(serviceIds.map((serviceId) => ({ serviceId, addOnId })));
}

/** Deletes the add-on and its service links (cascade). */
export async function deleteAddOn(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(addOns).where(eq(addOns.id, id)).returning({ id: addOns.id });
  return rows.length > 0;
}
