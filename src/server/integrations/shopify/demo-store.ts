import { createHmac, randomUUID } from 'node:crypto';
import { buildSchema, graphql, Kind, parse, type DocumentNode, type SelectionSetNode, type ValueNode } from 'graphql';
import type { Gql } from './graphql-records';
import type { DemoCustomer, DemoData, DemoOrder, DemoProduct } from './demo-data';
import { topicName } from './store-client';

/**
 * The built-in demo store: a local Shopify Admin GraphQL server (the subset the app uses) over demo data,
 * answering Fetch API requests in-process. The real adapter is pointed at it (its fetch), so demo mode and
 * the tests run the same code as a real store. It measures each query's cost against a leaky bucket and
 * answers THROTTLED when the bucket is short, runs bulk operations with a JSONL result, and sends webhooks
 * signed as Shopify signs them. See docs/decisions/016-store-adapter-and-demo-store.md.
 */
export const DEMO_STORE_DOMAIN = 'glint-demo.myshopify.com';
export const DEMO_ACCESS_TOKEN = 'shpat_demo_store_token';

const SDL = /* GraphQL */ `
  interface Node { id: ID! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type MoneyV2 { amount: String! currencyCode: String! }
  type MoneyBag { shopMoney: MoneyV2! }
  type MailingAddress { address1: String city: String province: String zip: String country: String }
  type EmailMarketingConsent { marketingState: String marketingOptInLevel: String }
  type Customer implements Node {
    id: ID! firstName: String lastName: String email: String phone: String state: String note: String tags: [String!]!
    verifiedEmail: Boolean! createdAt: String updatedAt: String! numberOfOrders: String! amountSpent: MoneyV2!
    defaultAddress: MailingAddress lastOrder: Order emailMarketingConsent: EmailMarketingConsent
  }
  type CustomerEdge { cursor: String! node: Customer! }
  type CustomerConnection { edges: [CustomerEdge!]! nodes: [Customer!]! pageInfo: PageInfo! }
  type ProductVariant { id: ID! title: String! price: String! sku: String }
  type ProductVariantEdge { cursor: String! node: ProductVariant! }
  type ProductVariantConnection { edges: [ProductVariantEdge!]! nodes: [ProductVariant!]! pageInfo: PageInfo! }
  type Product implements Node {
    id: ID! title: String! descriptionHtml: String vendor: String productType: String status: String! tags: [String!]!
    handle: String! templateSuffix: String createdAt: String updatedAt: String! publishedAt: String
    variants(first: Int, after: String): ProductVariantConnection!
  }
  type ProductEdge { cursor: String! node: Product! }
  type ProductConnection { edges: [ProductEdge!]! nodes: [Product!]! pageInfo: PageInfo! }
  type LineItem { id: ID! name: String! variantTitle: String quantity: Int! originalUnitPriceSet: MoneyBag! product: Product }
  type LineItemEdge { cursor: String! node: LineItem! }
  type LineItemConnection { edges: [LineItemEdge!]! nodes: [LineItem!]! pageInfo: PageInfo! }
  type FulfillmentOrder { id: ID! status: String! }
  type FulfillmentOrderEdge { cursor: String! node: FulfillmentOrder! }
  type FulfillmentOrderConnection { edges: [FulfillmentOrderEdge!]! nodes: [FulfillmentOrder!]! pageInfo: PageInfo! }
  type Fulfillment { id: ID! status: String! }
  type Order implements Node {
    id: ID! name: String! email: String phone: String createdAt: String updatedAt: String! processedAt: String cancelledAt: String
    cancelReason: String closedAt: String note: String tags: [String!]! sourceName: String displayFinancialStatus: String
    displayFulfillmentStatus: String! currencyCode: String! totalPriceSet: MoneyBag! subtotalPriceSet: MoneyBag!
    totalTaxSet: MoneyBag! totalDiscountsSet: MoneyBag! customer: Customer shippingAddress: MailingAddress
    billingAddress: MailingAddress lineItems(first: Int, after: String): LineItemConnection!
    fulfillmentOrders(first: Int, after: String): FulfillmentOrderConnection! fulfillments: [Fulfillment!]!
  }
  type OrderEdge { cursor: String! node: Order! }
  type OrderConnection { edges: [OrderEdge!]! nodes: [Order!]! pageInfo: PageInfo! }
  type BulkOperation implements Node { id: ID! status: String! errorCode: String objectCount: String! url: String createdAt: String! completedAt: String query: String! }
  type UserError { field: [String!] message: String! }
  type BulkOperationRunQueryPayload { bulkOperation: BulkOperation userErrors: [UserError!]! }
  input FulfillmentOrderLineItemsInput { fulfillmentOrderId: ID! }
  input FulfillmentInput { lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]! notifyCustomer: Boolean }
  type FulfillmentCreatePayload { fulfillment: Fulfillment userErrors: [UserError!]! }
  enum WebhookSubscriptionTopic {
    ORDERS_CREATE ORDERS_UPDATED ORDERS_PAID ORDERS_CANCELLED CUSTOMERS_CREATE CUSTOMERS_UPDATE PRODUCTS_CREATE
    PRODUCTS_UPDATE APP_UNINSTALLED
  }
  input WebhookSubscriptionInput { callbackUrl: String! format: String }
  type WebhookSubscription { id: ID! topic: WebhookSubscriptionTopic! callbackUrl: String! }
  type WebhookSubscriptionEdge { cursor: String! node: WebhookSubscription! }
  type WebhookSubscriptionConnection { edges: [WebhookSubscriptionEdge!]! nodes: [WebhookSubscription!]! pageInfo: PageInfo! }
  type WebhookSubscriptionCreatePayload { webhookSubscription: WebhookSubscription userErrors: [UserError!]! }
  enum CustomerSortKeys { ID UPDATED_AT CREATED_AT }
  enum ProductSortKeys { ID UPDATED_AT CREATED_AT TITLE }
  enum OrderSortKeys { ID UPDATED_AT CREATED_AT PROCESSED_AT }
  type Query {
    customers(first: Int, after: String, query: String, sortKey: CustomerSortKeys): CustomerConnection!
    products(first: Int, after: String, query: String, sortKey: ProductSortKeys): ProductConnection!
    orders(first: Int, after: String, query: String, sortKey: OrderSortKeys): OrderConnection!
    order(id: ID!): Order
    node(id: ID!): Node
    currentBulkOperation: BulkOperation
    webhookSubscriptions(first: Int, after: String): WebhookSubscriptionConnection!
  }
  type Mutation {
    bulkOperationRunQuery(query: String!): BulkOperationRunQueryPayload!
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload!
    webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload!
  }
`;

