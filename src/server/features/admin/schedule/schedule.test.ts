import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacificInstant } from '../../../../shared/time';
import { createTestApp, type TestApp } from '../../../test/harness';

// Fixed dates in 2030: in the future, with known weekdays (2030-01-07 is a Monday). The clock stays real
// because sessions are stamped by the database's own clock.
const TAKEN = 'That time was just taken. Please choose another time.';
const REQUIRED = 'Please fill in all required fields';

let t: TestApp;
let admin: string;
let hourService: string; // Headlight Restoration, 60 minutes
let services: Array<{ id: string; name: string; duration: number }>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  const listed = await t.call('GET', '/api/admin/services', { cookie: admin });
  expect(listed.statusCode, listed.body).toBe(200);
  services = listed.json();
  hourService = services.find((s) => s.name === 'Headlight Restoration')!.id;
});
afterAll(() => t.close());

const post = (url: string, body: unknown) => t.call('POST', url, { cookie: admin, body });
const starts = async (date: string, serviceId = hourService) => {
  const response = await t.call('GET', `/api/services/${serviceId}/available-slots?date=${date}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Array<{ startTime: string; availableCapacity: number }>).map((s) => s.startTime);
};
const appointment = (date: string, time: string, extra: Record<string, unknown> = {}) =>
  post('/api/admin/appointments', { customerName: 'Pat Walk-in', customerEmail: 'pat@example.com', customerPhone: '4085550101', serviceId: hourService, date, time, notes: 'Blue Civic', ...extra });

describe("each dialog's validation texts", () => {
  it.each([
    ['Create New Appointment', '/api/admin/appointments', {}],
    ['Create New Appointment without an e-mail', '/api/admin/appointments', { customerName: 'Pat', serviceId: '00000000-0000-4000-8000-000000000000', date: '2030-01-09', time: '10:00' }],
    ['Create New Appointment without a time', '/api/admin/appointments', { customerName: 'Pat', customerEmail: 'pat@example.com', serviceId: '00000000-0000-4000-8000-000000000000', date: '2030-01-09' }],
    ['Add Business Availability', '/api/admin/business-availability', { date: '2030-01-09', startTime: '09:00' }],
    ['Bulk Availability', '/api/admin/bulk-business-availability', { startDate: '2030-01-09', startTime: '09:00', endTime: '12:00' }],
    ['Block Time', '/api/admin/blocked-time', { date: '2030-01-09', endTime: '10:59' }],
    ['Mark Day Unavailable without a description', '/api/admin/business-closures', { date: '2030-01-09', type: 'holiday' }],
    ['Mark Day Unavailable without a type', '/api/admin/business-closures', { date: '2030-01-09', name: 'Staff training' }],
  ])('%s answers 400 "Please fill in all required fields"', async (_name, url, body) => {
    const response = await post(url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REQUIRED);
  });

  it('refuses a badly formed e-mail on an appointment', async () => {
    const response = await appointment('2030-01-09', '10:00', { customerEmail: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });

  it('keeps max concurrent appointments between 1 and 10', async () => {
    for (const maxCapacity of [0, 11, 'lots']) {
      const response = await post('/api/admin/business-availability', { date: '2030-01-09', startTime: '09:00', endTime: '12:00', maxCapacity });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Max concurrent appointments must be between 1 and 10');
    }
  });

  it('refuses an end time before the start time', async () => {
    const response = await post('/api/admin/business-availability', { date: '2030-01-09', startTime: '12:00', endTime: '09:00', maxCapacity: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('End time must be after start time');
  });

  it('requires date and time to reschedule a booking', async () => {
    const created = await appointment('2030-01-10', '15:00');
    const response = await t.call('PUT', `/api/admin/bookings/${created.json().id}`, { cookie: admin, body: { notes: 'no date' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REQUIRED);
  });
});

describe('schedule changes reach available-slots at once', () => {
  it('a closed day offers no slots, and reopening it brings them back', async () => {
    expect(await starts('2030-01-15')).toContain('09:00');
    const closed = await post('/api/admin/business-closures', { date: '2030-01-15', name: 'Staff training', reason: 'All hands', type: 'staff', isRecurring: false });
    expect(closed.statusCode).toBe(201);
    expect(closed.json()).toMatchObject({ name: 'Staff training', type: 'staff', affectedBookings: 0 });
    expect(await starts('2030-01-15')).toEqual([]);
    const reopened = await t.call('DELETE', `/api/admin/business-closures/${closed.json().id}`, { cookie: admin });
    expect(reopened.statusCode).toBe(200);
    expect(await starts('2030-01-15')).toContain('09:00');
  });

  it('a recurring closure closes the same day next year too', async () => {
    await post('/api/admin/business-closures', { date: '2030-07-04', name: 'Independence Day', type: 'holiday', isRecurring: true });
    expect(await starts('2031-07-04')).toEqual([]);
  });

  it('an availability row replaces the weekly hours of its date, and editing or deleting it is felt at once', async () => {
    const created = await post('/api/admin/business-availability', { date: '2030-01-16', startTime: '12:00', endTime: '14:00', maxCapacity: 1 });
    expect(created.statusCode).toBe(201);
    expect(await starts('2030-01-16')).toEqual(['12:00', '12:30', '13:00']);
    const id = created.json().id;
    // The schedule page's PUT sends the date as midnight UTC ISO.
    const edited = await t.call('PUT', `/api/admin/business-availability/${id}`, { cookie: admin, body: { date: '2030-01-16T00:00:00.000Z', startTime: '15:00', endTime: '16:00', maxCapacity: 2 } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ date: '2030-01-16', startTime: '15:00', maxCapacity: 2 });
    expect(await starts('2030-01-16')).toEqual(['15:00']);
    const listed = await t.call('GET', '/api/admin/business-availability?startDate=2030-01-14&endDate=2030-01-20', { cookie: admin });
    expect(listed.json()).toEqual([expect.objectContaining({ id, date: '2030-01-16' })]);
    await t.call('DELETE', `/api/admin/business-availability/${id}`, { cookie: admin });
    expect(await starts('2030-01-16')).toContain('09:00');
  });

  it('blocked time takes its hour away from customers', async () => {
    expect(await starts('2030-01-17')).toEqual(expect.arrayContaining(['09:00', '09:30', '10:00']));
    const blocked = await post('/api/admin/blocked-time', { date: '2030-01-17', startTime: '09:00', endTime: '09:59', reason: 'Dentist' });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ isBlocked: true, guestName: 'BLOCKED TIME', notes: 'Time blocked: Dentist', durationMinutes: 59 });
    const left = await starts('2030-01-17');
    expect(left).not.toContain('09:00');
    expect(left).not.toContain('09:30');
    expect(left).toContain('10:00');
    // Blocked time is not a customer booking: it stays out of Manage Bookings but shows on the grid.
    const list = await t.call('GET', '/api/admin/bookings?from=2030-01-17&to=2030-01-17', { cookie: admin });
    expect(list.json().total).toBe(0);
    const week = await t.call('GET', '/api/admin/schedule?startDate=2030-01-14', { cookie: admin });
    const thursday = week.json().days.find((d: { date: string }) => d.date === '2030-01-17');
    expect(thursday.appointments).toEqual([expect.objectContaining({ isBlocked: true, startTime: '09:00', endTime: '09:59' })]);
    await t.call('DELETE', `/api/admin/appointments/${blocked.json().id}`, { cookie: admin });
    expect(await starts('2030-01-17')).toContain('09:00');
  });

  it('bulk availability creates one window per chosen weekday (0 = Sunday) and skips exact duplicates', async () => {
    const body = { startDate: '2030-02-03', endDate: '2030-02-16', startTime: '10:00', endTime: '12:00', maxCapacity: 2, daysOfWeek: [1, 3] };
    const first = await post('/api/admin/bulk-business-availability', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created: 4, skipped: 0 });
    const again = await post('/api/admin/bulk-business-availability', body);
    expect(again.json()).toMatchObject({ created: 0, skipped: 4 });
    expect(await starts('2030-02-04')).toEqual(['10:00', '10:30', '11:00']); // a Monday
    expect(await starts('2030-02-05')).toContain('15:00'); // a Tuesday keeps the weekly hours
    // No weekday chosen means every day, Sunday included.
    const all = await post('/api/admin/bulk-business-availability', { ...body, startDate: '2030-03-03', endDate: '2030-03-09', daysOfWeek: [] });
    expect(all.json().created).toBe(7);
    expect(await starts('2030-03-03')).toEqual(['10:00', '10:30', '11:00']); // a Sunday, normally closed
  });

  it('the week grid shows windows, closures and their labels', async () => {
    await post('/api/admin/business-closures', { date: '2030-01-22', name: 'Fully booked by fleet', type: 'capacity' });
    const week = await t.call('GET', '/api/admin/schedule?startDate=2030-01-21', { cookie: admin });
    expect(week.statusCode).toBe(200);
    const days = week.json().days as Array<{ date: string; closure: { type: string } | null; windows: unknown[]; windowsSource: string }>;
    expect(days.map((d) => d.date)).toEqual(['2030-01-21', '2030-01-22', '2030-01-23', '2030-01-24', '2030-01-25', '2030-01-26', '2030-01-27']);
    expect(days[0]).toMatchObject({ closure: null, windowsSource: 'weekly', windows: [{ startTime: '09:00', endTime: '17:00', capacity: 3 }] });
    expect(days[1]!.closure).toMatchObject({ type: 'capacity' });
    expect(days[6]!.windows).toEqual([]); // Sunday closed by the weekly hours
  });

  it('weekly hours can be changed and customers see them', async () => {
    const hours = (await t.call('GET', '/api/admin/business-hours', { cookie: admin })).json() as Array<Record<string, unknown>>;
    expect(hours).toHaveLength(7);
    const changed = hours.map((d) => (d.dayOfWeek === 0 ? { ...d, isOpen: true, startTime: '10:00', endTime: '12:00', capacity: 1 } : d));
    const saved = await t.call('PUT', '/api/admin/business-hours', { cookie: admin, body: { days: changed } });
    expect(saved.statusCode).toBe(200);
    expect(await starts('2030-01-13')).toEqual(['10:00', '10:30', '11:00']);
  });
});

describe('capacity on appointments and reschedules', () => {
  it('refuses an appointment in a full slot with the capacity message, and accepts one next to it', async () => {
    await post('/api/admin/business-availability', { date: '2030-01-23', startTime: '10:00', endTime: '13:00', maxCapacity: 1 });
    const first = await appointment('2030-01-23', '10:00');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'confirmed', guestName: 'Pat Walk-in', guestEmail: 'pat@example.com', source: 'admin', durationMinutes: 60 });
    const clash = await appointment('2030-01-23', '10:00');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(TAKEN);
    const overlap = await appointment('2030-01-23', '10:30');
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(TAKEN);
    expect((await appointment('2030-01-23', '11:00')).statusCode).toBe(201);
    expect(await starts('2030-01-23')).toEqual(['12:00']);
  });

  it('names the block when an appointment lands on blocked time, and says a past day is in the past', async () => {
    const blocked = await post('/api/admin/blocked-time', { date: '2030-02-05', startTime: '10:00', endTime: '12:00', reason: 'Van in the shop' });
    expect(blocked.statusCode).toBe(201);
    const onBlock = await appointment('2030-02-05', '11:00');
    expect(onBlock.statusCode).toBe(409);
    expect(onBlock.json()).toMatchObject({ code: 'TIME_BLOCKED', message: 'That time is blocked: Van in the shop. Choose another time, or edit the block first.', params: { reason: 'Van in the shop' } });
    // Full with customers only: still the plain answer.
    expect((await appointment('2030-02-05', '13:00')).statusCode).toBe(201);
    expect((await appointment('2030-02-05', '13:00')).statusCode).toBe(201);
    expect((await appointment('2030-02-05', '13:00')).statusCode).toBe(201);
    expect((await appointment('2030-02-05', '13:00')).json()).toMatchObject({ code: 'SLOT_FULL', message: TAKEN });

    const past = await appointment('2020-01-07', '10:00');
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'TIME_NOT_OPEN', message: 'That time is in the past. Choose a time from now on.', params: { day: 'past' } });
  });

  it('refuses a start outside the open hours with a message, never a 500', async () => {
    const early = await appointment('2030-01-24', '07:00');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/not open for booking/);
  });

  it('reschedules through the capacity engine: a full slot is refused, a free one accepted and recorded', async () => {
    await post('/api/admin/business-availability', { date: '2030-01-25', startTime: '10:00', endTime: '12:00', maxCapacity: 1 });
    const a = (await appointment('2030-01-25', '10:00')).json();
    const b = (await appointment('2030-01-25', '11:00')).json();
    const clash = await t.call('PUT', `/api/admin/bookings/${b.id}`, { cookie: admin, body: { date: '2030-01-25', time: '10:00' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(TAKEN);
    // Moving a booking inside its own place is fine: it frees its own capacity first.
    const self = await t.call('PUT', `/api/admin/bookings/${a.id}`, { cookie: admin, body: { date: '2030-01-25', time: '10:00', notes: 'Gate code 1234' } });
    expect(self.statusCode).toBe(200);
    expect(self.json().notes).toBe('Gate code 1234');
    const moved = await t.call('PUT', `/api/admin/bookings/${b.id}`, { cookie: admin, body: { date: '2030-01-28', time: '14:00' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ businessDate: '2030-01-28', scheduledDate: pacificInstant('2030-01-28', '14:00').toISOString() });
    expect(moved.json().updates[0].message).toBe('Rescheduled to 2030-01-28 at 2:00 PM (Pacific Time).');
    expect(await starts('2030-01-25')).toEqual(['11:00']);
  });

  it('the schedule page body (scheduledDate as an instant) also reschedules', async () => {
    const c = (await appointment('2030-01-29', '09:00')).json();
    const moved = await t.call('PUT', `/api/admin/bookings/${c.id}`, { cookie: admin, body: { serviceId: hourService, addressId: null, scheduledDate: pacificInstant('2030-01-29', '13:30').toISOString(), notes: null } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().scheduledDate).toBe(pacificInstant('2030-01-29', '13:30').toISOString());
  });

  it('editing an appointment re-checks capacity only when its time changes', async () => {
    await post('/api/admin/business-availability', { date: '2030-01-30', startTime: '10:00', endTime: '12:00', maxCapacity: 1 });
    const a = (await appointment('2030-01-30', '10:00')).json();
    const b = (await appointment('2030-01-30', '11:00')).json();
    const renamed = await t.call('PUT', `/api/admin/appointments/${a.id}`, { cookie: admin, body: { guestName: 'Pat Renamed', guestEmail: 'pat@example.com', serviceId: hourService, scheduledDate: a.scheduledDate, notes: 'x' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().guestName).toBe('Pat Renamed');
    const clash = await t.call('PUT', `/api/admin/appointments/${b.id}`, { cookie: admin, body: { customerName: 'B', customerEmail: 'b@example.com', serviceId: hourService, date: '2030-01-30', time: '10:00' } });
    expect(clash.statusCode).toBe(409);
    const deleted = await t.call('DELETE', `/api/admin/appointments/${a.id}`, { cookie: admin });
    expect(deleted.statusCode).toBe(200);
    expect(await starts('2030-01-30')).toEqual(['10:00']);
  });

  it('blocking a full hour is refused, and blocked time fills a slot whatever its capacity', async () => {
    await post('/api/admin/business-availability', { date: '2030-01-31', startTime: '09:00', endTime: '12:00', maxCapacity: 3 });
    expect((await post('/api/admin/blocked-time', { date: '2030-01-31', startTime: '10:00', endTime: '10:59' })).statusCode).toBe(201);
    const clash = await appointment('2030-01-31', '10:00');
    expect(clash.statusCode).toBe(409);
    expect((await post('/api/admin/blocked-time', { date: '2030-01-31', startTime: '10:00', endTime: '10:59' })).statusCode).toBe(409);
  });
});
