import { createAdminApiClient } from '@shopify/admin-api-client';
import { type Gql, bulkQuery, nodesFromJsonl, PAGE_SIZES, pageQuery, recordFromNode } from './graphql-records';
import { topicEnum, topicName, type StoreClient, type StoreKind, type StoreRecordOf, type WebhookSubscription } from './store-client';

/** The Admin API version, pinned here and sent on every call (in the URL). */
export const SHOPIFY_API_VERSION = '2026-10';

/** How many times one call is retried after THROTTLED, 429 or 503 before it gives up. */
const MAX_ATTEMPTS = 6;
const BULK_POLL_MS = 1000;
/** Renew a client-credentials token this long before it lapses. */
const TOKEN_MARGIN_MS = 5 * 60_000;

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface ShopifyAdapterOptions {
  label: 'Shopify' | 'Demo store';
  storeDomain: string;
  /** A fixed Admin API access token… */
  adminToken?: string;
  /** …or an app's credentials for the client-credentials grant (a 24-hour token, cached and renewed). */
  clientId?: string;
  clientSecret?: string;
  webhookSecret: () => Promise<string | undefined>;
  /** The network: global fetch for Shopify, the demo store's in-process handler in demo mode. */
  fetch?: FetchLike;
  /** Waits between retries; tests record them. */
  sleep?: (ms: number) => Promise<void>;
  bulkPollMs?: number;
}

