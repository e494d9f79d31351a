import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BUSINESS_SETTINGS } from '../../../shared/schemas/business-settings';
import { offlineTravelMinutes, pointKey, type Point } from '../../../shared/travel';
import { travelTimes } from '../../db/schema';
import type { TravelProvider, TravelRequest } from '../../integrations/travel';
import { createTestApp, type TestApp } from '../../test/harness';
import { serviceAreaFor, serviceAreaOf, travelFnFor } from './index';

// County ZIP centroids (integrations/geo/county-places.ts).
const downtownSanJose = { latitude: 37.3329, longitude: -121.8916 };
const paloAlto = { latitude: 37.4443, longitude: -122.1497 };
const morganHill = { latitude: 37.1353, longitude: -121.6501 };
const PEAK = 8 * 60;
const DAY = 13 * 60;
const NIGHT = 22 * 60;

/** A routing provider that answers 10 minutes per request index and counts what it was asked. */
function fakeProvider(name: 'osrm' | 'google' = 'osrm') {
  const calls: TravelRequest[][] = [];
  const provider: TravelProvider & { calls: TravelRequest[][]; fail: boolean } = {
    name,
    calls,
    fail: false,
    minutes(requests) {
      calls.push([...requests]);
      if (provider.fail) return Promise.reject(new Error('routing service down'));
      return Promise.resolve(requests.map((r) => (r.band === 'peak' ? 40 : r.band === 'day' ? 25 : 15)));
    },
  };
  return provider;
}

describe('offline drive estimate', () => {
  it('pins county pairs by band: downtown San Jose ↔ Palo Alto and Morgan Hill, and the same point', () => {
    expect([PEAK, DAY, NIGHT].map((m) => offlineTravelMinutes(downtownSanJose, paloAlto, m))).toEqual([57, 46, 41]);
    expect([PEAK, DAY, NIGHT].map((m) => offlineTravelMinutes(downtownSanJose, morganHill, m))).toEqual([66, 52, 46]);
    expect(offlineTravelMinutes(paloAlto, downtownSanJose, DAY)).toBe(offlineTravelMinutes(downtownSanJose, paloAlto, DAY));
    expect([PEAK, DAY, NIGHT].map((m) => offlineTravelMinutes(downtownSanJose, downtownSanJose, m))).toEqual([0, 0, 0]);
  });
});

describe('travelFnFor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the offline estimate without storing anything when no routing service is configured', async () => {
    const travel = await travelFnFor(t.ctx, [downtownSanJose, paloAlto]);
    expect(travel(downtownSanJose, paloAlto, DAY)).toBe(46);
    expect(await t.ctx.db.select().from(travelTimes)).toHaveLength(0);
  });

  it('asks the provider once for every missing pair and band, stores them, and reads them back without asking again', async () => {
    const provider = fakeProvider();
    const points: Point[] = [downtownSanJose, paloAlto, morganHill, { ...downtownSanJose, latitude: downtownSanJose.latitude + 0.0001 }];
    const travel = await travelFnFor(t.ctx, points, provider);
    expect(provider.calls).toHaveLength(1);
    // Three distinct places (the fourth rounds onto downtown): 3 × 2 ordered pairs × 3 bands.
    expect(provider.calls[0]).toHaveLength(18);
    expect([travel(downtownSanJose, paloAlto, PEAK), travel(downtownSanJose, paloAlto, DAY), travel(paloAlto, morganHill, NIGHT)]).toEqual([40, 25, 15]);
    expect(travel(downtownSanJose, points[3]!, DAY)).toBe(0);
    const stored = await t.ctx.db.select().from(travelTimes).where(eq(travelTimes.provider, 'osrm'));
    expect(stored).toHaveLength(18);
    expect(stored.find((r) => r.fromKey === pointKey(downtownSanJose) && r.toKey === pointKey(paloAlto) && r.band === 'peak')?.minutes).toBe(40);

    const again = await travelFnFor(t.ctx, points, provider);
    expect(provider.calls).toHaveLength(1);
    expect(again(paloAlto, downtownSanJose, PEAK)).toBe(40);
  });

  it('reads another instance’s answers from travel_times (the shared cache) before asking', async () => {
    const fremontEdge = { latitude: 37.4, longitude: -121.95 };
    const rows = (['peak', 'day', 'night'] as const).flatMap((band) => [
      { fromKey: pointKey(downtownSanJose), toKey: pointKey(fremontEdge), band, minutes: 33, provider: 'google' },
      { fromKey: pointKey(fremontEdge), toKey: pointKey(downtownSanJose), band, minutes: 34, provider: 'google' },
    ]);
    await t.ctx.db.insert(travelTimes).values(rows);
    const provider = fakeProvider('google');
    const travel = await travelFnFor(t.ctx, [downtownSanJose, fremontEdge], provider);
    expect(provider.calls).toHaveLength(0);
    expect(travel(fremontEdge, downtownSanJose, NIGHT)).toBe(34);
  });

  it('falls back to the offline estimate for the call when the provider fails, and asks again next time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const provider = fakeProvider();
    provider.fail = true;
    const gilroy = { latitude: 37.0058, longitude: -121.5683 };
    const travel = await travelFnFor(t.ctx, [downtownSanJose, gilroy], provider);
    expect(travel(downtownSanJose, gilroy, DAY)).toBe(offlineTravelMinutes(downtownSanJose, gilroy, DAY));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('offline estimate used'), expect.any(Error));
    expect(await t.ctx.db.select().from(travelTimes).where(eq(travelTimes.toKey, pointKey(gilroy)))).toHaveLength(0);
    provider.fail = false;
    const later = await travelFnFor(t.ctx, [downtownSanJose, gilroy], provider);
    expect(provider.calls).toHaveLength(2);
    expect(later(downtownSanJose, gilroy, DAY)).toBe(25);
    warn.mockRestore();
  });
});

