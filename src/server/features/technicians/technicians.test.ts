import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { technicianDays } from './technician-days.repository';

let t: TestApp;
let admin: string;
let serviceId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.createUser({ role: 'admin' })).cookie;
  serviceId = (await t.call('GET', '/api/services')).json()[0].id;
});
afterAll(() => t.close());

const paloAlto = { label: '250 University Ave, Palo Alto, CA 94301', latitude: 37.4457, longitude: -122.1619 };
const week = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime: '07:30', endTime: '15:00' }));
const settings = { worksJobs: true, start: paloAlto, end: null, limitedServices: false, serviceIds: [], hours: week };

describe('technicians', () => {
  it('saves hours, services and a start place, and the day model reads them back', async () => {
    const driver = await t.createUser({ role: 'driver', fullName: 'Dana Route' });
    const saved = await t.call('PUT', `/api/admin/technicians/${driver.user.id}`, { cookie: admin, body: { ...settings, limitedServices: true, serviceIds: [serviceId] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ userId: driver.user.id, worksJobs: true, start: paloAlto, end: null, limitedServices: true, serviceIds: [serviceId], hours: week });

    const monday = '2031-03-03';
    const day = (await technicianDays(t.ctx.db, monday, t.ctx.config.business.location)).find((d) => d.technicianId === driver.user.id);
    expect(day).toMatchObject({ serviceIds: [serviceId], start: { latitude: paloAlto.latitude, longitude: paloAlto.longitude }, end: { latitude: paloAlto.latitude } });
    expect(day!.windows[0]!.endMinute).toBeLessThanOrEqual(15 * 60);
    expect((await technicianDays(t.ctx.db, '2031-03-02', t.ctx.config.business.location)).find((d) => d.technicianId === driver.user.id)?.windows).toEqual([]);

    const listed = await t.call('GET', '/api/admin/technicians?pageSize=100', { cookie: admin });
    expect(listed.json().items.find((v: { userId: string }) => v.userId === driver.user.id)).toMatchObject({ fullName: 'Dana Route', hours: week });
  });

  it('refuses bad settings with the reason: times out of order, a weekday twice, no service, a place far away, an unknown service', async () => {
    const driver = await t.createUser({ role: 'driver' });
    const put = (body: unknown) => t.call('PUT', `/api/admin/technicians/${driver.user.id}`, { cookie: admin, body });
    const order = await put({ ...settings, hours: [{ dayOfWeek: 1, startTime: '15:00', endTime: '09:00' }] });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toMatch(/end time must be after the start time/);
    expect((await put({ ...settings, hours: [week[0], week[0]] })).json().message).toMatch(/one set of hours/);
    expect((await put({ ...settings, limitedServices: true, serviceIds: [] })).json().message).toMatch(/at least one service/);
    const far = await put({ ...settings, start: { label: 'Times Square, New York', latitude: 40.758, longitude: -73.9855 } });
    expect(far.statusCode).toBe(400);
    expect(far.json().code).toBe('TECHNICIAN_PLACE_TOO_FAR');
    const unknown = await put({ ...settings, limitedServices: true, serviceIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.json().code).toBe('TECHNICIAN_SERVICE_UNKNOWN');
    const customer = await t.createUser();
    expect((await t.call('PUT', `/api/admin/technicians/${customer.user.id}`, { cookie: admin, body: settings })).statusCode).toBe(404);
  });

  it('keeps days off and other hours from today on, refuses the past, and removes them', async () => {
    const driver = await t.createUser({ role: 'driver' });
    const base = `/api/admin/technicians/${driver.user.id}/exceptions`;
    expect((await t.call('POST', base, { cookie: admin, body: { date: '2031-03-03', startTime: null, endTime: null, note: 'Dentist' } })).statusCode).toBe(201);
    expect((await t.call('POST', base, { cookie: admin, body: { date: '2031-03-04', startTime: '11:00', endTime: '16:00' } })).statusCode).toBe(201);
    const past = await t.call('POST', base, { cookie: admin, body: { date: '2020-01-06', startTime: null, endTime: null } });
    expect(past.json()).toMatchObject({ code: 'TECHNICIAN_EXCEPTION_IN_PAST' });
    expect((await t.call('POST', base, { cookie: admin, body: { date: '2031-03-05', startTime: '11:00', endTime: null } })).statusCode).toBe(400);
    const page = await t.call('GET', `${base}?pageSize=1`, { cookie: admin });
    expect(page.json()).toMatchObject({ total: 2, items: [{ date: '2031-03-03', startTime: null, note: 'Dentist' }] });

    const days = await technicianDays(t.ctx.db, '2031-03-03', t.ctx.config.business.location);
    expect(days.find((d) => d.technicianId === driver.user.id)?.windows).toEqual([]);
    const late = await technicianDays(t.ctx.db, '2031-03-04', t.ctx.config.business.location);
    expect(late.find((d) => d.technicianId === driver.user.id)?.windows[0]?.startMinute).toBe(11 * 60);

    expect((await t.call('DELETE', `${base}/2031-03-03`, { cookie: admin })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${base}/2031-03-03`, { cookie: admin })).json().code).toBe('TECHNICIAN_EXCEPTION_NOT_FOUND');
  });

  it('lets an admin work jobs, shows a driver their own hours, and keeps the admin routes to admins', async () => {
    const owner = await t.createUser({ role: 'admin', fullName: 'Olive Owner' });
    const before = await technicianDays(t.ctx.db, '2031-03-03', t.ctx.config.business.location);
    expect(before.some((d) => d.technicianId === owner.user.id)).toBe(false);
    await t.call('PUT', `/api/admin/technicians/${owner.user.id}`, { cookie: admin, body: { ...settings, start: null, hours: [] } });
    const after = await technicianDays(t.ctx.db, '2031-03-03', t.ctx.config.business.location);
    expect(after.find((d) => d.technicianId === owner.user.id)).toMatchObject({ start: t.ctx.config.business.location });

    const driver = await t.createUser({ role: 'driver' });
    const none = await t.call('GET', '/api/driver/hours', { cookie: driver.cookie });
    expect(none.json()).toEqual({ hours: null, exceptions: [], start: null });
    await t.call('PUT', `/api/admin/technicians/${driver.user.id}`, { cookie: admin, body: settings });
    expect((await t.call('GET', '/api/driver/hours', { cookie: driver.cookie })).json()).toMatchObject({ hours: week, start: paloAlto });

    for (const cookie of [driver.cookie, (await t.createUser()).cookie]) {
      expect((await t.call('GET', '/api/admin/technicians', { cookie })).statusCode).toBe(403);
      expect((await t.call('PUT', `/api/admin/technicians/${driver.user.id}`, { cookie, body: settings })).statusCode).toBe(403);
    }
    expect((await t.call('GET', '/api/driver/hours', { cookie: (await t.createUser()).cookie })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/technicians')).statusCode).toBe(401);
  });
});
