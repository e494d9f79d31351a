import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestMailTo, TEST_PASSWORD, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const valid = { name: 'Pet Hair Removal', description: '<p>All the fur, gone.</p>', price: '39.5', duration: 45, imageUrl: 'https://example.com/pet.png' };

describe('admin services', () => {
  it('lists every service, inactive ones included', async () => {
    const response = await t.call('GET', '/api/admin/services', { cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(7);
  });

  it.each([
    [{ name: '' }, 'Please fill in all required fields'],
    [{ description: '' }, 'Please fill in all required fields'],
    [{ price: '' }, 'Please fill in all required fields'],
    [{ price: 'free' }, 'Price must be an amount in dollars, like 49.00'],
    [{ duration: 'long' }, 'Please fill in all required fields'],
    [{ duration: 5 }, 'Duration must be at least 15 minutes'],
    [{ imageUrl: 'javascript:alert(1)' }, 'Image URL must be a valid URL'],
    [{ locationOptions: { mobile: false, pickup: false, serviceLocation: false } }, 'Choose at least one service location'],
  ])('refuses %o with "%s"', async (override, message) => {
    const response = await t.call('POST', '/api/admin/services', { cookie: admin, body: { ...valid, ...override } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('creates a service with the defaults and a sanitised description, and edits it', async () => {
    const created = await t.call('POST', '/api/admin/services', {
      cookie: admin,
      body: { ...valid, description: '<p onclick="steal()">Fur <script>alert(1)</script>gone</p><img src=x onerror=alert(1)>' },
    });
    expect(created.statusCode).toBe(201);
    const service = created.json();
    expect(service).toMatchObject({ name: 'Pet Hair Removal', price: '39.50', serviceFee: '5.00', duration: 45, isActive: true, rating: '5.0', locationOptions: { mobile: true, pickup: true, serviceLocation: false } });
    expect(service.description).toBe('<p>Fur gone</p>');
    // The owner is told that what they typed was changed…
    expect(service.sanitized).toBe(true);
    const edited = await t.call('PUT', `/api/admin/services/${service.id}`, { cookie: admin, body: { ...valid, price: '45.00', isActive: false } });
    expect(edited.statusCode).toBe(200);
    // …and not when safe HTML went through untouched.
    expect(edited.json()).toMatchObject({ price: '45.00', isActive: false, sanitized: false });
    // An inactive service is bookable by no customer.
    expect((await t.call('GET', `/api/services/${service.id}/available-slots?date=2030-01-09`)).statusCode).toBe(404);
    const scripted = await t.call('PUT', `/api/admin/services/${service.id}`, { cookie: admin, body: { ...valid, description: '<p>Fur gone</p><iframe src="https://x.example"></iframe>' } });
    expect(scripted.json()).toMatchObject({ description: '<p>Fur gone</p>', sanitized: true });
    const unknown = await t.call('PUT', '/api/admin/services/00000000-0000-4000-8000-000000000000', { cookie: admin, body: valid });
    expect(unknown.statusCode).toBe(404);
  });

  it('seeds the standard catalogue idempotently', async () => {
    await t.handle.executeSql(`delete from services where slug = 'engine-bay-detail'`);
    const first = await t.call('POST', '/api/admin/seed-services', { cookie: admin });
    expect(first.json()).toMatchObject({ added: 1 });
    const second = await t.call('POST', '/api/admin/seed-services', { cookie: admin });
    expect(second.json()).toMatchObject({ added: 0, message: 'All standard services are already there' });
  });

  it('e-mails a reset link to the admin address and never changes the password itself', async () => {
    const response = await t.call('POST', '/api/admin/reset-admin-password', { cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(JSON.stringify(response.json())).not.toMatch(/password"\s*:/i);
    const mail = await latestMailTo(t, 'admin@glint.local');
    expect(mail?.links.some((l) => l.includes('/reset-password?token='))).toBe(true);
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'admin@glint.local', password: TEST_PASSWORD } })).statusCode).toBe(200);
  });

  it('stores an uploaded image and serves it back; anything but an image is refused', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest-of-a-png')]);
    const upload = (content: Buffer, filename: string, type: string) => {
      const boundary = '----glint-test-boundary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    };
    const stored = await upload(png, 'car.png', 'image/png');
    expect(stored.statusCode, stored.body).toBe(201);
    const { url } = stored.json();
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const served = await t.call('GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const html = await upload(Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe('Please upload a PNG, JPEG, GIF or WebP image');
    // The stored image can be the service's picture.
    const created = await t.call('POST', '/api/admin/services', { cookie: admin, body: { ...valid, name: 'With upload', imageUrl: url } });
    expect(created.statusCode).toBe(201);
    expect(created.json().imageUrl).toBe(url);
  });
});