describe('service area by drive time', () => {
  const settings = DEFAULT_BUSINESS_SETTINGS.travel;

  it('is free within the free minutes, then the band’s fee, refused beyond the last band', () => {
    expect(settings).toEqual({ freeMinutes: 30, bands: [{ upToMinutes: 45, feeCents: 15_00 }, { upToMinutes: 60, feeCents: 30_00 }, { upToMinutes: 90, feeCents: 45_00 }] });
    expect(serviceAreaFor(30, settings)).toEqual({ served: true, driveMinutes: 30, feeCents: 0, band: null });
    expect(serviceAreaFor(31, settings)).toEqual({ served: true, driveMinutes: 31, feeCents: 15_00, band: { fromMinutes: 31, upToMinutes: 45 } });
    expect(serviceAreaFor(46, settings)).toEqual({ served: true, driveMinutes: 46, feeCents: 30_00, band: { fromMinutes: 46, upToMinutes: 60 } });
    expect(serviceAreaFor(61, settings)).toEqual({ served: true, driveMinutes: 61, feeCents: 45_00, band: { fromMinutes: 61, upToMinutes: 90 } });
    expect(serviceAreaFor(91, settings)).toEqual({ served: false, driveMinutes: 91, maxMinutes: 90 });
    expect(serviceAreaFor(20, { freeMinutes: 15, bands: [] })).toEqual({ served: false, driveMinutes: 20, maxMinutes: 15 });
  });

  describe('from the business and the stored settings', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('measures a midday drive from the business: near is free, Palo Alto pays a band, New York is refused', async () => {
      const near = await serviceAreaOf(t.ctx, { latitude: 37.36, longitude: -121.9 });
      expect(near).toMatchObject({ served: true, feeCents: 0, band: null });
      const pa = await serviceAreaOf(t.ctx, paloAlto);
      expect(pa).toMatchObject({ served: true, feeCents: 15_00, band: { fromMinutes: 31, upToMinutes: 45 } });
      expect(await serviceAreaOf(t.ctx, { latitude: 40.7506, longitude: -73.9972 })).toMatchObject({ served: false, maxMinutes: 90 });
    });

    it('follows the settings saved by the owner', async () => {
      const { cookie } = await t.createUser({ role: 'admin' });
      const saved = await t.call('PUT', '/api/admin/business-settings/travel', { cookie, body: { freeMinutes: 45, bands: [{ upToMinutes: 90, feeCents: 20_00 }] } });
      expect(saved.statusCode).toBe(200);
      expect(await serviceAreaOf(t.ctx, paloAlto)).toMatchObject({ served: true, feeCents: 0 });
      expect(await serviceAreaOf(t.ctx, morganHill)).toMatchObject({ served: true, feeCents: 20_00, band: { fromMinutes: 46, upToMinutes: 90 } });
    });
  });
});
