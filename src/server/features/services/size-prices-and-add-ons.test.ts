import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const serviceId = async (slug: string) => (await t.ctx.db.select({ id: services.id }).from(services).where(eq(services.slug, slug)))[0]!.id;
const service = { name: 'Seat Shampoo', description: '<p>Deep clean.</p>', price: '80.00', duration: 60 };
const empty = { price: null, duration: null };

describe('prices and minutes per size class', () => {
  it('saves the dialog table, leaving empty classes at the base, and shows it in the public catalogue', async () => {
    const created = await t.call('POST', '/api/admin/services', { cookie: admin, body: { ...service, sizePrices: { suv: { price: '95', duration: '75' }, oversize: { price: '', duration: 90 } } } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().sizePrices).toEqual({ sedan: empty, suv: { price: '95.00', duration: 75 }, oversize: { price: null, duration: 90 } });

    const id = created.json().id as string;
    const edited = await t.call('PUT', `/api/admin/services/${id}`, { cookie: admin, body: { ...service, sizePrices: { suv: { price: '99.50', duration: null } } } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().sizePrices).toEqual({ sedan: empty, suv: { price: '99.50', duration: null }, oversize: empty });

    const one = await t.call('GET', `/api/services/${id}`);
    expect(one.json().sizePrices.suv).toEqual({ price: '99.50', duration: null });
    const listed = (await t.call('GET', '/api/services')).json() as Array<{ id: string; sizePrices: unknown }>;
    expect(listed.find((s) => s.id === id)?.sizePrices).toEqual({ sedan: empty, suv: { price: '99.50', duration: null }, oversize: empty });
    // A form that sends no table clears none of the base figures and keeps every class empty.
    const plain = await t.call('PUT', `/api/admin/services/${id}`, { cookie: admin, body: service });
    expect(plain.json().sizePrices).toEqual({ sedan: empty, suv: empty, oversize: empty });
  });

  it.each([
    [{ suv: { price: 'lots' } }, 'SUV price must be an amount in dollars, like 49.00'],
    [{ oversize: { price: '-5' } }, 'Oversize price must be an amount in dollars, like 49.00'],
    [{ suv: { duration: 10 } }, 'SUV duration must be at least 15 minutes'],
    [{ oversize: { duration: 721 } }, 'Oversize duration must be at most 720 minutes'],
    [{ sedan: { duration: 45.5 } }, 'Sedan duration must be whole minutes'],
  ])('refuses the table %o with "%s"', async (sizePrices, message) => {
    const response = await t.call('POST', '/api/admin/services', { cookie: admin, body: { ...service, sizePrices } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_INPUT', message });
  });
});

describe('add-ons', () => {
  it('lists the standard add-ons of a service with their price at every size class', async () => {
    const detail = await t.call('GET', `/api/services/${await serviceId('full-detail')}`);
    expect(detail.statusCode).toBe(200);
    const addOns = detail.json().addOns as Array<{ name: string; prices: Record<string, string>; minutes: number }>;
    expect(addOns.map((a) => a.name)).toEqual(['Pet hair removal', 'Ceramic spray sealant', 'Odour treatment']);
    expect(addOns[0]).toMatchObject({ price: '40.00', prices: { sedan: '40.00', suv: '50.00', oversize: '60.00' }, minutes: 30 });
    expect(addOns[2]!.prices).toEqual({ sedan: '35.00', suv: '35.00', oversize: '35.00' });
  });

  it('creates, edits, deactivates and deletes an add-on; the public page shows only active ones of that service', async () => {
    const wash = await serviceId('express-exterior-wash');
    const interior = await serviceId('interior-refresh');
    const body = { name: 'Headlight restoration', description: 'Clear lenses again.', price: '45', sizePrices: { oversize: '55' }, minutes: 30, serviceIds: [wash] };
    const created = await t.call('POST', '/api/admin/add-ons', { cookie: admin, body, headers: { 'idempotency-key': 'add-on-headlights-1' } });
    expect(created.statusCode, created.body).toBe(201);
    const addOn = created.json();
    expect(addOn).toMatchObject({ name: 'Headlight restoration', price: '45.00', sizePrices: { sedan: null, suv: null, oversize: '55.00' }, prices: { sedan: '45.00', suv: '45.00', oversize: '55.00' }, minutes: 30, serviceIds: [wash], isActive: true });
    // A retried create with the same key saves one add-on.
    const again = await t.call('POST', '/api/admin/add-ons', { cookie: admin, body, headers: { 'idempotency-key': 'add-on-headlights-1' } });
    expect(again.json().id).toBe(addOn.id);

    const shown = async (id: string) => ((await t.call('GET', `/api/services/${id}`)).json().addOns as Array<{ id: string }>).some((a) => a.id === addOn.id);
    expect(await shown(wash)).toBe(true);
    expect(await shown(interior)).toBe(false);

    const moved = await t.call('PUT', `/api/admin/add-ons/${addOn.id}`, { cookie: admin, body: { ...body, serviceIds: [interior, interior] } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().serviceIds).toEqual([interior]);
    expect(await shown(wash)).toBe(false);
    expect(await shown(interior)).toBe(true);

    const inactive = await t.call('PUT', `/api/admin/add-ons/${addOn.id}`, { cookie: admin, body: { ...body, serviceIds: [interior], isActive: false } });
    expect(inactive.json().isActive).toBe(false);
    expect(await shown(interior)).toBe(false);

    const deleted = await t.call('DELETE', `/api/admin/add-ons/${addOn.id}`, { cookie: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/admin/add-ons/${addOn.id}`, { cookie: admin })).json()).toMatchObject({ code: 'ADD_ON_NOT_FOUND' });
    expect((await t.call('PUT', `/api/admin/add-ons/${addOn.id}`, { cookie: admin, body })).statusCode).toBe(404);
  });

  it('pages the admin list, inactive ones included', async () => {
    const first = await t.call('GET', '/api/admin/add-ons?page=1&pageSize=2', { cookie: admin });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items[0]).toMatchObject({ name: 'Pet hair removal', serviceIds: expect.arrayContaining([await serviceId('full-detail')]) });
  });

  it.each([
    [{ name: '' }, 'Please fill in all required fields'],
    [{ price: 'cheap' }, 'Price must be an amount in dollars, like 49.00'],
    [{ sizePrices: { suv: 'x' } }, 'SUV price must be an amount in dollars, like 49.00'],
    [{ minutes: -5 }, 'Minutes cannot be negative'],
    [{ minutes: 481 }, 'Minutes must be at most 480'],
    [{ serviceIds: ['00000000-0000-4000-8000-000000000000'] }, 'One of the chosen services does not exist'],
  ])('refuses %o with "%s"', async (override, message) => {
    const response = await t.call('POST', '/api/admin/add-ons', { cookie: admin, body: { name: 'Wax', price: '10', minutes: 15, ...override } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_INPUT', message });
  });

  it('is the back office’s alone', async () => {
    const { cookie } = await t.createUser();
    expect((await t.call('GET', '/api/admin/add-ons', { cookie })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/admin/add-ons', { cookie, body: { name: 'Free', price: '0', minutes: 0 } })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/add-ons')).statusCode).toBe(401);
  });
});
