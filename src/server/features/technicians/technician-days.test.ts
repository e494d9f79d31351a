import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technicianExceptions, technicianHours, technicianProfiles, technicianServices } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { loadSlotDay } from '../bookings';
import { technicianDays } from './technician-days.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = { latitude: 37.3694, longitude: -121.9069 };
const monday = '2031-03-03';

describe("technicians' days", () => {
  it('gives a driver without a profile the business hours from the business, every service; cuts own hours and honours exceptions', async () => {
    const plain = await t.createUser({ role: 'driver', fullName: 'Aaron Plain' });
    const early = await t.createUser({ role: 'driver', fullName: 'Beth Early' });
    const admin = await t.createUser({ role: 'admin', fullName: 'Cara Admin' });
    const service = (await t.call('GET', '/api/services')).json()[0].id as string;
    await t.ctx.db.insert(technicianProfiles).values([
      { userId: early.user.id, startLatitude: 37.44, startLongitude: -122.16, limitedServices: true },
      { userId: admin.user.id, worksJobs: true },
    ]);
    await t.ctx.db.insert(technicianServices).values({ userId: early.user.id, serviceId: service });
    await t.ctx.db.insert(technicianHours).values([{ userId: early.user.id, dayOfWeek: 1, startTime: '06:00', endTime: '12:00' }]);
    await t.ctx.db.insert(technicianExceptions).values({ userId: admin.user.id, date: monday, startTime: '13:00', endTime: '15:00', note: 'Late start' });

    const business = await loadSlotDay(t.ctx.db, monday);
    const [open] = business.windows;
    const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    const days = await technicianDays(t.ctx.db, monday, base);
    const byId = new Map(days.map((d) => [d.technicianId, d]));

    expect(byId.get(plain.user.id)).toMatchObject({ serviceIds: 'all', start: base, end: base, jobs: [], windows: [{ startMinute: toMinute(open!.start), endMinute: toMinute(open!.end) }] });
    expect(byId.get(early.user.id)).toMatchObject({ serviceIds: [service], start: { latitude: 37.44, longitude: -122.16 }, windows: [{ startMinute: toMinute(open!.start), endMinute: 12 * 60 }] });
    expect(byId.get(admin.user.id)?.windows).toEqual([{ startMinute: 13 * 60, endMinute: 15 * 60 }]);
    // Beth does not work Tuesdays: she has hours, none for that weekday.
    expect((await technicianDays(t.ctx.db, '2031-03-04', base)).find((d) => d.technicianId === early.user.id)?.windows).toEqual([]);
  });
});
