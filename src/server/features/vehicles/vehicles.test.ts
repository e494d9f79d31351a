import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_VEHICLES } from '../../../shared/schemas/vehicles';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const civic = { year: 2019, make: 'Honda', model: 'Civic', colour: 'Blue', plate: ' 7abc 123 ', sizeClass: 'sedan', notes: 'Roof rack' };

async function add(cookie: string, body: Record<string, unknown>) {
  const response = await t.call('POST', '/api/vehicles', { cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; plate: string | null; year: number | null; sizeClass: string };
}

describe('saved vehicles', () => {
  it('adds, lists, edits and deletes a vehicle, storing the plate upper case without spaces', async () => {
    const { cookie } = await t.createUser();
    const created = await add(cookie, civic);
    expect(created).toMatchObject({ year: 2019, make: 'Honda', model: 'Civic', colour: 'Blue', plate: '7ABC123', sizeClass: 'sedan', notes: 'Roof rack' });

    const truck = await add(cookie, { make: 'Ford', model: 'F-250 Super Duty', sizeClass: 'oversize' });
    expect(truck).toMatchObject({ year: null, plate: null, colour: null, notes: null });

    const listed = await t.call('GET', '/api/vehicles', { cookie });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ page: 1, total: 2, items: [{ id: created.id }, { id: truck.id }] });

    const edited = await t.call('PUT', `/api/vehicles/${created.id}`, { cookie, body: { ...civic, model: 'CR-V', sizeClass: 'suv', plate: '', year: '' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ model: 'CR-V', sizeClass: 'suv', plate: null, year: null });

    const deleted = await t.call('DELETE', `/api/vehicles/${created.id}`, { cookie });
    expect(deleted.statusCode).toBe(200);
    expect((await t.call('GET', '/api/vehicles', { cookie })).json()).toMatchObject({ total: 1, items: [{ id: truck.id }] });
  });

  it('pages the list', async () => {
    const { cookie } = await t.createUser();
    for (const model of ['Civic', 'Accord', 'Fit']) await add(cookie, { make: 'Honda', model, sizeClass: 'sedan' });
    const second = await t.call('GET', '/api/vehicles?page=2&pageSize=2', { cookie });
    expect(second.json()).toMatchObject({ page: 2, pageSize: 2, total: 3, items: [{ model: 'Fit' }] });
    expect((await t.call('GET', '/api/vehicles?pageSize=1000', { cookie })).statusCode).toBe(400);
  });

  it("answers 404 for someone else's vehicle and never changes it", async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const vehicle = await add(owner.cookie, civic);
    const put = await t.call('PUT', `/api/vehicles/${vehicle.id}`, { cookie: other.cookie, body: { ...civic, model: 'Stolen' } });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'VEHICLE_NOT_FOUND' });
    expect((await t.call('DELETE', `/api/vehicles/${vehicle.id}`, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.call('DELETE', '/api/vehicles/not-a-uuid', { cookie: other.cookie })).json()).toMatchObject({ code: 'VEHICLE_NOT_FOUND' });
    expect((await t.call('GET', '/api/vehicles', { cookie: other.cookie })).json()).toMatchObject({ total: 0, items: [] });
    expect((await t.call('GET', '/api/vehicles', { cookie: owner.cookie })).json()).toMatchObject({ items: [{ model: 'Civic' }] });
    expect((await t.call('GET', '/api/vehicles')).statusCode).toBe(401);
  });

  it.each([
    [{ make: '' }, 'Make is required'],
    [{ model: undefined }, 'Model is required'],
    [{ sizeClass: 'bus' }, 'Size class must be sedan, suv or oversize'],
    [{ year: 1949 }, 'Year must be between 1950 and'],
    [{ year: new Date().getUTCFullYear() + 2 }, 'Year must be between 1950 and'],
    [{ year: 2019.5 }, 'Year must be between 1950 and'],
    [{ plate: 'AB$12' }, 'Plate must be up to 10 letters, digits or hyphens'],
    [{ plate: 'ABCDEFGHIJK' }, 'Plate must be up to 10 letters, digits or hyphens'],
    [{ notes: 'x'.repeat(501) }, 'Notes must be at most 500 characters'],
  ])('refuses %o with a code and a message', async (override, message) => {
    const { cookie } = await t.createUser();
    const response = await t.call('POST', '/api/vehicles', { cookie, body: { ...civic, ...override } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
    expect(response.json().message).toContain(message);
  });

  it('accepts next year’s models and free-text makes the catalogue does not know', async () => {
    const { cookie } = await t.createUser();
    const vehicle = await add(cookie, { year: new Date().getUTCFullYear() + 1, make: 'DeLorean', model: 'DMC-12', sizeClass: 'sedan' });
    expect(vehicle.year).toBe(new Date().getUTCFullYear() + 1);
  });

  it(`keeps at most ${MAX_SAVED_VEHICLES} vehicles per customer`, async () => {
    const { cookie, user } = await t.createUser();
    const values = Array.from({ length: MAX_SAVED_VEHICLES }, (_, i) => `('${user.id}', 'Honda', 'Civic ${i}', 'sedan')`).join(', ');
    await t.handle.executeSql(`insert into vehicles (user_id, make, model, size_class) values ${values}`);
    const refused = await t.call('POST', '/api/vehicles', { cookie, body: civic });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VEHICLE_LIMIT_REACHED', params: { max: MAX_SAVED_VEHICLES } });
  });

  it('serves the make and model catalogue to anyone, cacheable, with a size class per model', async () => {
    const response = await t.call('GET', '/api/vehicle-catalogue');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const honda = (response.json() as { makes: Array<{ make: string; models: Array<{ model: string; sizeClass: string }> }> }).makes.find((m) => m.make === 'Honda');
    expect(honda?.models).toContainEqual({ model: 'Odyssey', sizeClass: 'suv' });
  });
});
