import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingJobView } from '../../../shared/schemas/booking-lines';
import type { ServiceView } from '../../../shared/schemas/services';
import { addOns, bookings, shopifyProducts } from '../../db/schema';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { countyPlace } from '../../integrations/geo/builtin';
import { insertStoreOrder } from '../../test/store-fixtures';

/** Store products mapped to services and add-ons, and an order of them booked as one job (docs/decisions/044). */

let t: TestApp;
let admin: string;
let interior: ServiceView;
let headlight: ServiceView;
let petHair: { id: string; name: string };
let orderCounter = 4000;
const nextNumber = () => String(++orderCounter);

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  admin = await t.login('admin@glint.local');
  interior = await serviceNamed(t, 'Interior Refresh');
  headlight = await serviceNamed(t, 'Headlight Restoration');
  const [row] = await t.ctx.db.select({ id: addOns.id, name: addOns.name }).from(addOns).where(eq(addOns.slug, 'pet-hair-removal'));
  petHair = row!;
});
afterAll(() => t.close());

async function mirroredProduct(title: string, variants: string[] = ['Default Title']) {
  const shopifyProductId = `gid://shopify/Product/${randomUUID()}`;
  await t.ctx.db.insert(shopifyProducts).values({ shopifyProductId, title: `${title} ${shopifyProductId.slice(-6)}`, variants: variants.map((v, i) => ({ id: `v${i}`, title: v, price: '89.00' })) });
  return shopifyProductId;
}
const mappingUrl = (productId: string) => `/api/admin/shopify/products/${encodeURIComponent(productId)}/mapping`;

/** An order of Interior Refresh (its SUV variant), Headlight Restoration, the pet hair add-on and a gift card nobody mapped. */
async function twoServiceOrder(email: string) {
  return insertStoreOrder(t.ctx.db, {
    orderNumber: nextNumber(),
    email,
    totalPrice: '223.00',
    lineItems: [{ name: 'Gift card', quantity: 1, price: '25.00' }],
    mappedLines: [
      { kind: 'service', itemId: interior.id, name: 'Interior Refresh - SUV', price: '89.00', variantTitle: 'SUV', variantSizes: { SUV: 'suv', Sedan: 'sedan' } },
      { kind: 'service', itemId: headlight.id, name: 'Headlight Restoration', price: '69.00' },
      { kind: 'add_on', itemId: petHair.id, name: 'Pet hair removal', price: '40.00' },
    ],
  });
}

const lineNames = (job: BookingJobView) => job.vehicles.map((v) => [v.sizeClass, ...v.lines.map((l) => `${l.label} ${l.amount}`)]);

