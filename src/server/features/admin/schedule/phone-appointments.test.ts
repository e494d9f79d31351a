import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyService, openDayAfter } from '../../../test/account-fixtures';
import { createTestApp, latestMailTo, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const revenue = async () => ((await t.call('GET', '/api/admin/dashboard', { cookie: admin })).json() as { revenue: string }).revenue;

describe('phone appointments', () => {
  it('a mobile job takes the address, pays on site, and the guest gets the web confirmation with a working tracking link', async () => {
    const service = await anyService(t);
    const day = openDayAfter(t, 6);
    const before = await revenue();
    const email = `phone-${Date.now()}@example.com`;
    const made = await t.call('POST', '/api/admin/appointments', {
      cookie: admin,
      body: {
        customerName: 'Phoebe Phone',
        customerEmail: email,
        customerPhone: '(408) 555-0101',
        serviceId: service.id,
        date: day,
        time: '10:00',
        notes: 'Blue Civic',
        serviceType: 'mobile',
        address: { street: '77 Alameda Way', city: 'San Jose', state: 'ca', zipCode: '95126' },
        payment: 'on_site',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json() as { id: string; serviceType: string; paymentStatus: string; status: string; address: unknown; source: string };
    expect(booking).toMatchObject({ serviceType: 'mobile', paymentStatus: 'on_site', status: 'confirmed', source: 'admin', address: { street: '77 Alameda Way', city: 'San Jose', state: 'CA', zipCode: '95126' } });

    const mail = await latestMailTo(t, email);
    expect(mail, 'confirmation e-mail').toBeTruthy();
    expect(mail!.text).toContain('77 Alameda Way');
    const link = mail!.links.map((l) => new URL(l)).find((u) => u.pathname === '/tracking')!;
    expect(link.searchParams.get('bookingId')).toBe(booking.id);
    const token = link.searchParams.get('token');
    expect(token).toBeTruthy();
    // The link works for someone who is not signed in: the full tracking view.
    const tracked = await t.call('GET', `/api/bookings/guest/${booking.id}?token=${encodeURIComponent(token!)}`);
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json()).toMatchObject({ access: 'full', id: booking.id, serviceType: 'mobile' });

    // Unpaid (on site, not yet taken) never counts as revenue.
    expect(await revenue()).toBe(before);
  });

  it('a pickup needs an address; at our location needs none and stays unpaid by default', async () => {
    const service = await anyService(t);
    const day = openDayAfter(t, 7);
    const base = { customerName: 'Pat Pickup', customerEmail: `pickup-${Date.now()}@example.com`, customerPhone: '', serviceId: service.id, date: day, time: '11:00', notes: '' };
    const refused = await t.call('POST', '/api/admin/appointments', { cookie: admin, body: { ...base, serviceType: 'pickup' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_INPUT', params: { field: 'address' } });
    const badPayment = await t.call('POST', '/api/admin/appointments', { cookie: admin, body: { ...base, payment: 'iou' } });
    expect(badPayment.statusCode).toBe(400);
    const walkIn = await t.call('POST', '/api/admin/appointments', { cookie: admin, body: base });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(walkIn.json()).toMatchObject({ serviceType: 'serviceLocation', paymentStatus: 'unpaid', address: null });
    expect(await latestMailTo(t, base.customerEmail)).toBeTruthy();
  });
});