export class StoreError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** The real adapter: Shopify's Admin GraphQL API through @shopify/admin-api-client, with cost-aware back-off. */
export function createShopifyAdapter(options: ShopifyAdapterOptions): StoreClient {
  const fetchFn: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const client = createAdminApiClient({
    storeDomain: options.storeDomain,
    apiVersion: SHOPIFY_API_VERSION,
    // With client credentials the token is set per call (below); the client needs a value to start with.
    accessToken: options.adminToken ?? 'pending-client-credentials',
    retries: 0,
    customFetchApi: (url, init) => fetchFn(url, init as RequestInit),
  });
  const origin = `https://${options.storeDomain.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}`;

  let token: { value: string; expiresAt: number } | undefined;
  async function accessToken(): Promise<string> {
    if (options.adminToken) return options.adminToken;
    if (token && token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.value;
    const response = await fetchFn(`${origin}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: options.clientId ?? '', client_secret: options.clientSecret ?? '' }).toString(),
    });
    if (!response.ok) throw new StoreError(`The store refused the app's credentials (${response.status})`, response.status);
    const body = (await response.json()) as { access_token: string; expires_in?: number };
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 86_399) * 1000 };
    return token.value;
  }

  /** One GraphQL call: waits out THROTTLED (by the bucket's restore rate) and 429/503 (Retry-After), never hammering. */
  async function call<T = Gql>(query: string, variables?: Record<string, unknown>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const headers = { 'X-Shopify-Access-Token': await accessToken() };
      const response = await client.request(query, { variables, headers });
      const cost = (response.extensions as { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } } | undefined)?.cost;
      const errors = response.errors;
      const throttled = errors?.graphQLErrors?.some((e: Gql) => e?.extensions?.code === 'THROTTLED');
      const status = errors?.networkStatusCode;
      if (throttled && cost?.throttleStatus && (cost.requestedQueryCost ?? 0) > cost.throttleStatus.maximumAvailable) {
        throw new StoreError(`The query costs ${cost.requestedQueryCost} points, more than the store's bucket holds`);
      }
      if (throttled || status === 429 || status === 503) {
        if (attempt >= MAX_ATTEMPTS) throw new StoreError('The store is busy (rate limited); try again in a minute', 429);
        await sleep(backOffMs(attempt, cost, errors?.response?.headers?.get?.('Retry-After')));
        continue;
      }
      if (status === 401 || status === 403) {
        token = undefined;
        throw new StoreError(`The store refused the app's access (${status})`, status);
      }
      if (errors) {
        const detail = errors.graphQLErrors?.map((e: Gql) => e.message).join('; ') || errors.message || 'unknown error';
        throw new StoreError(`The store answered an error: ${detail}`, status);
      }
      return response.data as T;
    }
  }

  async function exportAll<K extends StoreKind>(kind: K): Promise<StoreRecordOf<K>[]> {
    const started = await call(`mutation Run($query: String!) { bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { field message } } }`, {
      query: bulkQuery(kind),
    });
    const userErrors = started.bulkOperationRunQuery?.userErrors ?? [];
    if (userErrors.length) throw new StoreError(`The store refused the export: ${userErrors.map((e: Gql) => e.message).join('; ')}`);
    const id: string = started.bulkOperationRunQuery.bulkOperation.id;
    for (;;) {
      const polled = await call(`query Poll($id: ID!) { node(id: $id) { ... on BulkOperation { id status errorCode objectCount url } } }`, { id });
      const op = polled.node;
      if (!op) throw new StoreError('The store lost the export');
      if (op.status === 'COMPLETED') {
        if (!op.url) return [];
        const file = await fetchFn(op.url);
        if (!file.ok) throw new StoreError(`The export file could not be read (${file.status})`, file.status);
        return nodesFromJsonl(kind, await file.text()).map((node) => recordFromNode(kind, node));
      }
      if (['FAILED', 'CANCELED', 'CANCELLED', 'EXPIRED'].includes(op.status)) throw new StoreError(`The store's export ended ${op.status.toLowerCase()}${op.errorCode ? ` (${op.errorCode})` : ''}`);
      await sleep(options.bulkPollMs ?? BULK_POLL_MS);
    }
  }

  async function changedSince<K extends StoreKind>(kind: K, since: Date, cursor?: string) {
    const data = await call(pageQuery(kind), { first: PAGE_SIZES[kind], after: cursor ?? null, query: `updated_at:>='${since.toISOString()}'` });
    const connection = data[kind];
    return {
      items: connection.edges.map((e: Gql) => recordFromNode(kind, e.node)) as StoreRecordOf<K>[],
      ...(connection.pageInfo.hasNextPage ? { nextCursor: connection.pageInfo.endCursor as string } : {}),
    };
  }

  async function listWebhooks(): Promise<WebhookSubscription[]> {
    const all: WebhookSubscription[] = [];
    let after: string | null = null;
    for (;;) {
      const data: Gql = await call(
        `query Hooks($after: String) { webhookSubscriptions(first: 100, after: $after) { edges { cursor node { id topic callbackUrl } } pageInfo { hasNextPage endCursor } } }`,
        { after },
      );
      for (const edge of data.webhookSubscriptions.edges) all.push({ id: edge.node.id, topic: topicName(edge.node.topic), callbackUrl: edge.node.callbackUrl });
      if (!data.webhookSubscriptions.pageInfo.hasNextPage) return all;
      after = data.webhookSubscriptions.pageInfo.endCursor;
    }
  }

  return {
    label: options.label,
    exportAll,
    changedSince,
    webhookSecret: options.webhookSecret,
    listWebhooks,

    async fulfillOrder(shopifyOrderId) {
      const data = await call(
        `query Fulfillable($id: ID!) { order(id: $id) { id fulfillments { id status } fulfillmentOrders(first: 20) { edges { node { id status } } } } }`,
        { id: shopifyOrderId },
      );
      if (!data.order) throw new StoreError(`The store has no order ${shopifyOrderId}`, 404);
      const open = (data.order.fulfillmentOrders.edges as Gql[]).map((e) => e.node).filter((fo) => fo.status === 'OPEN' || fo.status === 'IN_PROGRESS');
      const existing = (data.order.fulfillments as Gql[]).map((f) => f.id as string);
      if (open.length === 0) return { fulfillmentIds: existing };
      const created = await call(
        `mutation Fulfil($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } } }`,
        { fulfillment: { notifyCustomer: false, lineItemsByFulfillmentOrder: open.map((fo) => ({ fulfillmentOrderId: fo.id })) } },
      );
      const userErrors = created.fulfillmentCreate?.userErrors ?? [];
      if (userErrors.length) throw new StoreError(`The store refused the fulfilment: ${userErrors.map((e: Gql) => e.message).join('; ')}`);
      return { fulfillmentIds: [...existing, created.fulfillmentCreate.fulfillment.id] };
    },

    async registerWebhooks(callbackUrl, topics) {
      const existing = await listWebhooks();
      for (const topic of topics) {
        if (existing.some((s) => s.topic === topic && s.callbackUrl === callbackUrl)) continue;
        const created = await call(
          `mutation Hook($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id } userErrors { field message } } }`,
          { topic: topicEnum(topic), sub: { callbackUrl, format: 'JSON' } },
        );
        const userErrors = created.webhookSubscriptionCreate?.userErrors ?? [];
        if (userErrors.length) throw new StoreError(`The store refused the ${topic} subscription: ${userErrors.map((e: Gql) => e.message).join('; ')}`);
      }
      return listWebhooks();
    },
  };
}

/**
 * How long to wait before the next attempt: the seconds the bucket needs to refill the requested cost when
 * the store said THROTTLED, Retry-After when it sent one, else an exponential step (1 s, 2 s, 4 s…, 30 s max).
 */
export function backOffMs(attempt: number, cost: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } | undefined, retryAfter?: string | null): number {
  const header = retryAfter ? Number(retryAfter) : NaN;
  if (Number.isFinite(header) && header >= 0) return Math.min(header * 1000, 60_000);
  const status = cost?.throttleStatus;
  if (status && cost?.requestedQueryCost !== undefined && status.restoreRate > 0) {
    const missing = Math.max(0, cost.requestedQueryCost - status.currentlyAvailable);
    return Math.ceil((missing / status.restoreRate) * 1000) + 100;
  }
  return Math.min(1000 * 2 ** (attempt - 1), 30_000);
}