describe('the store product mapping (GET /api/admin/shopify/products, PUT/DELETE …/:productId/mapping)', () => {
  it('lists a product unmapped, maps it to a service with sizes per variant, then to an add-on, then unmaps it', async () => {
    const productId = await mirroredProduct('Interior Refresh', ['Sedan', 'SUV']);
    const listed = await t.call('GET', '/api/admin/shopify/products?pageSize=100', { cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const row = listed.json().items.find((p: { shopifyProductId: string }) => p.shopifyProductId === productId);
    expect(row).toMatchObject({ mapping: null, variants: [{ title: 'Sedan' }, { title: 'SUV' }] });

    const mapped = await t.call('PUT', mappingUrl(productId), { cookie: admin, body: { kind: 'service', itemId: interior.id, variantSizes: { SUV: 'suv', Sedan: 'sedan' } } });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().mapping).toEqual({ kind: 'service', itemId: interior.id, itemName: 'Interior Refresh', sizeClass: null, variantSizes: { SUV: 'suv', Sedan: 'sedan' } });
    const [product] = await t.ctx.db.select({ serviceId: shopifyProducts.serviceId }).from(shopifyProducts).where(eq(shopifyProducts.shopifyProductId, productId));
    expect(product?.serviceId).toBe(interior.id);

    const asAddOn = await t.call('PUT', mappingUrl(productId), { cookie: admin, body: { kind: 'add_on', itemId: petHair.id, sizeClass: 'oversize' } });
    expect(asAddOn.json().mapping).toEqual({ kind: 'add_on', itemId: petHair.id, itemName: 'Pet hair removal', sizeClass: 'oversize', variantSizes: {} });
    const again = (await t.call('GET', '/api/admin/shopify/products?pageSize=100', { cookie: admin })).json().items.find((p: { shopifyProductId: string }) => p.shopifyProductId === productId);
    expect(again.mapping.kind).toBe('add_on');

    const removed = await t.call('DELETE', mappingUrl(productId), { cookie: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().mapping).toBeNull();
  });

  it('refuses bad input with a 4xx code: an unknown kind, size, service, add-on or product, and anyone but the admin', async () => {
    const productId = await mirroredProduct('Headlights');
    const badKind = await t.call('PUT', mappingUrl(productId), { cookie: admin, body: { kind: 'gift', itemId: interior.id } });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().code).toBe('INVALID_INPUT');
    const badSize = await t.call('PUT', mappingUrl(productId), { cookie: admin, body: { kind: 'service', itemId: interior.id, variantSizes: { SUV: 'bus' } } });
    expect(badSize.statusCode).toBe(400);
    const noService = await t.call('PUT', mappingUrl(productId), { cookie: admin, body: { kind: 'service', itemId: randomUUID() } });
    expect(noService.json()).toMatchObject({ code: 'SERVICE_NOT_FOUND' });
    const serviceAsAddOn = await t.call('PUT', mappingUrl(productId), { cookie: admin, body: { kind: 'add_on', itemId: interior.id } });
    expect(serviceAsAddOn.json()).toMatchObject({ code: 'ADD_ON_NOT_FOUND' });
    const noProduct = await t.call('PUT', mappingUrl('gid://shopify/Product/404'), { cookie: admin, body: { kind: 'service', itemId: interior.id } });
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json().code).toBe('STORE_PRODUCT_NOT_FOUND');
    const { cookie: customer } = await t.createUser();
    expect((await t.call('PUT', mappingUrl(productId), { cookie: customer, body: { kind: 'service', itemId: interior.id } })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/shopify/products')).statusCode).toBe(401);
  });
});

describe('an order of mapped products becomes one booking with all its lines', () => {
  it("lists what the order covers, the unmapped gift card among them, for the customer's lookup and the admin's list", async () => {
    const email = `covers-${randomUUID().slice(0, 8)}@example.com`;
    const order = await twoServiceOrder(email);
    const lookup = await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: order.orderNumber, email } });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().order.covers).toEqual([
      { name: 'Gift card', quantity: 1, price: '25.00', kind: null, itemId: null, itemName: null, sizeClass: null },
      { name: 'Interior Refresh - SUV', quantity: 1, price: '89.00', kind: 'service', itemId: interior.id, itemName: 'Interior Refresh', sizeClass: 'suv' },
      { name: 'Headlight Restoration', quantity: 1, price: '69.00', kind: 'service', itemId: headlight.id, itemName: 'Headlight Restoration', sizeClass: null },
      { name: 'Pet hair removal', quantity: 1, price: '40.00', kind: 'add_on', itemId: petHair.id, itemName: 'Pet hair removal', sizeClass: null },
    ]);
    expect(lookup.json().allowedServices.map((s: ServiceView) => s.name).sort()).toEqual(['Headlight Restoration', 'Interior Refresh']);
    const list = (await t.call('GET', '/api/admin/shopify/orders/fulfillment-ready?pageSize=100', { cookie: admin })).json();
    const listed = list.items.find((o: { id: string }) => o.id === order.id);
    expect(listed.covers.filter((c: { kind: string | null }) => c.kind === null).map((c: { name: string }) => c.name)).toEqual(['Gift card']);
  });

  it("the admin's Create Booking (no service chosen) books both services as vehicles, the add-on on the first, at the store's prices, with the customer's name, the geocoded address, the total and every minute; the e-mail lists the lines", async () => {
    const email = `two-${randomUUID().slice(0, 8)}@example.com`;
    const order = await twoServiceOrder(email);
    const created = await t.call('POST', `/api/admin/shopify/orders/${order.id}/create-booking`, { cookie: admin, body: { scheduledDate: '2026-06-02T10:00:00-07:00' } });
    expect(created.statusCode, created.body).toBe(201);
    const { booking } = created.json();
    // 89 + 69 + 40: the gift card is not part of the booking; the store charged no tax and we add no fee.
    expect(booking.totalAmount).toBe('198.00');

    const view = (await t.call('GET', `/api/admin/bookings/${booking.id}`, { cookie: admin })).json();
    expect(lineNames(view.job)).toEqual([
      ['suv', 'Interior Refresh 89.00', 'Pet hair removal 40.00'],
      ['sedan', 'Headlight Restoration 69.00'],
    ]);
    expect(view.job.vehicles.map((v: { minutes: number }) => v.minutes)).toEqual([105 + 30, 60]);
    expect(view.job.extras.map((l: { kind: string; amount: string }) => `${l.kind} ${l.amount}`)).toEqual(['service_fee 0.00', 'tax 0.00']);
    expect(view).toMatchObject({ serviceId: interior.id, durationMinutes: 195, totalAmount: '198.00', serviceFee: '0.00', tax: '0.00' });

    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ serviceType: 'mobile', addressZip: '95110', paymentStatus: 'store' });
    expect(row?.latitude).not.toBeNull();
    expect(row?.longitude).not.toBeNull();

    const mail = await latestMailTo(t, email);
    expect(mail?.text).toContain('SUV');
    expect(mail?.text).toMatch(/Interior Refresh\s+\$89\.00/);
    expect(mail?.text).toMatch(/Pet hair removal\s+\$40\.00/);
    expect(mail?.text).toMatch(/Headlight Restoration\s+\$69\.00/);
    expect(mail?.text).toMatch(/Total\s+\$198\.00/);
    // No fee was charged: no fee line.
    expect(mail?.text).not.toContain('Service fee');
  });

  it('refuses a service the order did not buy, and asks for a service when the order maps none', async () => {
    const email = `foreign-${randomUUID().slice(0, 8)}@example.com`;
    const order = await twoServiceOrder(email);
    const fullDetail = await serviceNamed(t, 'Full Detail');
    const foreign = await t.call('POST', `/api/admin/shopify/orders/${order.id}/create-booking`, { cookie: admin, body: { serviceId: fullDetail.id, scheduledDate: '2026-06-02T10:00:00-07:00' } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('STORE_SERVICE_NOT_IN_ORDER');

    const unmapped = await insertStoreOrder(t.ctx.db, { orderNumber: nextNumber(), email, totalPrice: '50.00', lineItems: [{ name: 'Gift card', quantity: 1, price: '50.00' }] });
    const noService = await t.call('POST', `/api/admin/shopify/orders/${unmapped.id}/create-booking`, { cookie: admin, body: { scheduledDate: '2026-06-02T10:00:00-07:00' } });
    expect(noService.statusCode).toBe(400);
    expect(noService.json()).toMatchObject({ code: 'INVALID_INPUT', message: 'Missing Information - Please fill in all required fields.' });
    // Chosen for it, the service costs what the order's lines cost, so the booking carries what was paid.
    const chosen = await t.call('POST', `/api/admin/shopify/orders/${unmapped.id}/create-booking`, { cookie: admin, body: { serviceId: fullDetail.id, scheduledDate: '2026-06-02T10:00:00-07:00' } });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().booking.totalAmount).toBe('50.00');
  });

  it("the customer's scheduling books the whole order whichever of its services is chosen", async () => {
    const email = `cust-${randomUUID().slice(0, 8)}@example.com`;
    const order = await twoServiceOrder(email);
    const response = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, {
      body: { email, serviceId: headlight.id, slotId: `${TUESDAY}T13:00`, dateKey: TUESDAY, serviceType: 'mobile', address: HOME, phone: '(408) 555-0199' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { booking, trackingToken } = response.json();
    const tracking = (await t.call('GET', `/api/bookings/guest/${booking.id}?token=${trackingToken}`)).json();
    expect(lineNames(tracking.job)).toEqual([
      ['suv', 'Interior Refresh 89.00', 'Pet hair removal 40.00'],
      ['sedan', 'Headlight Restoration 69.00'],
    ]);
    expect(tracking.totalAmount).toBe('198.00');
  });
});

describe("the scheduling page's times are the whole order's (POST /api/shopify-orders/:orderId/available-slots, available-days)", () => {
  const starts = (response: { json(): unknown }) => (response.json() as { id: string }[]).map((slot) => slot.id);

  it('lists fewer late starts for an order of two services than one service would, each of them bookable, and says how long the job takes', async () => {
    const email = `slots-${randomUUID().slice(0, 8)}@example.com`;
    const order = await twoServiceOrder(email);
    const lookup = await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: order.orderNumber, email } });
    // Interior Refresh at SUV size with pet hair (105 + 30) and Headlight Restoration (60).
    expect(lookup.json().jobMinutes).toBe(195);

    const forOrder = await t.call('POST', `/api/shopify-orders/${order.id}/available-slots`, { body: { email, date: TUESDAY } });
    expect(forOrder.statusCode, forOrder.body).toBe(200);
    const forService = await t.call('GET', `/api/services/${interior.id}/available-slots?date=${TUESDAY}`);
    const orderStarts = starts(forOrder);
    const serviceStarts = starts(forService);
    expect(orderStarts.length).toBeGreaterThan(0);
    expect(orderStarts.length).toBeLessThan(serviceStarts.length);
    expect(orderStarts.every((id) => serviceStarts.includes(id))).toBe(true);
    const lastForOrder = orderStarts.at(-1)!;
    expect(lastForOrder < serviceStarts.at(-1)!).toBe(true);

    const days = await t.call('POST', `/api/shopify-orders/${order.id}/available-days`, { body: { email, from: TUESDAY, to: '2026-06-09' } });
    expect(days.statusCode, days.body).toBe(200);
    expect(days.json().dates).toContain(TUESDAY);

    // The last start offered fits the whole job: the booking takes it.
    const booked = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, {
      body: { email, serviceId: interior.id, slotId: lastForOrder, dateKey: TUESDAY, serviceType: 'mobile', address: HOME },
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it("answers only the order's e-mail, refuses a service outside the order, and times an unmapped order by the service chosen for it", async () => {
    const email = `slots-auth-${randomUUID().slice(0, 8)}@example.com`;
    const order = await twoServiceOrder(email);
    const wrongEmail = await t.call('POST', `/api/shopify-orders/${order.id}/available-slots`, { body: { email: 'someone@example.com', date: TUESDAY } });
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongEmail.json().code).toBe('STORE_ORDER_NOT_FOUND');
    const unknownOrder = await t.call('POST', `/api/shopify-orders/${randomUUID()}/available-days`, { body: { email, from: TUESDAY, to: TUESDAY } });
    expect(unknownOrder.statusCode).toBe(404);
    const fullDetail = await serviceNamed(t, 'Full Detail');
    const foreign = await t.call('POST', `/api/shopify-orders/${order.id}/available-slots`, { body: { email, serviceId: fullDetail.id, date: TUESDAY } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('STORE_SERVICE_NOT_IN_ORDER');
    const badDate = await t.call('POST', `/api/shopify-orders/${order.id}/available-slots`, { body: { email, date: 'tuesday' } });
    expect(badDate.statusCode).toBe(400);
    const tooLong = await t.call('POST', `/api/shopify-orders/${order.id}/available-days`, { body: { email, from: TUESDAY, to: '2026-12-31' } });
    expect(tooLong.statusCode).toBe(400);

    const unmapped = await insertStoreOrder(t.ctx.db, { orderNumber: nextNumber(), email, totalPrice: '50.00', lineItems: [{ name: 'Gift card', quantity: 1, price: '50.00' }] });
    expect((await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: unmapped.orderNumber, email } })).json().jobMinutes).toBeNull();
    const noService = await t.call('POST', `/api/shopify-orders/${unmapped.id}/available-slots`, { body: { email, date: TUESDAY } });
    expect(noService.statusCode).toBe(400);
    expect(noService.json().code).toBe('INVALID_INPUT');
    const chosen = await t.call('POST', `/api/shopify-orders/${unmapped.id}/available-slots`, { body: { email, serviceId: fullDetail.id, date: TUESDAY } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(starts(chosen)).toEqual(starts(await t.call('GET', `/api/services/${fullDetail.id}/available-slots?date=${TUESDAY}`)));
  });
});

describe("the client's vehicles", () => {
  it('lists the vehicles saved on the account, then those named on the booking lines and in older bookings’ text, each once', async () => {
    const { user, cookie } = await t.createUser({ email: `garage-${randomUUID().slice(0, 8)}@example.com` });
    const saved = await t.call('POST', '/api/vehicles', { cookie, body: { year: 2019, make: 'Honda', model: 'CR-V', colour: 'blue', plate: '8abc123', sizeClass: 'suv' } });
    expect(saved.statusCode, saved.body).toBe(201);
    const order = await twoServiceOrder(user.email);
    const created = await t.call('POST', `/api/admin/shopify/orders/${order.id}/create-booking`, { cookie: admin, body: { scheduledDate: '2026-06-03T10:00:00-07:00' } });
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json().booking.id as string;
    // The vehicles the booking's lines name (as the booking start writes them), and an older booking's free text.
    await t.handle.executeSql(`update booking_lines set vehicle_label = case when vehicle_index = 0 then '2015 Toyota Sienna' else '2019 Honda CR-V, blue' end where booking_id = $1 and vehicle_index is not null`, [bookingId]);
    await t.handle.executeSql(`update bookings set vehicle = 'Red Mini Cooper' where id = $1`, [bookingId]);
    const [row] = await t.ctx.db.select({ clientId: bookings.clientId }).from(bookings).where(eq(bookings.id, bookingId));

    const detail = await t.call('GET', `/api/admin/clients/${row!.clientId}`, { cookie: admin });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().vehicles.map((v: { description: string; plate: string | null; sizeClass: string | null; saved: boolean }) => [v.description, v.plate, v.sizeClass, v.saved])).toEqual([
      ['2019 Honda CR-V, blue', '8ABC123', 'suv', true],
      ['2015 Toyota Sienna', null, 'suv', false],
      ['Red Mini Cooper', null, null, false],
    ]);
  });
});

// Last in the file: it adds a technician, and with one the slot lists weigh the drive (decision 055).
describe('an order’s starts are where its job goes', () => {
  it('without a point from the page, lists the starts a technician can reach at the order’s shipping ZIP', async () => {
    // A Wednesday the other tests leave empty.
    const LATER = '2026-06-10';
    const email = `reach-${randomUUID().slice(0, 8)}@example.com`;
    const order = await twoServiceOrder(email);
    const list = async (body: Record<string, unknown>) => {
      const response = await t.call('POST', `/api/shopify-orders/${order.id}/available-slots`, { body: { email, date: LATER, ...body } });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { id: string }[]).map((slot) => slot.id);
    };
    expect(await list({})).toContain(`${LATER}T09:00`);
    await t.createUser({ role: 'driver', fullName: 'Tess Tech' });
    // The technician starts at the business at opening: 09:00 at the customer's is out of reach.
    const zip = countyPlace('95110')!;
    const atShipping = await list({});
    expect(atShipping).not.toContain(`${LATER}T09:00`);
    expect(atShipping.length).toBeGreaterThan(0);
    expect(atShipping).toEqual(await list({ latitude: zip.latitude, longitude: zip.longitude }));
  });
});
