import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addOns, offers, services } from '../../db/schema';

/** The demo store's own records, in its own (REST-like) shape; the GraphQL layer and the webhooks read them. */
export interface DemoCustomer {
  num: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  city: string;
  createdAt: Date;
  updatedAt: Date;
  tags: string[];
}

export interface DemoProduct {
  num: number;
  title: string;
  handle: string;
  description: string;
  price: string;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface DemoLineItem {
  num: number;
  productNum: number;
  name: string;
  quantity: number;
  price: string;
}

export interface DemoOrder {
  num: number;
  number: number;
  customerNum: number;
  financialStatus: 'PAID' | 'PENDING' | 'REFUNDED';
  lineItems: DemoLineItem[];
  createdAt: Date;
  updatedAt: Date;
  cancelledAt: Date | null;
  cancelReason: string | null;
  note: string | null;
  fulfillmentOrders: { num: number; status: 'OPEN' | 'CLOSED' }[];
  fulfillments: { num: number; createdAt: Date }[];
}

export interface DemoData {
  customers: DemoCustomer[];
  products: DemoProduct[];
  orders: DemoOrder[];
}

const PEOPLE: [string, string, string, string][] = [
  ['Jordan', 'Rivera', 'jordan.rivera@example.com', 'San Jose'],
  ['Priya', 'Natarajan', 'priya.natarajan@example.com', 'Santa Clara'],
  ['Marcus', 'Chen', 'marcus.chen@example.com', 'Sunnyvale'],
  ['Elena', 'Vasquez', 'elena.vasquez@example.com', 'Campbell'],
  ['Sam', 'Okafor', 'sam.okafor@example.com', 'Milpitas'],
  ['Hannah', 'Berg', 'hannah.berg@example.com', 'Cupertino'],
];

const VEHICLE_TITLES = { sedan: 'Sedan', suv: 'Truck / SUV', oversize: 'Oversize' } as const;

/**
 * Demo customers, one product per active service (tagged `service:<slug>` so sync maps it) plus one per
 * vehicle type of the promotion (tagged `vehicle:<size>`), an add-on and a towel pack that books nothing, and
 * orders: among them PAID #1272 for Interior Refresh + Headlight Restoration, PAID #1276 for Jordan Rivera,
 * one line of the "Full Detail" service (or the first service when there is none of that name), and #1277 and
 * #1278 whose lines book services and an add-on next to one that books nothing, and #1279 of two services for
 * the public scheduling page.
 */
export async function buildDemoData(db: Database, now: Date): Promise<DemoData> {
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
  const serviceRows = await db
    .select({ slug: services.slug, id: services.id, name: services.name, price: services.price, description: services.description })
    .from(services)
    .where(eq(services.isActive, true))
    .orderBy(asc(services.sortOrder), asc(services.name));
  const [offer] = await db.select({ prices: offers.prices, serviceId: offers.serviceId, title: offers.title }).from(offers).limit(1);

  const customers: DemoCustomer[] = PEOPLE.map(([firstName, lastName, email, city], i) => ({
    num: 7001 + i,
    firstName,
    lastName,
    email,
    phone: `+1408555${String(2100 + i).padStart(4, '0')}`,
    city,
    createdAt: at(60 - i),
    updatedAt: at(20 - i),
    tags: i === 0 ? ['vip'] : [],
  }));

  let productNum = 8001;
  const products: DemoProduct[] = serviceRows.map((s, i) => ({
    num: productNum++,
    title: s.name,
    handle: s.slug ?? s.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: s.description,
    price: s.price,
    tags: [`service:${s.slug ?? s.id}`],
    createdAt: at(90),
    updatedAt: at(30 - i),
  }));
  const offerService = serviceRows.find((s) => s.id === offer?.serviceId);
  if (offer) {
    for (const [type, title] of Object.entries(VEHICLE_TITLES) as [keyof typeof VEHICLE_TITLES, string][]) {
      products.push({
        num: productNum++,
        title: `${offer.title} — ${title}`,
        handle: `sww-${type}`,
        description: `${offer.title} for a ${title.toLowerCase()}.`,
        price: offer.prices[type].offer,
        tags: offerService ? [`service:${offerService.slug ?? offerService.id}`, `vehicle:${type}`] : [`vehicle:${type}`],
        createdAt: at(40),
        updatedAt: at(10),
      });
    }
  }

  // An add-on sold on its own (tagged `add-on:<slug>` so the sync maps it), and a product that books nothing:
  // its order line is listed as not booked (docs/decisions/044).
  const [petHair] = await db.select({ slug: addOns.slug, name: addOns.name, price: addOns.price, description: addOns.description }).from(addOns).where(eq(addOns.slug, 'pet-hair-removal'));
  if (petHair) {
    products.push({ num: productNum++, title: petHair.name, handle: 'add-on-pet-hair', description: petHair.description, price: petHair.price, tags: ['add-on:pet-hair-removal'], createdAt: at(40), updatedAt: at(10) });
  }
  const towels: DemoProduct = { num: productNum++, title: 'Microfiber towel pack', handle: 'microfiber-towels', description: 'Six plush towels.', price: '12.00', tags: [], createdAt: at(40), updatedAt: at(10) };
  products.push(towels);

  const fullDetail = products.find((p) => p.title === 'Full Detail') ?? products[0];
  const byHandle = (handle: string) => products.find((p) => p.handle === handle);
  const pick = (i: number) => products[i % Math.max(products.length, 1)];
  let lineNum = 9001;
  let foNum = 5001;
  const order = (number: number, customer: number, items: (DemoProduct | undefined)[], status: DemoOrder['financialStatus'], daysAgo: number, extra: Partial<DemoOrder> = {}): DemoOrder => ({
    num: 6000 + number,
    number,
    customerNum: customers[customer]!.num,
    financialStatus: status,
    lineItems: items.filter((p): p is DemoProduct => !!p).map((p) => ({ num: lineNum++, productNum: p.num, name: p.title, quantity: 1, price: p.price })),
    createdAt: at(daysAgo),
    updatedAt: at(Math.max(daysAgo - 0.5, 0.1)),
    cancelledAt: null,
    cancelReason: null,
    note: null,
    fulfillmentOrders: [{ num: foNum++, status: 'OPEN' }],
    fulfillments: [],
    ...extra,
  });
  const orders: DemoOrder[] = [
    order(1271, 1, [pick(0)], 'PAID', 12, { fulfillmentOrders: [{ num: foNum++, status: 'CLOSED' }], fulfillments: [{ num: 4001, createdAt: at(10) }] }),
    // Interior Refresh + Headlight Restoration ($158): one booking with both.
    order(1272, 2, [byHandle('interior-refresh') ?? pick(1), byHandle('headlight-restoration') ?? pick(6)], 'PAID', 9),
    order(1273, 3, [pick(2)], 'PENDING', 7),
    order(1274, 4, [pick(3)], 'REFUNDED', 6, { cancelledAt: at(5), cancelReason: 'CUSTOMER' }),
    order(1275, 5, [products.find((p) => p.handle === 'sww-suv') ?? pick(4), towels], 'PAID', 4),
    order(1276, 0, [fullDetail], 'PAID', 2),
    // What an order covers, line by line: a service, an add-on and the towel pack that books nothing.
    order(1277, 3, [byHandle('interior-refresh') ?? pick(1), byHandle('add-on-pet-hair'), towels], 'PAID', 1.5),
    // Two services and an add-on: one booking with two vehicles (the browser tests book it from the admin).
    order(1278, 4, [fullDetail, byHandle('headlight-restoration') ?? pick(6), byHandle('add-on-pet-hair')], 'PAID', 1),
    // Two services the customer schedules on the public page (its times fit both); no test books it from the admin.
    order(1279, 5, [byHandle('interior-refresh') ?? pick(1), byHandle('headlight-restoration') ?? pick(6)], 'PAID', 0.5),
  ];
  return { customers, products, orders };
}
