import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/services', () => {
  it('lists the active catalogue in order with the card fields and no internal columns', async () => {
    const response = await t.call('GET', '/api/services');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((s: { name: string }) => s.name)).toEqual([
      'Express Exterior Wash',
      'Interior Refresh',
      'Full Detail',
      'Wash & Wax',
      'Ceramic Coating',
      'Engine Bay Detail',
      'Headlight Restoration',
    ]);
    const full = list.find((s: { name: string }) => s.name === 'Full Detail');
    expect(full).toEqual({
      id: expect.any(String),
      name: 'Full Detail',
      description: expect.stringContaining('<ul>'),
      price: '199.00',
      originalPrice: '249.00',
      serviceFee: '5.00',
      duration: 180,
      imageUrl: '/images/services/full-detail.svg',
      rating: '5.0',
      reviewCount: 0,
      isActive: true,
      deposit: { kind: 'none', value: 0 },
      isPopular: true,
      isPremium: false,
      locationOptions: { mobile: true, pickup: true, serviceLocation: false },
      sizePrices: { sedan: { price: null, duration: null }, suv: { price: '239.00', duration: 210 }, oversize: { price: '279.00', duration: 240 } },
      translations: {},
    });
    expect(response.body).not.toMatch(/slug|sortOrder/);
  });

  it('leaves inactive services out and never returns a script from a description', async () => {
    await t.ctx.db.update(services).set({ isActive: false }).where(eq(services.slug, 'engine-bay-detail'));
    await t.ctx.db.insert(services).values({
      name: 'Sneaky',
      description: '<p onclick="steal()">Shiny</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>',
      price: '10.00',
      duration: 30,
      sortOrder: 99,
    });
    const list = (await t.call('GET', '/api/services')).json() as Array<{ name: string; description: string }>;
    expect(list.some((s) => s.name === 'Engine Bay Detail')).toBe(false);
    const sneaky = list.find((s) => s.name === 'Sneaky')!;
    expect(sneaky.description).toContain('Shiny');
    expect(sneaky.description).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
  });
});

describe('GET /api/services/:id', () => {
  it('returns one active service', async () => {
    const [wash] = await t.ctx.db.select({ id: services.id }).from(services).where(eq(services.slug, 'wash-and-wax'));
    const response = await t.call('GET', `/api/services/${wash!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Wash & Wax', price: '119.00', duration: 120 });
  });

  it('answers 400 for a bad id and 404 for an unknown or inactive service', async () => {
    const bad = await t.call('GET', '/api/services/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Not a valid id');
    const unknown = await t.call('GET', '/api/services/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Service not found');
    const [engine] = await t.ctx.db.select({ id: services.id }).from(services).where(eq(services.slug, 'engine-bay-detail'));
    await t.ctx.db.update(services).set({ isActive: false }).where(eq(services.id, engine!.id));
    expect((await t.call('GET', `/api/services/${engine!.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/services/:id/available-slots', () => {
  it('answers 400 for a bad date and 404 for an unknown or inactive service', async () => {
    const [wash] = await t.ctx.db.select({ id: services.id }).from(services).where(eq(services.slug, 'wash-and-wax'));
    for (const date of ['', 'tomorrow', '2026-02-30', '2026-13-01']) {
      const response = await t.call('GET', `/api/services/${wash!.id}/available-slots?date=${date}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^date must be/);
    }
    expect((await t.call('GET', '/api/services/00000000-0000-4000-8000-000000000000/available-slots?date=2026-06-02')).statusCode).toBe(404);
    const [engine] = await t.ctx.db.select({ id: services.id }).from(services).where(eq(services.slug, 'engine-bay-detail'));
    const inactive = await t.call('GET', `/api/services/${engine!.id}/available-slots?date=2026-06-02`);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json().message).toBe('This service is not available for booking');
  });
});
