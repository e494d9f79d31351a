import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { assertServed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('service area by drive time at the address step', () => {
  it('marks a county address beyond the last band refused with the booking code, and a near one served with its fee', async () => {
    const { cookie } = await t.createUser({ role: 'admin' });
    // A business that drives at most 45 minutes: Morgan Hill (about 57 minutes at midday) is beyond it.
    expect((await t.call('PUT', '/api/admin/business-settings/travel', { cookie, body: { freeMinutes: 30, bands: [{ upToMinutes: 45, feeCents: 15_00 }] } })).statusCode).toBe(200);
    const far = await t.call('GET', `/api/geo/suggest?q=${encodeURIComponent('100 Main Ave, Morgan Hill, CA 95037')}`);
    expect(far.statusCode).toBe(200);
    const [farPlace] = far.json() as { inServiceArea: boolean; areaRefusal: { code: string; params: Record<string, unknown> } | null }[];
    expect(farPlace).toMatchObject({ inServiceArea: false, areaRefusal: { code: 'BEYOND_SERVICE_AREA', params: { maxMinutes: 45 } } });
    const near = await t.call('GET', `/api/geo/suggest?q=${encodeURIComponent('1180 Industrial Ave, San Jose, CA 95112')}`);
    expect((near.json() as unknown[])[0]).toMatchObject({ inServiceArea: true, areaRefusal: null, travelFeeCents: 0 });
  });

  it('refuses a New York ZIP by ZIP and a far county point by drive, the same codes the booking uses', async () => {
    await expect(assertServed(t.ctx, { zipCode: '10001', latitude: 40.7506, longitude: -73.9972 })).rejects.toMatchObject({ code: 'OUTSIDE_SERVICE_AREA' });
    await expect(assertServed(t.ctx, { zipCode: '95037', latitude: null, longitude: null })).rejects.toMatchObject({ code: 'BEYOND_SERVICE_AREA' });
    await expect(assertServed(t.ctx, { zipCode: '95112', latitude: '37.3694', longitude: '-121.9069' })).resolves.toBe(0);
  });
});
