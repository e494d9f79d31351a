import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../../db/schema';
import { createBooking, openDayAfter } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { csvCell } from './bookings-csv';

let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  const day = openDayAfter(t, 10);
  const later = openDayAfter(t, 12);
  const past = openDayAfter(t, -20);
  const customer = await t.createUser({ fullName: 'Phoebe Phone', phone: '(408) 555-0142' });
  const driver = await t.createUser({ role: 'driver', fullName: 'Filter Driver' });
  driverId = driver.user.id;
  ids.paidMobile = (await createBooking(t, { userId: customer.user.id, dateKey: later, time: '09:00', serviceType: 'mobile', paymentStatus: 'paid' })).booking.id;
  ids.onSitePickup = (await createBooking(t, { dateKey: day, time: '11:00', serviceType: 'pickup', paymentStatus: 'on_site', paymentProvider: null })).booking.id;
  ids.pastCompleted = (await createBooking(t, { dateKey: past, time: '10:00', status: 'completed', serviceType: 'serviceLocation' })).booking.id;
  ids.nasty = (await createBooking(t, { dateKey: day, time: '14:00', serviceType: 'mobile', paymentStatus: 'unpaid', paymentProvider: null })).booking.id;
  // A guest with a formula for a name, a quote, a comma and a line break in the notes, and a dotted phone.
  await t.handle.db
    .update(bookings)
    .set({ guestName: '=HYPERLINK("http://evil.example","click")', guestEmail: '@guest@example.com', guestPhone: '408.555.7788', notes: 'Ring "twice", then\nwait' })
    .where(eq(bookings.id, ids.nasty));
  expect((await t.call('POST', `/api/drivers/${driverId}/assign/${ids.onSitePickup}`, { cookie: admin })).statusCode).toBe(200);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await t.call('GET', `/api/admin/bookings${query}`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Array<{ id: string; scheduledDate: string }>; total: number }).items.map((b) => b.id);
};
const mine = (found: string[]) => found.filter((id) => Object.values(ids).includes(id));

describe('bookings list: order and filters', () => {
  it('orders by job time by default: upcoming soonest first, then past latest first', async () => {
    const order = mine(await list('?pageSize=100'));
    expect(order).toEqual([ids.onSitePickup, ids.nasty, ids.paidMobile, ids.pastCompleted]);
    expect(mine(await list('?pageSize=100&sort=job_asc'))).toEqual([ids.pastCompleted, ids.onSitePickup, ids.nasty, ids.paidMobile]);
    expect(mine(await list('?pageSize=100&sort=job_desc'))).toEqual([ids.paidMobile, ids.nasty, ids.onSitePickup, ids.pastCompleted]);
    expect(mine(await list('?pageSize=100&sort=newest'))).toEqual([ids.nasty, ids.pastCompleted, ids.onSitePickup, ids.paidMobile]);
  });

  it('filters by payment, driver, type and status, and combines them', async () => {
    expect(mine(await list('?pageSize=100&paymentStatus=on_site'))).toEqual([ids.onSitePickup]);
    expect(mine(await list(`?pageSize=100&driverId=${driverId}`))).toEqual([ids.onSitePickup]);
    expect(mine(await list('?pageSize=100&driverId=unassigned'))).not.toContain(ids.onSitePickup);
    expect(mine(await list('?pageSize=100&serviceType=mobile'))).toEqual([ids.nasty, ids.paidMobile]);
    expect(mine(await list('?pageSize=100&serviceType=mobile&paymentStatus=paid'))).toEqual([ids.paidMobile]);
    expect(mine(await list('?pageSize=100&status=completed&serviceType=serviceLocation'))).toEqual([ids.pastCompleted]);
    for (const bad of ['?paymentStatus=free', '?driverId=someone', '?serviceType=boat', '?sort=random']) {
      const response = await t.call('GET', `/api/admin/bookings${bad}`, { cookie: admin });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('finds a booking by phone whatever the punctuation', async () => {
    for (const typed of ['4085550142', '(408) 555-0142', '408-555-0142', '555 0142']) expect(mine(await list(`?search=${encodeURIComponent(typed)}`)), typed).toEqual([ids.paidMobile]);
    expect(mine(await list(`?search=${encodeURIComponent('(408) 555-7788')}`))).toEqual([ids.nasty]);
  });
});

describe('bookings CSV export', () => {
  it('escapes cells and defuses formulas', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell('=1+2')).toBe(`"'=1+2"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell(null)).toBe('""');
  });

  it('streams the filtered list in the list order, admin only', async () => {
    const response = await t.call('GET', '/api/admin/bookings/export.csv?serviceType=mobile', { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = response.body.replace(/^\uFEFF/, '');
    const lines = body.split('\r\n');
    expect(lines[0]).toBe('"Booking","Date","Time","Status","Payment","Type","Service","Customer","Email","Phone","Address","Driver","Total","Paid","Notes","Created"');
    expect(lines.at(-1)).toBe('');
    // Two mobile bookings, the nasty one first (sooner); its notes keep the line break inside quotes.
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")","'@guest@example.com","408.555.7788"`);
    expect(body).toContain('"Ring ""twice"", then\nwait"');
    expect(body.indexOf(ids.nasty.slice(-8).toUpperCase())).toBeLessThan(body.indexOf(ids.paidMobile.slice(-8).toUpperCase()));
    expect(body).not.toContain(ids.onSitePickup.slice(-8).toUpperCase());
    const rows = body.match(/^"[0-9A-F]{8}",/gm) ?? [];
    expect(rows).toHaveLength(2);

    const driver = await t.createUser({ role: 'driver' });
    expect((await t.call('GET', '/api/admin/bookings/export.csv', { cookie: driver.cookie })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/bookings/export.csv')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/bookings/export.csv?paymentStatus=free', { cookie: admin })).statusCode).toBe(400);
  });

  it('exports every page, not just the first', async () => {
    const all = await t.call('GET', '/api/admin/bookings?pageSize=1', { cookie: admin });
    const total = (all.json() as { total: number }).total;
    const csv = (await t.call('GET', '/api/admin/bookings/export.csv', { cookie: admin })).body;
    expect(csv.match(/^"[0-9A-F]{8}",/gm)).toHaveLength(total);
  });
});
