import type { StoreAddressRecord, StoreCustomer, StoreKind, StoreOrder, StoreProduct, StoreRecordOf } from './store-client';

/**
 * The Admin GraphQL selections the app reads, and how a node becomes a store record. Bulk queries use the
 * same selections without page sizes (Shopify streams every node; nested connections arrive as lines
 * carrying `__parentId`).
 */
const ADDRESS = 'address1 city province zip country';
const MONEY = 'shopMoney { amount currencyCode }';

const CUSTOMER_FIELDS = `id firstName lastName email phone state note tags verifiedEmail createdAt updatedAt numberOfOrders
  amountSpent { amount currencyCode } defaultAddress { ${ADDRESS} } lastOrder { id name }
  emailMarketingConsent { marketingState marketingOptInLevel }`;
const PRODUCT_FIELDS = `id title descriptionHtml vendor productType status tags handle templateSuffix createdAt updatedAt publishedAt`;
const VARIANTS = (page: string) => `variants${page} { edges { node { id title price sku } } }`;
const ORDER_FIELDS = `id name email phone createdAt updatedAt processedAt cancelledAt cancelReason closedAt note tags sourceName
  displayFinancialStatus displayFulfillmentStatus currencyCode
  totalPriceSet { ${MONEY} } subtotalPriceSet { ${MONEY} } totalTaxSet { ${MONEY} } totalDiscountsSet { ${MONEY} }
  customer { id firstName lastName } shippingAddress { ${ADDRESS} } billingAddress { ${ADDRESS} }`;
const LINE_ITEMS = (page: string) => `lineItems${page} { edges { node { id name variantTitle quantity originalUnitPriceSet { ${MONEY} } product { id } } } }`;

/**
 * Page sizes of paged reads, kept so one page costs a few hundred points of the store's bucket (a query over
 * 1,000 points is refused): customers 50; products 25 with 10 variants; orders 10 with 10 line items.
 */
export const PAGE_SIZES: Record<StoreKind, number> = { customers: 50, products: 25, orders: 10 };
const NESTED_PAGE = '(first: 10)';

/** The node selection of each kind; `page` is '(first: 10)' for paged reads and '' in a bulk query. */
export function selectionOf(kind: StoreKind, page: string): string {
  if (kind === 'customers') return CUSTOMER_FIELDS;
  if (kind === 'products') return `${PRODUCT_FIELDS} ${VARIANTS(page)}`;
  return `${ORDER_FIELDS} ${LINE_ITEMS(page)}`;
}

export function bulkQuery(kind: StoreKind): string {
  return `{ ${kind} { edges { node { ${selectionOf(kind, '')} } } } }`;
}

export function pageQuery(kind: StoreKind): string {
  return `query Page($first: Int!, $after: String, $query: String) {
  ${kind}(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    edges { cursor node { ${selectionOf(kind, NESTED_PAGE)} } }
    pageInfo { hasNextPage endCursor }
  }
}`;
}

/** The store's JSON, read field by field: its shape is the selection above (a missing field reads as undefined). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Gql = any;
type Node = Record<string, Gql>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const tags = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '');
const amount = (set: Node | null | undefined): string | null => text(set?.shopMoney?.amount) ?? null;
const address = (a: Node | null | undefined): StoreAddressRecord | null =>
  a ? { address1: a.address1 ?? undefined, city: a.city ?? undefined, province: a.province ?? undefined, zip: a.zip ?? undefined, country: a.country ?? undefined } : null;
const edges = (connection: Node | null | undefined): Node[] => connection?.edges?.map((e: Node) => e.node) ?? connection?.nodes ?? [];

/** PARTIALLY_FULFILLED → partial, the REST word the rest of the app uses. */
export function statusWord(value: unknown): string | null {
  const word = text(value)?.toLowerCase() ?? null;
  if (word === 'partially_fulfilled') return 'partial';
  return word;
}

