import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localized } from '../../../shared/localized';
import { createTestApp, type TestApp } from '../../test/harness';

/** Spanish and French names and descriptions of the catalogue (decision 053), saved and read back through HTTP. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const service = { name: 'Pet Hair Removal', description: '<p>All the fur, gone.</p>', price: '39.50', duration: 45 };

describe('catalogue translations', () => {
  it('saves a service’s Spanish and French words, cleans their HTML, and shows them on the public catalogue', async () => {
    const created = await t.call('POST', '/api/admin/services', {
      cookie: admin,
      body: {
        ...service,
        translations: { es: { name: ' Quitar pelo de mascota ', description: '<p onclick="x()">Adiós <script>alert(1)</script>pelo</p>' }, fr: { name: 'Poils d’animaux', description: '' } },
      },
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    expect(saved.translations).toEqual({ es: { name: 'Quitar pelo de mascota', description: '<p>Adiós pelo</p>' }, fr: { name: 'Poils d’animaux' } });

    const list = (await t.call('GET', '/api/services')).json() as Array<{ id: string; name: string; description: string; translations: object }>;
    const shown = list.find((s) => s.id === saved.id)!;
    expect(shown.translations).toEqual(saved.translations);
    expect(localized(shown, 'es')).toEqual({ name: 'Quitar pelo de mascota', description: '<p>Adiós pelo</p>' });
    // French has a name only: the description falls back to English; English ignores the translations.
    expect(localized(shown, 'fr')).toEqual({ name: 'Poils d’animaux', description: '<p>All the fur, gone.</p>' });
    expect(localized(shown, 'en')).toEqual({ name: 'Pet Hair Removal', description: '<p>All the fur, gone.</p>' });

    // Editing without translations clears them: the dialog always sends the whole service.
    const edited = await t.call('PUT', `/api/admin/services/${saved.id}`, { cookie: admin, body: { ...service, translations: { es: { name: '', description: '  ' } } } });
    expect(edited.json().translations).toEqual({});
    const detail = (await t.call('GET', `/api/services/${saved.id}`)).json();
    expect(detail.translations).toEqual({});
    expect(localized(detail, 'es').name).toBe('Pet Hair Removal');
  });

  it('refuses a translated name longer than the English limit, an unknown language and NUL, with a 400', async () => {
    const long = await t.call('POST', '/api/admin/services', { cookie: admin, body: { ...service, translations: { es: { name: 'x'.repeat(121) } } } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Spanish name must be at most 120 characters');
    const unknown = await t.call('POST', '/api/admin/services', { cookie: admin, body: { ...service, translations: { de: { name: 'Tierhaare' } } } });
    expect(unknown.statusCode).toBe(400);
    const nul = await t.call('POST', '/api/admin/services', { cookie: admin, body: { ...service, translations: { fr: { name: 'Poi\u0000ls' } } } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe('INVALID_TEXT');
    const addOn = await t.call('POST', '/api/admin/add-ons', { cookie: admin, body: { name: 'Clay', price: '10', minutes: 10, translations: { fr: { description: 'x'.repeat(501) } } } });
    expect(addOn.statusCode).toBe(400);
    expect(addOn.json().message).toBe('French description must be at most 500 characters');
  });

  it('saves an add-on’s translations and shows them with the service’s add-ons', async () => {
    const services = (await t.call('GET', '/api/services')).json() as Array<{ id: string }>;
    const serviceId = services[0]!.id;
    const created = await t.call('POST', '/api/admin/add-ons', {
      cookie: admin,
      body: { name: 'Headlight restoration', description: 'Clear lenses', price: '25', minutes: 20, serviceIds: [serviceId], translations: { es: { name: 'Restauración de faros' }, fr: { name: 'Rénovation des phares', description: 'Optiques claires' } } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().translations).toEqual({ es: { name: 'Restauración de faros' }, fr: { name: 'Rénovation des phares', description: 'Optiques claires' } });
    const detail = (await t.call('GET', `/api/services/${serviceId}`)).json() as { addOns: Array<{ id: string; name: string; description: string }> };
    const addOn = detail.addOns.find((a) => a.id === created.json().id)!;
    expect(localized(addOn, 'es')).toEqual({ name: 'Restauración de faros', description: 'Clear lenses' });
    expect(localized(addOn, 'fr')).toEqual({ name: 'Rénovation des phares', description: 'Optiques claires' });
  });

  it('saves a package’s translations, edits them, and shows them in the package store', async () => {
    const services = (await t.call('GET', '/api/services')).json() as Array<{ id: string }>;
    const body = { name: 'Ten washes', description: 'Save on ten', serviceId: services[0]!.id, serviceCount: 10, originalPrice: 500, packagePrice: 400 };
    const created = await t.call('POST', '/api/admin/packages', { cookie: admin, body: { ...body, translations: { es: { name: 'Diez lavados', description: 'Ahorra en diez' } } } });
    expect(created.statusCode).toBe(201);
    const pkg = created.json();
    expect(pkg.translations).toEqual({ es: { name: 'Diez lavados', description: 'Ahorra en diez' } });
    const edited = await t.call('PUT', `/api/admin/packages/${pkg.id}`, { cookie: admin, body: { ...body, translations: { es: { name: 'Diez lavados' }, fr: { name: 'Dix lavages' } } } });
    expect(edited.statusCode).toBe(200);
    const store = (await t.call('GET', '/api/packages')).json() as Array<{ id: string; name: string; description: string | null }>;
    const shown = store.find((p) => p.id === pkg.id)!;
    expect(localized(shown, 'es')).toEqual({ name: 'Diez lavados', description: 'Save on ten' });
    expect(localized(shown, 'fr')).toEqual({ name: 'Dix lavages', description: 'Save on ten' });
  });
});
