import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import type { StoreClient } from '../../integrations/shopify/store-client';
import { settleInlineJobs } from '../../test/inline-jobs';
import { runSync } from './sync.service';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(t.config.adminEmail);
}, 60_000);
afterAll(async () => {
  await settleInlineJobs();
  await t?.close();
});

const count = async (table: string) => Number((await t.handle.executeSql(`select count(*)::int as n from ${table}`)).rows[0]!.n);
const status = async () => (await t.call('GET', '/api/admin/shopify/sync/status', { cookie: admin })).json();

async function resetMirror() {
  await settleInlineJobs();
  await t.handle.executeSql(`delete from shopify_customer_mappings; delete from shopify_product_mappings; delete from shopify_customers; delete from shopify_products; delete from shopify_orders; delete from shopify_sync_status; delete from store_settings where key in ('sync_watermark', 'sync_changes_since')`);
}

describe('store sync (/api/admin/shopify/sync/*)', () => {
  beforeEach(resetMirror);

  it('imports the demo store: status idle → running → completed with counts, order #1276 linked to its product', async () => {
    expect(await status()).toMatchObject({ status: 'idle', store: 'Demo store', fullImportNext: true, customers: { total: 0, synced: 0, errors: 0 } });
    const started = await t.call('POST', '/api/admin/shopify/sync/start', { cookie: admin });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().status.status).toBe('running');
    await settleInlineJobs();
    const done = await status();
    expect(done).toMatchObject({ status: 'completed', error: null, fullImportNext: false });
    expect(done.customers).toEqual({ total: 6, synced: 6, errors: 0 });
    expect(done.orders).toEqual({ total: 9, synced: 9, errors: 0 });
    expect(done.products.synced).toBe(done.products.total);
    expect(await count('shopify_customers')).toBe(6);

    const orders = (await t.call('GET', '/api/admin/shopify/orders?pageSize=100', { cookie: admin })).json();
    const order = orders.items.find((o: { orderNumber: string }) => o.orderNumber === '1276');
    expect(order).toMatchObject({ email: 'jordan.rivera@example.com', financialStatus: 'paid', lineItems: [{ name: 'Full Detail', quantity: 1 }] });
    // The Full Detail product is mapped to the Full Detail service.
    const mapped = await t.handle.executeSql(`select s.name from shopify_product_mappings m join services s on s.id = m.service_id join shopify_products p on p.shopify_product_id = m.shopify_product_id where p.title = 'Full Detail'`);
    expect(mapped.rows[0]?.name).toBe('Full Detail');

    const customers = (await t.call('GET', '/api/admin/shopify/customers?page=1&pageSize=2', { cookie: admin })).json();
    expect(customers).toMatchObject({ page: 1, pageSize: 2, total: 6 });
    expect(customers.items).toHaveLength(2);
  });

  it('a sync that finds nothing changed says since when (changesSince); a full import and a reset clear it', async () => {
    await t.call('POST', '/api/admin/shopify/sync/start', { cookie: admin });
    await settleInlineJobs();
    const full = await status();
    expect(full).toMatchObject({ status: 'completed', changesSince: null });
    await t.call('POST', '/api/admin/shopify/sync/start', { cookie: admin });
    await settleInlineJobs();
    const again = await status();
    expect(again).toMatchObject({ status: 'completed', fullImportNext: false, changesSince: full.startedAt });
    expect(again.orders).toEqual({ total: 0, synced: 0, errors: 0 });
    const reset = await t.call('POST', '/api/admin/shopify/sync/reset', { cookie: admin });
    expect(reset.json()).toMatchObject({ status: 'idle', changesSince: null });
  });

  it('refuses a second start while one runs (409), and a reset while running', async () => {
    const first = await t.call('POST', '/api/admin/shopify/sync/start', { cookie: admin });
    expect(first.statusCode).toBe(202);
    const [second, reset] = await Promise.all([t.call('POST', '/api/admin/shopify/sync/start', { cookie: admin }), t.call('POST', '/api/admin/shopify/sync/reset', { cookie: admin })]);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('STORE_SYNC_RUNNING');
    expect(reset.statusCode).toBe(409);
    await settleInlineJobs();
    const after = await t.call('POST', '/api/admin/shopify/sync/reset', { cookie: admin });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'idle', fullImportNext: true, orders: { total: 0, synced: 0, errors: 0 } });
  });

  it('a sync that crashes part-way and is run again ends with every record exactly once', async () => {
    const real = t.ctx.store;
    let crashed = false;
    // The store goes away after customers and products were imported, during the orders export.
    const flaky: StoreClient = {
      ...real,
      label: real.label,
      exportAll: (async (kind: 'customers' | 'products' | 'orders') => {
        if (kind === 'orders' && !crashed) {
          crashed = true;
          throw new Error('connection reset by peer');
        }
        return real.exportAll(kind);
      }) as StoreClient['exportAll'],
    };
    t.ctx.store = flaky;
    try {
      expect((await t.call('POST', '/api/admin/shopify/sync/start', { cookie: admin })).statusCode).toBe(202);
      await settleInlineJobs();
      expect(await status()).toMatchObject({ status: 'error', error: 'connection reset by peer', fullImportNext: true });
      expect(await count('shopify_customers')).toBe(6);
      expect(await count('shopify_orders')).toBe(0);

      // pg-boss runs the job again (retry): the same rows are written again, none twice.
      await runSync(t.ctx);
      expect(await status()).toMatchObject({ status: 'completed', error: null });
      expect(await count('shopify_customers')).toBe(6);
      expect(await count('shopify_orders')).toBe(9);
      const products = await count('shopify_products');

      // A later run reads only what changed (none) and duplicates nothing.
      expect((await t.call('POST', '/api/admin/shopify/sync/start', { cookie: admin })).statusCode).toBe(202);
      await settleInlineJobs();
      expect(await status()).toMatchObject({ status: 'completed', orders: { errors: 0 } });
      expect(await count('shopify_customers')).toBe(6);
      expect(await count('shopify_orders')).toBe(9);
      expect(await count('shopify_products')).toBe(products);
      // Every product maps to what it books, but the towel pack, which books nothing.
      expect(await count('shopify_product_mappings')).toBe(products - 1);
    } finally {
      t.ctx.store = real;
    }
  });

  it('is for admins only', async () => {
    const { cookie } = await t.createUser();
    expect((await t.call('POST', '/api/admin/shopify/sync/start', { cookie })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/shopify/orders')).statusCode).toBe(401);
  });
});

describe('register links a store customer by e-mail', () => {
  beforeAll(async () => {
    await resetMirror();
    await t.call('POST', '/api/admin/shopify/sync/start', { cookie: admin });
    await settleInlineJobs();
  });

  it('answers shopifyCustomerLinked: true for a store customer’s e-mail and links the two', async () => {
    const response = await t.call('POST', '/api/auth/register', {
      body: { fullName: 'Priya Natarajan', email: 'Priya.Natarajan@example.com', password: 'correct-horse-battery', phone: '4085550123' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().shopifyCustomerLinked).toBe(true);
    const linked = await t.handle.executeSql(`select c.user_id, m.shopify_customer_id from shopify_customers c join shopify_customer_mappings m on m.user_id = c.user_id where c.email = 'priya.natarajan@example.com'`);
    expect(linked.rows[0]?.user_id).toBe(response.json().user.id);
  });

  it('answers false for an e-mail the store does not know', async () => {
    const response = await t.call('POST', '/api/auth/register', { body: { fullName: 'Nobody Known', email: 'nobody.known@example.com', password: 'correct-horse-battery', phone: '4085550124' } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().shopifyCustomerLinked).toBe(false);
  });
});