const schema = buildSchema(SDL);
const typeOfNode = (value: { __typename?: string }) => value.__typename;
for (const name of ['Node']) {
  const type = schema.getType(name);
  if (type && 'resolveType' in type) (type as { resolveType?: unknown }).resolveType = typeOfNode;
}

/** A bucket of query cost that refills at restoreRate per second, like Shopify's standard plan. */
export const BUCKET = { maximumAvailable: 2000, restoreRate: 100 };

export interface WebhookDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

interface BulkOp {
  id: string;
  status: 'RUNNING' | 'COMPLETED';
  query: string;
  jsonl: string;
  objectCount: number;
  polls: number;
  createdAt: Date;
  completedAt?: Date;
}

export interface DemoStore {
  /** The store's HTTP API: POST …/admin/api/<version>/graphql.json, GET …/demo-bulk/<id>.jsonl. */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  /** Where webhooks go (the app sets it: an in-process POST to /api/webhooks/shopify). */
  setDelivery(deliver: (delivery: WebhookDelivery) => Promise<unknown>): void;
  /** Sends a topic to its subscribers, signed; answers how many deliveries were made. */
  emit(topic: string, payload: unknown): Promise<number>;
  /** Changes a demo order (a newer updatedAt) and sends its webhooks, as a real store would. */
  updateOrder(number: number, change: Partial<Pick<DemoOrder, 'financialStatus' | 'cancelledAt' | 'cancelReason' | 'note'>>): Promise<DemoOrder>;
  /** Test controls: drain or fill the bucket; answer the next call(s) with an HTTP status; count requests. */
  control: {
    setAvailable(points: number): void;
    failNext(status: number, retryAfterSeconds?: number): void;
    requests: { throttled: number; total: number; failed: number };
  };
  orderPayload(order: DemoOrder): Record<string, unknown>;
  data(): Promise<DemoData>;
}

