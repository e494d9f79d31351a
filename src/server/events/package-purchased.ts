import type { DbOrTx } from '../db/client';

/**
 * The seam between a package purchase and the features that act on it (outbound webhooks, decision 052).
 * The packages feature calls `packagePurchased` inside the purchase's transaction, so what a subscriber
 * writes commits with the purchase or not at all; it knows no subscriber. Ids and small facts only.
 */
export interface PurchasedPackage {
  purchaseId: string;
  packageId: string;
  amountCents: number;
  paymentStatus: 'paid' | 'manual';
}

export type PackagePurchasedHandler = (tx: DbOrTx, purchase: PurchasedPackage, now: Date) => Promise<void>;

const handlers = new Set<PackagePurchasedHandler>();

/** Adds a handler (adding the same one twice keeps one). */
export function onPackagePurchased(handler: PackagePurchasedHandler): void {
  handlers.add(handler);
}

/** Every subscriber's work for the new purchase, in the purchase's transaction. */
export async function packagePurchased(tx: DbOrTx, purchase: PurchasedPackage, now: Date): Promise<void> {
  for (const handler of handlers) await handler(tx, purchase, now);
}
