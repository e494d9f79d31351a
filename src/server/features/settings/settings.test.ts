import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_SETTINGS } from '../../../shared/schemas/business-settings';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('business settings', () => {
  it('answers the defaults, saves a whole section, and keeps the others at their defaults', async () => {
    const { cookie } = await t.createUser({ role: 'admin' });
    const first = await t.call('GET', '/api/admin/business-settings', { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(DEFAULT_BUSINESS_SETTINGS);

    const travel = { freeMinutes: 20, bands: [{ upToMinutes: 40, feeCents: 1000 }] };
    const saved = await t.call('PUT', '/api/admin/business-settings/travel', { cookie, body: travel });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULT_BUSINESS_SETTINGS, travel });
    expect((await t.call('GET', '/api/admin/business-settings', { cookie })).json()).toMatchObject({ travel, reminders: DEFAULT_BUSINESS_SETTINGS.reminders });
  });

  it('refuses a section that does not validate with a 400 naming it, and anyone but an admin', async () => {
    const { cookie } = await t.createUser({ role: 'admin' });
    const bad = await t.call('PUT', '/api/admin/business-settings/reminders', { cookie, body: { firstHoursBefore: -1, secondHoursBefore: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('reminders') });
    const before = (await t.call('GET', '/api/admin/business-settings', { cookie })).json().travel;
    const outOfOrder = await t.call('PUT', '/api/admin/business-settings/travel', { cookie, body: { freeMinutes: 20, bands: [{ upToMinutes: 60, feeCents: 3000 }, { upToMinutes: 40, feeCents: 1500 }] } });
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.json()).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('nearest to the farthest') });
    const insideFree = await t.call('PUT', '/api/admin/business-settings/travel', { cookie, body: { freeMinutes: 30, bands: [{ upToMinutes: 30, feeCents: 1500 }] } });
    expect(insideFree.json()).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('further than the free minutes') });
    expect((await t.call('GET', '/api/admin/business-settings', { cookie })).json().travel).toEqual(before);
    const driver = await t.createUser({ role: 'driver' });
    expect((await t.call('PUT', '/api/admin/business-settings/reminders', { cookie: driver.cookie, body: DEFAULT_BUSINESS_SETTINGS.reminders })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/business-settings', { cookie: driver.cookie })).statusCode).toBe(403);
  });
});
