import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { storeSettings } from '../../db/schema';
import { buildDemoData } from './demo-data';
import { createDemoStore, DEMO_ACCESS_TOKEN, DEMO_STORE_DOMAIN, type DemoStore } from './demo-store';
import { createShopifyAdapter, type ShopifyAdapterOptions } from './shopify-adapter';
import type { StoreClient } from './store-client';

export type { StoreClient } from './store-client';

const DEMO_SECRET_KEY = 'demo_webhook_secret';
const demoStores = new WeakMap<StoreClient, DemoStore>();

/**
 * The store client: Shopify when SHOPIFY_STORE_DOMAIN is set, else the built-in demo store — the same
 * adapter either way, the demo store answering its requests in-process (decision 016).
 */
export function createStoreClient(config: Config, db: Database, now: () => Date = () => new Date(), adapterOptions: Partial<ShopifyAdapterOptions> = {}): StoreClient {
  const { shopify } = config;
  if (shopify.storeDomain) {
    const fixed = shopify.webhookSecret ?? shopify.clientSecret;
    return createShopifyAdapter({
      label: 'Shopify',
      storeDomain: shopify.storeDomain,
      adminToken: shopify.adminToken,
      clientId: shopify.clientId,
      clientSecret: shopify.clientSecret,
      webhookSecret: async () => fixed,
      ...adapterOptions,
    });
  }
  const secret = async () => shopify.webhookSecret ?? (await demoWebhookSecret(db));
  const demo = createDemoStore({ loadData: () => buildDemoData(db, now()), secret, now });
  const client = createShopifyAdapter({
    label: 'Demo store',
    storeDomain: DEMO_STORE_DOMAIN,
    adminToken: DEMO_ACCESS_TOKEN,
    webhookSecret: secret,
    fetch: (url, init) => demo.fetch(url, init),
    // Exports take a moment, as a real store's do: the admin sees the sync running.
    bulkPollMs: 1000,
    ...adapterOptions,
  });
  demoStores.set(client, demo);
  return client;
}

/** The demo store behind a client, when it is one (the app wires its webhook delivery; tests drive it). */
export function demoStoreOf(client: StoreClient): DemoStore | undefined {
  return demoStores.get(client);
}

/** The demo store's webhook secret: generated once and kept in the database, so every instance signs and checks alike. */
async function demoWebhookSecret(db: Database): Promise<string> {
  await db.insert(storeSettings).values({ key: DEMO_SECRET_KEY, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, DEMO_SECRET_KEY));
  return row!.value;
}