export function customerFromNode(n: Node): StoreCustomer {
  const defaultAddress = address(n.defaultAddress);
  return {
    id: n.id,
    firstName: text(n.firstName),
    lastName: text(n.lastName),
    email: text(n.email)?.toLowerCase() ?? null,
    phone: text(n.phone),
    state: text(n.state)?.toLowerCase() ?? null,
    note: text(n.note),
    tags: tags(n.tags),
    verifiedEmail: Boolean(n.verifiedEmail),
    acceptsMarketing: n.emailMarketingConsent?.marketingState === 'SUBSCRIBED',
    totalSpent: text(n.amountSpent?.amount) ?? '0',
    currency: text(n.amountSpent?.currencyCode) ?? 'USD',
    ordersCount: Number(n.numberOfOrders ?? 0),
    defaultAddress,
    addresses: defaultAddress ? [defaultAddress] : [],
    lastOrderId: text(n.lastOrder?.id),
    lastOrderName: text(n.lastOrder?.name),
    createdAt: text(n.createdAt),
    updatedAt: n.updatedAt,
  };
}

export function productFromNode(n: Node): StoreProduct {
  return {
    id: n.id,
    title: n.title,
    bodyHtml: text(n.descriptionHtml),
    vendor: text(n.vendor),
    productType: text(n.productType),
    status: text(n.status)?.toLowerCase() ?? null,
    tags: tags(n.tags),
    handle: text(n.handle),
    templateSuffix: text(n.templateSuffix),
    variants: edges(n.variants).map((v) => ({ id: v.id, title: v.title, price: String(v.price), sku: v.sku ?? null })),
    createdAt: text(n.createdAt),
    updatedAt: n.updatedAt,
    publishedAt: text(n.publishedAt),
  };
}

export function orderFromNode(n: Node): StoreOrder {
  const name = String(n.name);
  const customerName = [n.customer?.firstName, n.customer?.lastName].filter(Boolean).join(' ');
  return {
    id: n.id,
    name,
    orderNumber: name.replace(/^#/, ''),
    customerId: text(n.customer?.id),
    email: text(n.email)?.toLowerCase() ?? null,
    phone: text(n.phone),
    customerName: customerName || null,
    totalPrice: amount(n.totalPriceSet) ?? '0',
    subtotalPrice: amount(n.subtotalPriceSet),
    totalTax: amount(n.totalTaxSet),
    totalDiscounts: amount(n.totalDiscountsSet),
    currency: text(n.currencyCode) ?? text(n.totalPriceSet?.shopMoney?.currencyCode) ?? 'USD',
    financialStatus: statusWord(n.displayFinancialStatus),
    fulfillmentStatus: statusWord(n.displayFulfillmentStatus),
    lineItems: edges(n.lineItems).map((li) => ({
      name: li.name,
      quantity: Number(li.quantity ?? 1),
      price: amount(li.originalUnitPriceSet) ?? '0',
      ...(li.product?.id ? { productId: li.product.id as string } : {}),
      ...(li.variantTitle ? { variantTitle: String(li.variantTitle) } : {}),
    })),
    shippingAddress: address(n.shippingAddress),
    billingAddress: address(n.billingAddress),
    note: text(n.note),
    tags: tags(n.tags),
    sourceName: text(n.sourceName),
    cancelledAt: text(n.cancelledAt),
    cancelReason: text(n.cancelReason)?.toLowerCase() ?? null,
    closedAt: text(n.closedAt),
    processedAt: text(n.processedAt),
    createdAt: text(n.createdAt),
    updatedAt: n.updatedAt,
  };
}

export function recordFromNode<K extends StoreKind>(kind: K, node: Node): StoreRecordOf<K> {
  const record = kind === 'customers' ? customerFromNode(node) : kind === 'products' ? productFromNode(node) : orderFromNode(node);
  return record as StoreRecordOf<K>;
}

/**
 * A bulk operation's JSONL: top-level nodes, and children of nested connections as separate lines with
 * `__parentId`. Children are folded back into their parent's connection (`variants`, `lineItems`).
 */
export function nodesFromJsonl(kind: StoreKind, jsonl: string): Node[] {
  const parents = new Map<string, Node>();
  const childKey = kind === 'products' ? 'variants' : kind === 'orders' ? 'lineItems' : undefined;
  for (const line of jsonl.split('\n')) {
    if (!line.trim()) continue;
    const node = JSON.parse(line) as Node;
    if (node.__parentId) {
      const parent = parents.get(node.__parentId);
      if (parent && childKey) (parent[childKey] ??= { edges: [] }).edges.push({ node });
    } else {
      parents.set(node.id, node);
    }
  }
  return [...parents.values()];
}