export function createDemoStore(options: { loadData: () => Promise<DemoData>; secret: () => Promise<string>; now: () => Date }): DemoStore {
  let dataPromise: Promise<DemoData> | undefined;
  let loaded: DemoData | undefined;
  const data = () => (dataPromise ??= options.loadData().then((d) => (loaded = d)));
  // The bucket refills on the app's clock: real time in the app, the test's clock in tests.
  const bucket = { available: BUCKET.maximumAvailable as number, at: options.now().getTime() };
  const failures: { status: number; retryAfter?: number }[] = [];
  const requests = { throttled: 0, total: 0, failed: 0 };
  const bulkOps = new Map<string, BulkOp>();
  let currentBulk: string | undefined;
  const subscriptions: { id: string; topic: string; callbackUrl: string }[] = [];
  let deliver: ((delivery: WebhookDelivery) => Promise<unknown>) | undefined;
  let fulfillmentSeq = 4100;

  const gid = (type: string, num: number) => `gid://shopify/${type}/${num}`;
  const numOf = (id: string) => Number(id.split('/').pop());
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' } });
  const totalOf = (o: DemoOrder) => (o.lineItems.reduce((sum, li) => sum + Math.round(Number(li.price) * 100) * li.quantity, 0) / 100).toFixed(2);
  const fulfillmentStatus = (o: DemoOrder) =>
    o.fulfillmentOrders.every((fo) => fo.status === 'CLOSED') ? 'FULFILLED' : o.fulfillments.length ? 'PARTIALLY_FULFILLED' : 'UNFULFILLED';

  function refill() {
    const now = options.now().getTime();
    bucket.available = Math.min(BUCKET.maximumAvailable, bucket.available + ((now - bucket.at) / 1000) * BUCKET.restoreRate);
    bucket.at = now;
  }

  /** Shopify's connection over a list: `first` items after the cursor; `bulk` lists everything. */
  function connection<T>(items: T[], args: { first?: number | null; after?: string | null }, bulk: boolean) {
    const start = args.after ? Number(Buffer.from(args.after, 'base64url').toString()) + 1 : 0;
    const size = bulk ? items.length : Math.min(args.first ?? 10, 250);
    const page = items.slice(start, start + size);
    const edges = page.map((node, i) => ({ cursor: Buffer.from(String(start + i)).toString('base64url'), node }));
    return { edges, nodes: page, pageInfo: { hasNextPage: start + size < items.length, endCursor: edges.at(-1)?.cursor ?? null } };
  }

  /** Shopify's search syntax, the part the app sends: updated_at:>='ISO' (and >, <, <=). */
  function filter<T extends { updatedAt: Date }>(items: T[], query?: string | null, sortKey?: string | null): T[] {
    let out = [...items];
    const m = query?.match(/updated_at:(>=|<=|>|<)'?([^'\s]+)'?/);
    if (m) {
      const bound = new Date(m[2]!).getTime();
      const test = { '>=': (t: number) => t >= bound, '>': (t: number) => t > bound, '<=': (t: number) => t <= bound, '<': (t: number) => t < bound }[m[1] as '>='];
      out = out.filter((item) => test(item.updatedAt.getTime()));
    }
    if (sortKey === 'UPDATED_AT') out.sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
    return out;
  }

  function customerNode(d: DemoData, c: DemoCustomer) {
    const orders = d.orders.filter((o) => o.customerNum === c.num);
    const spent = orders.filter((o) => o.financialStatus === 'PAID').reduce((sum, o) => sum + Number(totalOf(o)), 0);
    const last = [...orders].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return {
      __typename: 'Customer',
      id: gid('Customer', c.num),
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phone,
      state: 'ENABLED',
      note: null,
      tags: c.tags,
      verifiedEmail: true,
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
      numberOfOrders: String(orders.length),
      amountSpent: { amount: spent.toFixed(2), currencyCode: 'USD' },
      defaultAddress: { address1: '100 Demo St', city: c.city, province: 'CA', zip: '95112', country: 'United States' },
      lastOrder: last ? () => orderNode(d, last) : null,
      emailMarketingConsent: { marketingState: 'NOT_SUBSCRIBED', marketingOptInLevel: null },
    };
  }

  function productNode(p: DemoProduct, bulk: boolean) {
    return {
      __typename: 'Product',
      id: gid('Product', p.num),
      title: p.title,
      descriptionHtml: `<p>${p.description}</p>`,
      vendor: 'Glint',
      productType: 'Service',
      status: 'ACTIVE',
      tags: p.tags,
      handle: p.handle,
      templateSuffix: null,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
      publishedAt: iso(p.createdAt),
      variants: (args: { first?: number; after?: string }) => connection([{ id: gid('ProductVariant', p.num * 10), title: 'Default Title', price: p.price, sku: p.handle }], args, bulk),
    };
  }

  function orderNode(d: DemoData, o: DemoOrder, bulk = false) {
    const customer = d.customers.find((c) => c.num === o.customerNum);
    const address = customer ? { address1: '100 Demo St', city: customer.city, province: 'CA', zip: '95112', country: 'United States' } : null;
    const total = totalOf(o);
    return {
      __typename: 'Order',
      id: gid('Order', o.num),
      name: `#${o.number}`,
      email: customer?.email ?? null,
      phone: customer?.phone ?? null,
      createdAt: iso(o.createdAt),
      updatedAt: iso(o.updatedAt),
      processedAt: iso(o.createdAt),
      cancelledAt: iso(o.cancelledAt),
      cancelReason: o.cancelReason,
      closedAt: null,
      note: o.note,
      tags: [],
      sourceName: 'web',
      displayFinancialStatus: o.financialStatus,
      displayFulfillmentStatus: fulfillmentStatus(o),
      currencyCode: 'USD',
      totalPriceSet: money(total),
      subtotalPriceSet: money(total),
      totalTaxSet: money('0.00'),
      totalDiscountsSet: money('0.00'),
      customer: customer ? () => customerNode(d, customer) : null,
      shippingAddress: address,
      billingAddress: address,
      lineItems: (args: { first?: number; after?: string }) =>
        connection(
          o.lineItems.map((li) => {
            const product = d.products.find((p) => p.num === li.productNum);
            return { __typename: 'LineItem', id: gid('LineItem', li.num), name: li.name, quantity: li.quantity, originalUnitPriceSet: money(li.price), product: product ? productNode(product, false) : null };
          }),
          args,
          bulk,
        ),
      fulfillmentOrders: (args: { first?: number; after?: string }) => connection(o.fulfillmentOrders.map((fo) => ({ id: gid('FulfillmentOrder', fo.num), status: fo.status })), args, bulk),
      fulfillments: o.fulfillments.map((f) => ({ id: gid('Fulfillment', f.num), status: 'SUCCESS' })),
    };
  }

  function bulkNode(op: BulkOp) {
    return {
      __typename: 'BulkOperation',
      id: op.id,
      status: op.status,
      errorCode: null,
      objectCount: String(op.status === 'COMPLETED' ? op.objectCount : 0),
      url: op.status === 'COMPLETED' && op.objectCount > 0 ? `https://${DEMO_STORE_DOMAIN}/demo-bulk/${numOf(op.id)}.jsonl` : null,
      createdAt: op.createdAt.toISOString(),
      completedAt: iso(op.completedAt),
      query: op.query,
    };
  }

  function root(d: DemoData, bulk: boolean) {
    return {
      customers: (a: Gql) => connection(filter(d.customers, a.query, a.sortKey).map((c) => customerNode(d, c)), a, bulk),
      products: (a: Gql) => connection(filter(d.products, a.query, a.sortKey).map((p) => productNode(p, bulk)), a, bulk),
      orders: (a: Gql) => connection(filter(d.orders, a.query, a.sortKey).map((o) => orderNode(d, o, bulk)), a, bulk),
      order: (a: { id: string }) => {
        const o = d.orders.find((x) => gid('Order', x.num) === a.id);
        return o ? orderNode(d, o) : null;
      },
      node: (a: { id: string }) => {
        const op = bulkOps.get(a.id);
        if (op) {
          op.polls += 1;
          // Like Shopify, an export is not ready the moment it is asked for: it completes by the second poll.
          if (op.polls >= 2 && op.status === 'RUNNING') Object.assign(op, { status: 'COMPLETED', completedAt: options.now() });
          return bulkNode(op);
        }
        const o = d.orders.find((x) => gid('Order', x.num) === a.id);
        if (o) return orderNode(d, o);
        const c = d.customers.find((x) => gid('Customer', x.num) === a.id);
        if (c) return customerNode(d, c);
        const p = d.products.find((x) => gid('Product', x.num) === a.id);
        return p ? productNode(p, false) : null;
      },
      currentBulkOperation: () => (currentBulk ? bulkNode(bulkOps.get(currentBulk)!) : null),
      webhookSubscriptions: (a: Gql) => connection(subscriptions.map((s) => ({ id: s.id, topic: s.topic.replace('/', '_').toUpperCase(), callbackUrl: s.callbackUrl })), a, false),
      bulkOperationRunQuery: async (a: { query: string }) => {
        const running = currentBulk ? bulkOps.get(currentBulk) : undefined;
        if (running?.status === 'RUNNING') return { bulkOperation: null, userErrors: [{ field: ['query'], message: 'A bulk query operation for this app and shop is already in progress.' }] };
        let document: DocumentNode;
        try {
          document = parse(a.query);
        } catch (error) {
          return { bulkOperation: null, userErrors: [{ field: ['query'], message: `Invalid bulk query: ${(error as Error).message}` }] };
        }
        const result = await graphql({ schema, source: a.query, rootValue: root(d, true) });
        if (result.errors?.length || !result.data) return { bulkOperation: null, userErrors: [{ field: ['query'], message: result.errors?.[0]?.message ?? 'Invalid bulk query' }] };
        const lines = flattenBulk(result.data as Record<string, Gql>);
        void document;
        const id = gid('BulkOperation', 3000 + bulkOps.size + 1);
        bulkOps.set(id, { id, status: 'RUNNING', query: a.query, jsonl: lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : ''), objectCount: lines.length, polls: 0, createdAt: options.now() });
        currentBulk = id;
        return { bulkOperation: bulkNode(bulkOps.get(id)!), userErrors: [] };
      },
      fulfillmentCreate: async (a: { fulfillment: { lineItemsByFulfillmentOrder: { fulfillmentOrderId: string }[] } }) => {
        const ids = a.fulfillment.lineItemsByFulfillmentOrder.map((x) => x.fulfillmentOrderId);
        const o = d.orders.find((x) => x.fulfillmentOrders.some((fo) => ids.includes(gid('FulfillmentOrder', fo.num))));
        if (!o) return { fulfillment: null, userErrors: [{ field: ['fulfillment'], message: 'Fulfillment order does not exist.' }] };
        const targets = o.fulfillmentOrders.filter((fo) => ids.includes(gid('FulfillmentOrder', fo.num)));
        if (targets.some((fo) => fo.status !== 'OPEN')) return { fulfillment: null, userErrors: [{ field: ['fulfillment'], message: 'Fulfillment order is not open.' }] };
        for (const fo of targets) fo.status = 'CLOSED';
        const fulfillment = { num: fulfillmentSeq++, createdAt: options.now() };
        o.fulfillments.push(fulfillment);
        o.updatedAt = new Date(Math.max(options.now().getTime(), o.updatedAt.getTime() + 1));
        void emit('orders/updated', orderPayload(d, o)).catch(() => undefined);
        return { fulfillment: { id: gid('Fulfillment', fulfillment.num), status: 'SUCCESS' }, userErrors: [] };
      },
      webhookSubscriptionCreate: (a: { topic: string; webhookSubscription: { callbackUrl: string } }) => {
        const topic = topicName(a.topic);
        if (!/^https?:\/\//.test(a.webhookSubscription.callbackUrl)) return { webhookSubscription: null, userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address is invalid' }] };
        if (subscriptions.some((s) => s.topic === topic && s.callbackUrl === a.webhookSubscription.callbackUrl)) {
          return { webhookSubscription: null, userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' }] };
        }
        const sub = { id: gid('WebhookSubscription', 1000 + subscriptions.length + 1), topic, callbackUrl: a.webhookSubscription.callbackUrl };
        subscriptions.push(sub);
        return { webhookSubscription: { ...sub, topic: a.topic }, userErrors: [] };
      },
    };
  }

  function orderPayload(d: DemoData, o: DemoOrder): Record<string, unknown> {
    const node = orderNode(d, o);
    const customer = d.customers.find((c) => c.num === o.customerNum);
    const status = fulfillmentStatus(o);
    return {
      id: o.num,
      admin_graphql_api_id: node.id,
      name: node.name,
      order_number: o.number,
      email: node.email,
      phone: node.phone,
      created_at: node.createdAt,
      updated_at: node.updatedAt,
      processed_at: node.processedAt,
      cancelled_at: node.cancelledAt,
      cancel_reason: o.cancelReason?.toLowerCase() ?? null,
      closed_at: null,
      financial_status: o.financialStatus.toLowerCase(),
      fulfillment_status: status === 'FULFILLED' ? 'fulfilled' : status === 'PARTIALLY_FULFILLED' ? 'partial' : null,
      currency: 'USD',
      total_price: totalOf(o),
      subtotal_price: totalOf(o),
      total_tax: '0.00',
      total_discounts: '0.00',
      note: o.note,
      tags: '',
      source_name: 'web',
      customer: customer ? { id: customer.num, admin_graphql_api_id: gid('Customer', customer.num), first_name: customer.firstName, last_name: customer.lastName, email: customer.email } : null,
      line_items: o.lineItems.map((li) => ({ id: li.num, name: li.name, title: li.name, quantity: li.quantity, price: li.price, product_id: li.productNum })),
      shipping_address: node.shippingAddress,
      billing_address: node.billingAddress,
    };
  }

  /** Measures a document the way Shopify does, roughly: objects 1, connections 2 + first × their selection, mutations 10. */
  function costOf(document: DocumentNode, variables: Record<string, unknown>): number {
    const value = (node: ValueNode | undefined): number | undefined => {
      if (!node) return undefined;
      if (node.kind === Kind.INT) return Number(node.value);
      if (node.kind === Kind.VARIABLE) return typeof variables[node.name.value] === 'number' ? (variables[node.name.value] as number) : undefined;
      return undefined;
    };
    const walk = (set: SelectionSetNode | undefined): number => {
      if (!set) return 0;
      let cost = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (!sel.selectionSet) continue;
          const first = value(sel.arguments?.find((a) => a.name.value === 'first')?.value);
          cost += first !== undefined ? 2 + first * walk(sel.selectionSet) : 1 + walk(sel.selectionSet);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) cost += walk(sel.selectionSet);
      }
      return cost;
    };
    let total = 0;
    for (const def of document.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      total += def.operation === 'mutation' ? 10 : Math.max(1, walk(def.selectionSet));
    }
    return total;
  }

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  async function handleGraphql(request: Request): Promise<Response> {
    if (request.headers.get('X-Shopify-Access-Token') !== DEMO_ACCESS_TOKEN) return json(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    const failure = failures.shift();
    if (failure) {
      requests.failed += 1;
      return json(failure.status, { errors: failure.status === 429 ? 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' : 'Service Unavailable' }, failure.retryAfter !== undefined ? { 'Retry-After': String(failure.retryAfter) } : {});
    }
    const body = (await request.json().catch(() => null)) as { query?: string; variables?: Record<string, unknown> } | null;
    if (!body?.query) return json(400, { errors: { query: 'Required parameter missing or invalid' } });
    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (error) {
      return json(200, { errors: [{ message: (error as Error).message }] });
    }
    const requested = costOf(document, body.variables ?? {});
    refill();
    const throttleStatus = () => ({ maximumAvailable: BUCKET.maximumAvailable, currentlyAvailable: Math.floor(bucket.available), restoreRate: BUCKET.restoreRate });
    if (requested > bucket.available) {
      requests.throttled += 1;
      return json(200, {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
        extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() } },
      });
    }
    bucket.available -= requested;
    const result = await graphql({ schema, source: body.query, variableValues: body.variables ?? {}, rootValue: root(await data(), false) });
    return json(200, { ...result, extensions: { cost: { requestedQueryCost: requested, actualQueryCost: requested, throttleStatus: throttleStatus() } } });
  }

  async function emit(topic: string, payload: unknown): Promise<number> {
    const targets = subscriptions.filter((s) => s.topic === topic);
    if (!deliver || targets.length === 0) return 0;
    const body = JSON.stringify(payload);
    const hmac = createHmac('sha256', await options.secret()).update(body, 'utf8').digest('base64');
    for (const target of targets) {
      await deliver({
        url: target.callbackUrl,
        body,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': topic,
          'x-shopify-hmac-sha256': hmac,
          'x-shopify-shop-domain': DEMO_STORE_DOMAIN,
          'x-shopify-webhook-id': randomUUID(),
          'x-shopify-event-id': randomUUID(),
          'x-shopify-triggered-at': options.now().toISOString(),
          'x-shopify-api-version': '2026-10',
        },
      });
    }
    return targets.length;
  }

  return {
    async fetch(url, init) {
      requests.total += 1;
      const request = new Request(url, init);
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && /^\/admin\/api\/[^/]+\/graphql\.json$/.test(path)) return handleGraphql(request);
      const bulk = path.match(/^\/demo-bulk\/(\d+)\.jsonl$/);
      if (request.method === 'GET' && bulk) {
        const op = bulkOps.get(gid('BulkOperation', Number(bulk[1])));
        return op ? new Response(op.jsonl, { status: 200, headers: { 'content-type': 'application/jsonl' } }) : new Response('Not Found', { status: 404 });
      }
      return new Response('Not Found', { status: 404 });
    },
    setDelivery(fn) {
      deliver = fn;
    },
    emit,
    async updateOrder(number, change) {
      const d = await data();
      const o = d.orders.find((x) => x.number === number);
      if (!o) throw new Error(`The demo store has no order #${number}`);
      const wasPaid = o.financialStatus === 'PAID';
      Object.assign(o, change);
      o.updatedAt = new Date(Math.max(options.now().getTime(), o.updatedAt.getTime() + 1000));
      const payload = orderPayload(d, o);
      await emit('orders/updated', payload);
      if (!wasPaid && o.financialStatus === 'PAID') await emit('orders/paid', payload);
      if (change.cancelledAt) await emit('orders/cancelled', payload);
      return o;
    },
    control: {
      setAvailable(points) {
        bucket.available = points;
        bucket.at = options.now().getTime();
      },
      failNext(status, retryAfterSeconds) {
        failures.push({ status, ...(retryAfterSeconds !== undefined ? { retryAfter: retryAfterSeconds } : {}) });
      },
      requests,
    },
    orderPayload(o) {
      if (!loaded) throw new Error('orderPayload needs the data loaded: await store.data() first');
      return orderPayload(loaded, o);
    },
    data,
  };
}

/** A bulk result as Shopify writes it: one line per node; nodes of nested connections get `__parentId`. */
function flattenBulk(data: Record<string, Gql>): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const connection of Object.values(data)) {
    for (const edge of connection?.edges ?? []) {
      const node = { ...edge.node };
      const children: Record<string, unknown>[] = [];
      for (const [key, value] of Object.entries(node)) {
        if (value && typeof value === 'object' && Array.isArray((value as Gql).edges)) {
          for (const child of (value as Gql).edges) children.push({ ...child.node, __parentId: node.id });
          delete node[key];
        }
      }
      lines.push(node, ...children);
    }
  }
  return lines;
}
