import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { storeSettings } from '../../db/schema';

const DEMO_SECRET_KEY = 'demo_webhook_secret';

/**
 * The demo store's webhook secret (used when SHOPIFY_WEBHOOK_SECRET is unset): generated once and kept in
 * store_settings, so every instance signs and checks alike. The integration asks for it through the
 * `demoWebhookSecret` it is built with; the mirror, owner of store_settings, is the one that writes it.
 */
export async function demoWebhookSecret(db: DbOrTx): Promise<string> {
  await db.insert(storeSettings).values({ key: DEMO_SECRET_KEY, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, DEMO_SECRET_KEY));
  return row!.value;
}
