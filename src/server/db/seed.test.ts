import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seed } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

async function counts() {
  const tables = ['users', 'services', 'business_hours', 'bookings', 'booking_updates', 'addresses', 'driver_status'];
  const entries = await Promise.all(tables.map(async (table) => [table, Number((await t.handle.executeSql(`select count(*)::int as n from ${table}`)).rows[0]!.n)] as const));
  return Object.fromEntries(entries);
}

describe('seed', () => {
  it('fills an empty database with the catalogue, weekly hours, admin and demo data', async () => {
    const n = await counts();
    expect(n.services).toBeGreaterThanOrEqual(6);
    expect(n.services).toBeLessThanOrEqual(8);
    expect(n.business_hours).toBe(7);
    // The admin, the demo customer and three technicians.
    expect(n.users).toBe(5);
    expect(n.bookings).toBeGreaterThanOrEqual(3);
    const hours = await t.handle.executeSql('select day_of_week, start_time, end_time, capacity, is_open from business_hours order by day_of_week');
    expect(hours.rows[1]).toMatchObject({ day_of_week: 1, start_time: '09:00', end_time: '17:00', capacity: 3, is_open: true });
    expect(hours.rows[0]).toMatchObject({ day_of_week: 0, is_open: false });
    const sundays = await t.handle.executeSql("select count(*)::int as n from bookings where extract(dow from business_date) = 0");
    expect(sundays.rows[0]!.n).toBe(0);
    const statuses = await t.handle.executeSql('select distinct status from bookings');
    expect(statuses.rows.length).toBeGreaterThanOrEqual(2);
  });

  it('gives the demo three technicians starting in different towns, with jobs spread over the county, every one located', async () => {
    const crew = await t.handle.executeSql("select u.full_name, p.start_latitude from users u join technician_profiles p on p.user_id = u.id where u.role = 'driver' order by u.full_name");
    expect(crew.rows.map((r) => (r as { full_name: string }).full_name)).toEqual(['Diego Ramirez', 'Marcus Lee', 'Priya Shah']);
    expect(new Set(crew.rows.map((r) => (r as { start_latitude: number | null }).start_latitude)).size).toBe(3);
    const jobs = await t.handle.executeSql("select assigned_driver_id, address_city, latitude from bookings where status = 'confirmed' and assigned_driver_id is not null");
    expect(new Set(jobs.rows.map((r) => (r as { assigned_driver_id: string }).assigned_driver_id)).size).toBe(3);
    expect(new Set(jobs.rows.map((r) => (r as { address_city: string }).address_city)).size).toBeGreaterThanOrEqual(4);
    expect(jobs.rows.every((r) => (r as { latitude: string | null }).latitude !== null)).toBe(true);
  });

  it('books each demo booking before its service date, never in the future, and stores phones as E.164', async () => {
    const rows = await t.handle.executeSql('select created_at, scheduled_date from bookings');
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows as Array<{ created_at: Date | string; scheduled_date: Date | string }>) {
      const booked = new Date(row.created_at).getTime();
      expect(booked).toBeLessThan(new Date(row.scheduled_date).getTime());
      expect(booked).toBeLessThanOrEqual(Date.now());
    }
    const phones = await t.handle.executeSql('select phone from users where phone is not null');
    for (const { phone } of phones.rows as Array<{ phone: string }>) expect(phone).toMatch(/^\+1\d{10}$/);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    const result = await seed(t.handle.db, t.config);
    expect(result).toMatchObject({ createdAdmin: false, createdDemo: false });
    expect(await counts()).toEqual(before);
  });

  it('signs in the demo accounts with the demo password', async () => {
    await expect(t.login('driver@glint.local')).resolves.toMatch(/^glint_session=/);
    await expect(t.login('customer@glint.local')).resolves.toMatch(/^glint_session=/);
  });
});
