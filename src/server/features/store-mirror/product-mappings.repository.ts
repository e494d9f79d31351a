import { asc, count, eq, inArray } from 'drizzle-orm';
import type { SizeClass } from '../../../shared/domain';
import type { Page, PageQuery } from '../../../shared/schemas/common';
import type { ProductMappingRequest, ProductMappingView, StoreProductView } from '../../../shared/schemas/store-mirror';
import type { DbOrTx } from '../../db/client';
import { addOns, services, shopifyProductMappings, shopifyProducts } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * What each store product sells (docs/decisions/044): the Products tab of /admin/shopify reads and edits it, and
 * an order's lines are turned into a booking's vehicles and add-ons through it.
 */

const mappingColumns = {
  shopifyProductId: shopifyProductMappings.shopifyProductId,
  serviceId: shopifyProductMappings.serviceId,
  addOnId: shopifyProductMappings.addOnId,
  sizeClass: shopifyProductMappings.sizeClass,
  variantSizes: shopifyProductMappings.variantSizes,
  serviceName: services.name,
  addOnName: addOns.name,
};
type MappingRow = { serviceId: string | null; addOnId: string | null; sizeClass: SizeClass | null; variantSizes: Record<string, SizeClass>; serviceName: string | null; addOnName: string | null };

function toMappingView(row: MappingRow): ProductMappingView | null {
  const base = { sizeClass: row.sizeClass, variantSizes: row.variantSizes ?? {} };
  if (row.serviceId && row.serviceName) return { kind: 'service', itemId: row.serviceId, itemName: row.serviceName, ...base };
  if (row.addOnId && row.addOnName) return { kind: 'add_on', itemId: row.addOnId, itemName: row.addOnName, ...base };
  return null;
}

const mappings = (db: DbOrTx) =>
  db
    .select(mappingColumns)
    .from(shopifyProductMappings)
    .leftJoin(services, eq(services.id, shopifyProductMappings.serviceId))
    .leftJoin(addOns, eq(addOns.id, shopifyProductMappings.addOnId));

/** The mappings of these products, by store product id (a product without one is not in the map). */
export async function productMappingsOf(db: DbOrTx, productIds: string[]): Promise<Map<string, ProductMappingView>> {
  const found = new Map<string, ProductMappingView>();
  if (productIds.length === 0) return found;
  for (const row of await mappings(db).where(inArray(shopifyProductMappings.shopifyProductId, [...new Set(productIds)]))) {
    const view = toMappingView(row);
    if (view) found.set(row.shopifyProductId, view);
  }
  return found;
}

function variantsOf(raw: unknown[]): StoreProductView['variants'] {
  return raw.flatMap((v) => {
    const variant = v as { title?: unknown; price?: unknown };
    return typeof variant.title === 'string' ? [{ title: variant.title, price: String(variant.price ?? '0') }] : [];
  });
}

/** The mirrored products by title, each with its mapping. */
export async function listStoreProducts(db: DbOrTx, q: PageQuery): Promise<Page<StoreProductView>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ shopifyProductId: shopifyProducts.shopifyProductId, title: shopifyProducts.title, variants: shopifyProducts.variants })
      .from(shopifyProducts)
      .orderBy(asc(shopifyProducts.title), asc(shopifyProducts.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ value: count() }).from(shopifyProducts),
  ]);
  const mapped = await productMappingsOf(db, rows.map((r) => r.shopifyProductId));
  const items = rows.map((r) => ({ shopifyProductId: r.shopifyProductId, title: r.title, variants: variantsOf(r.variants), mapping: mapped.get(r.shopifyProductId) ?? null }));
  return { items, page: q.page, pageSize: q.pageSize, total: Number(total?.value ?? 0) };
}

async function storeProduct(db: DbOrTx, productId: string): Promise<StoreProductView> {
  const [row] = await db.select({ shopifyProductId: shopifyProducts.shopifyProductId, title: shopifyProducts.title, variants: shopifyProducts.variants }).from(shopifyProducts).where(eq(shopifyProducts.shopifyProductId, productId));
  if (!row) throw new AppError('STORE_PRODUCT_NOT_FOUND', 'That store product is not in the mirror. Sync the store and try again.');
  const mapped = await productMappingsOf(db, [productId]);
  return { shopifyProductId: row.shopifyProductId, title: row.title, variants: variantsOf(row.variants), mapping: mapped.get(productId) ?? null };
}

/** Sets what a product sells, replacing its mapping; the service or add-on must exist. */
export async function saveProductMapping(db: DbOrTx, productId: string, input: ProductMappingRequest, now: Date): Promise<StoreProductView> {
  await storeProduct(db, productId);
  const itemTable = input.kind === 'service' ? services : addOns;
  const [item] = await db.select({ id: itemTable.id }).from(itemTable).where(eq(itemTable.id, input.itemId));
  if (!item) {
    throw input.kind === 'service' ? new AppError('SERVICE_NOT_FOUND', 'Service not found') : new AppError('ADD_ON_NOT_FOUND', 'Add-on not found');
  }
  const values = {
    serviceId: input.kind === 'service' ? input.itemId : null,
    addOnId: input.kind === 'add_on' ? input.itemId : null,
    sizeClass: input.sizeClass ?? null,
    variantSizes: input.variantSizes ?? {},
    lastSyncAt: now,
  };
  await db
    .insert(shopifyProductMappings)
    .values({ shopifyProductId: productId, ...values })
    .onConflictDoUpdate({ target: shopifyProductMappings.shopifyProductId, set: values });
  await db.update(shopifyProducts).set({ serviceId: values.serviceId }).where(eq(shopifyProducts.shopifyProductId, productId));
  return storeProduct(db, productId);
}

/** The product sells nothing we book: its order lines are listed as not part of a booking. */
export async function removeProductMapping(db: DbOrTx, productId: string): Promise<StoreProductView> {
  await storeProduct(db, productId);
  await db.delete(shopifyProductMappings).where(eq(shopifyProductMappings.shopifyProductId, productId));
  await db.update(shopifyProducts).set({ serviceId: null }).where(eq(shopifyProducts.shopifyProductId, productId));
  return storeProduct(db, productId);
}
