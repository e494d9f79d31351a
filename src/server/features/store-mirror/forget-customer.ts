import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mentionsAny } from '../../db/mentions';
import { shopifyCustomerMappings, shopifyCustomers, shopifyOrders, shopifyWebhookEvents } from '../../db/schema';

/**
 * Erasure of a person from the store mirror: their store customer rows lose name, e-mail, phone, notes and
 * addresses; their orders (by store customer, e-mail, phone or linked booking) lose e-mail, phone, notes and
 * addresses; webhook payloads that mention them are dropped. Amounts, counts and dates stay for the books.
 * The store itself keeps its own copy: a later sync of a customer the store still has brings it back, so the
 * owner also deletes the customer in the store (the store's own right-to-delete tools).
 */
export async function forgetStoreCustomer(tx: DbOrTx, person: { userId: string | null; needles: readonly string[]; bookingIds: readonly string[] }): Promise<void> {
  const customerMatch = or(person.userId ? eq(shopifyCustomers.userId, person.userId) : undefined, mentionsAny(shopifyCustomers.email, person.needles), mentionsAny(shopifyCustomers.phone, person.needles));
  // Nothing to match a store customer by: none is touched (an empty condition would match every row).
  const customers = customerMatch
    ? await tx
        .update(shopifyCustomers)
        .set({ firstName: null, lastName: null, email: null, phone: null, note: null, tags: null, addresses: [], defaultAddress: null, userId: null })
        .where(customerMatch)
        .returning({ shopifyCustomerId: shopifyCustomers.shopifyCustomerId })
    : [];
  if (person.userId) await tx.delete(shopifyCustomerMappings).where(eq(shopifyCustomerMappings.userId, person.userId));

  const orderMatch: SQL[] = [mentionsAny(shopifyOrders.email, person.needles), mentionsAny(shopifyOrders.phone, person.needles)].filter((c): c is SQL => !!c);
  if (customers.length) orderMatch.push(inArray(shopifyOrders.shopifyCustomerId, customers.map((c) => c.shopifyCustomerId)));
  if (person.bookingIds.length) orderMatch.push(inArray(shopifyOrders.bookingId, [...person.bookingIds]));
  if (orderMatch.length) {
    await tx.update(shopifyOrders).set({ email: null, phone: null, note: null, shippingAddress: null, billingAddress: null }).where(or(...orderMatch));
  }

  const payloadMatch = mentionsAny(shopifyWebhookEvents.payload, person.needles);
  if (payloadMatch) await tx.update(shopifyWebhookEvents).set({ payload: null, headers: null }).where(and(payloadMatch, sql`${shopifyWebhookEvents.payload} is not null`));
}
