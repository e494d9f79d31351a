import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { buildDemoData } from './demo-data';
import { createDemoStore, DEMO_ACCESS_TOKEN, DEMO_STORE_DOMAIN, type DemoStore } from './demo-store';
import { createShopifyAdapter, type ShopifyAdapterOptions } from './shopify-adapter';
import type { StoreClient } from './store-client';

export type { StoreClient } from './store-client';

const demoStores = new WeakMap<StoreClient, DemoStore>();

export interface StoreClientSetup {
  /**
   * The demo store's webhook secret when SHOPIFY_WEBHOOK_SECRET is unset: one per database, so every instance
   * signs and checks alike. The store mirror keeps it (store_settings is its table); the app passes its verb.
   */
  demoWebhookSecret: () => Promise<string>;
  now?: () => Date;
  adapter?: Partial<ShopifyAdapterOptions>;
}

/**
 * The store client: Shopify when SHOPIFY_STORE_DOMAIN is set, else the built-in demo store — the same
 * adapter either way, the demo store answering its requests in-process (decision 016). `db` is read only, for
 * the demo store's catalogue.
 */
export function createStoreClient(config: Config, db: Database, setup: StoreClientSetup): StoreClient {
  const { shopify } = config;
  const now = setup.now ?? (() => new Date());
  const adapterOptions = setup.adapter ?? {};
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
  const secret = async () => shopify.webhookSecret ?? (await setup.demoWebhookSecret());
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
