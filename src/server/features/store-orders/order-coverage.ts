import type { ProductMappingView } from '../../../shared/schemas/store-mirror';
import type { OrderCoverageItem } from '../../../shared/schemas/store-orders';
import type { DbOrTx } from '../../db/client';
import type { shopifyOrders } from '../../db/schema';
import { productMappingsOf } from '../store-mirror';

type LineItem = (typeof shopifyOrders.$inferSelect)['lineItems'][number];

/** The mappings of every product on these orders, in one read. */
export function mappingsOfOrders(db: DbOrTx, orders: { lineItems: LineItem[] }[]): Promise<Map<string, ProductMappingView>> {
  return productMappingsOf(db, orders.flatMap((order) => order.lineItems.flatMap((item) => (item.productId ? [item.productId] : []))));
}

/**
 * Each line of an order with what it books (docs/decisions/044): the service or add-on its product maps to, at the
 * size its variant names (else the product's size); kind null when the product maps to nothing we book.
 */
export function coverageOf(order: { lineItems: LineItem[] }, mappings: Map<string, ProductMappingView>): OrderCoverageItem[] {
  return order.lineItems.map((item) => {
    const mapping = item.productId ? mappings.get(item.productId) : undefined;
    const base = { name: item.name, quantity: item.quantity, price: item.price };
    if (!mapping) return { ...base, kind: null, itemId: null, itemName: null, sizeClass: null };
    const sizeClass = (item.variantTitle ? mapping.variantSizes[item.variantTitle] : undefined) ?? mapping.sizeClass;
    return { ...base, kind: mapping.kind, itemId: mapping.itemId, itemName: mapping.itemName, sizeClass };
  });
}
