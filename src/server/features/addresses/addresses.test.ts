import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = { street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110' };
const work = { street: '1 Market St', city: 'San Jose', state: 'CA', zipCode: '95113' };
const cabin = { street: '77 Pine Rd', city: 'Los Gatos', state: 'CA', zipCode: '95030' };

async function add(cookie: string, body: Record<string, unknown>) {
  const response = await t.call('POST', '/api/addresses', { cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; isDefault: boolean };
}

async function list(cookie: string) {
  return (await t.call('GET', '/api/addresses', { cookie })).json() as Array<{ id: string; street: string; isDefault: boolean }>;
}

const defaults = (rows: Array<{ isDefault: boolean }>) => rows.filter((row) => row.isDefault).length;

describe('addresses', () => {
  it('makes the first address the default even when the box is not ticked', async () => {
    const { cookie } = await t.createUser();
    const first = await add(cookie, { ...home, isDefault: false });
    expect(first.isDefault).toBe(true);
    const second = await add(cookie, work);
    expect(second.isDefault).toBe(false);
    const rows = await list(cookie);
    expect(rows.map((r) => r.street)).toEqual(['425 Park Ave', '1 Market St']);
    expect(defaults(rows)).toBe(1);
  });

  it('moves the default when a new one is ticked or set, keeping exactly one', async () => {
    const { cookie } = await t.createUser();
    const a = await add(cookie, home);
    const b = await add(cookie, { ...work, isDefault: true });
    let rows = await list(cookie);
    expect(rows.find((r) => r.id === b.id)?.isDefault).toBe(true);
    expect(defaults(rows)).toBe(1);
    const set = await t.call('PUT', `/api/addresses/${a.id}/default`, { cookie });
    expect(set.statusCode).toBe(200);
    rows = await list(cookie);
    expect(rows[0]).toMatchObject({ id: a.id, isDefault: true });
    expect(defaults(rows)).toBe(1);
  });

  it('promotes another address when the default is deleted', async () => {
    const { cookie } = await t.createUser();
    const a = await add(cookie, home);
    const b = await add(cookie, work);
    const c = await add(cookie, cabin);
    const deleted = await t.call('DELETE', `/api/addresses/${a.id}`, { cookie });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Address deleted successfully');
    const rows = await list(cookie);
    expect(rows.map((r) => r.id).sort()).toEqual([b.id, c.id].sort());
    expect(rows.find((r) => r.id === b.id)?.isDefault).toBe(true);
    expect(defaults(rows)).toBe(1);
    await t.call('DELETE', `/api/addresses/${b.id}`, { cookie });
    await t.call('DELETE', `/api/addresses/${c.id}`, { cookie });
    expect(await list(cookie)).toEqual([]);
  });

  it('keeps one default when two addresses are added at the same moment', async () => {
    const { cookie } = await t.createUser();
    await Promise.all([add(cookie, home), add(cookie, work), add(cookie, { ...cabin, isDefault: true })]);
    const rows = await list(cookie);
    expect(rows).toHaveLength(3);
    expect(defaults(rows)).toBe(1);
  });

  it('edits an address with PUT, and isDefault false never leaves the customer without a default', async () => {
    const { cookie } = await t.createUser();
    const a = await add(cookie, home);
    const response = await t.call('PUT', `/api/addresses/${a.id}`, { cookie, body: { ...home, street: '500 Park Ave', isDefault: false } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ street: '500 Park Ave', isDefault: true });
    expect((await list(cookie))[0]).toMatchObject({ street: '500 Park Ave', isDefault: true });
  });

  it.each([
    ['street', 'Street is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['zipCode', 'ZIP code is required'],
  ])('refuses a missing or blank %s with 400 "%s" and saves nothing', async (field, message) => {
    const { cookie } = await t.createUser();
    for (const value of [undefined, '   ']) {
      const response = await t.call('POST', '/api/addresses', { cookie, body: { ...home, [field]: value } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await list(cookie)).toEqual([]);
  });

  it("answers 404 for another customer's address on every call and changes nothing", async () => {
    const owner = await t.createUser();
    const intruder = await t.createUser();
    const a = await add(owner.cookie, home);
    await add(intruder.cookie, work);
    for (const [method, url, body] of [
      ['PUT', `/api/addresses/${a.id}`, { ...cabin }],
      ['PUT', `/api/addresses/${a.id}/default`, undefined],
      ['DELETE', `/api/addresses/${a.id}`, undefined],
    ] as const) {
      const response = await t.call(method, url, { cookie: intruder.cookie, body });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Address not found');
    }
    expect(await list(owner.cookie)).toEqual([expect.objectContaining({ id: a.id, street: home.street, isDefault: true })]);
    expect((await list(intruder.cookie)).map((r) => r.street)).toEqual([work.street]);
    expect((await t.call('DELETE', '/api/addresses/not-a-uuid', { cookie: owner.cookie })).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', '/api/addresses')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/addresses', { body: home })).statusCode).toBe(401);
  });
});
