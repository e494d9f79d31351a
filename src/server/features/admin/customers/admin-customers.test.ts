import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestMailTo, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const customers = async (query = '') => {
  const response = await t.call('GET', `/api/admin/customers${query}`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Array<{ id: string; email: string; fullName: string; totalBookings: number; totalSpent: string; role: string }>; total: number };
};

describe('Customer Management', () => {
  it('lists customers only, with their booking count and money spent', async () => {
    const list = await customers();
    expect(list.items.every((c) => c.role === 'customer')).toBe(true);
    const casey = list.items.find((c) => c.email === 'customer@glint.local')!;
    expect(casey).toMatchObject({ fullName: 'Casey Morgan', totalBookings: 5 });
    expect(Number(casey.totalSpent)).toBeGreaterThan(0);
    expect(JSON.stringify(list)).not.toMatch(/passwordHash|password_hash|token/i);
  });

  it('searches name and e-mail case-insensitively and phone as a substring', async () => {
    await t.createUser({ fullName: 'Morgan Freeman-Lee', email: 'mfl@example.com', phone: '(650) 555-7788' });
    expect((await customers('?search=casey')).items.map((c) => c.email)).toEqual(['customer@glint.local']);
    expect((await customers('?search=CUSTOMER@GLINT.LOCAL')).total).toBe(1);
    expect((await customers('?search=morgan')).total).toBe(2);
    expect((await customers('?search=555-7788')).items.map((c) => c.email)).toEqual(['mfl@example.com']);
    expect((await customers('?search=6505557788')).items.map((c) => c.email)).toEqual(['mfl@example.com']);
    expect((await customers('?search=zzz-no-one')).total).toBe(0);
  });

  it('edits a customer; a taken e-mail is refused and a new one must be verified again', async () => {
    const { user } = await t.createUser({ email: 'edit-me@example.com' });
    const missing = await t.call('PUT', `/api/admin/customers/${user.id}`, { cookie: admin, body: { fullName: '', email: 'edit-me@example.com' } });
    expect(missing.json().message).toBe('Please fill in all required fields');
    const taken = await t.call('PUT', `/api/admin/customers/${user.id}`, { cookie: admin, body: { fullName: 'Edited', email: 'customer@glint.local', phone: null } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Email already registered');
    const edited = await t.call('PUT', `/api/admin/customers/${user.id}`, { cookie: admin, body: { fullName: 'Edited Name', email: 'Edited@Example.com', phone: '(408) 555-0100' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ fullName: 'Edited Name', email: 'edited@example.com', phone: '+14085550100', emailVerified: false });
    expect((await latestMailTo(t, 'edited@example.com'))?.subject).toMatch(/verify/i);
  });

  it('refuses phone numbers that are not US numbers in the customer, user, staff and appointment forms', async () => {
    const { user } = await t.createUser({ email: 'bad-phone@example.com' });
    for (const phone of ['abcdefghijkl', '-12345678901', '408555010', '+44 20 7946 0958']) {
      const edited = await t.call('PUT', `/api/admin/customers/${user.id}`, { cookie: admin, body: { fullName: 'Bad Phone', email: 'bad-phone@example.com', phone } });
      expect(edited.statusCode, phone).toBe(400);
      expect(edited.json()).toMatchObject({ code: 'INVALID_INPUT', message: 'Please enter a valid US phone number, like (408) 555-0100', params: { field: 'phone' } });
    }
    const created = await t.call('POST', '/api/admin/users', { cookie: admin, body: { fullName: 'Walk In', email: 'walk-bad@example.com', phone: 'call me' } });
    expect(created.statusCode).toBe(400);
    const staff = await t.call('POST', '/api/admin/staff', { cookie: admin, body: { fullName: 'Bad Phone', email: 'bad-staff@example.com', phone: '12' } });
    expect(staff.statusCode).toBe(400);
    const services = (await t.call('GET', '/api/services')).json() as Array<{ id: string }>;
    const appointment = await t.call('POST', '/api/admin/appointments', {
      cookie: admin,
      body: { customerName: 'Pat', customerEmail: 'pat@example.com', customerPhone: 'abcdefghijkl', serviceId: services[0]!.id, date: '2031-03-04', time: '10:00' },
    });
    expect(appointment.statusCode).toBe(400);
    expect(appointment.json().params).toMatchObject({ field: 'customerPhone' });
    const blank = await t.call('PUT', `/api/admin/customers/${user.id}`, { cookie: admin, body: { fullName: 'No Phone', email: 'bad-phone@example.com', phone: '' } });
    expect(blank.json()).toMatchObject({ phone: null });
  });

  it('sends a password reset e-mail whose link sets a new password', async () => {
    await t.createUser({ email: 'forgot@example.com' });
    const response = await t.call('POST', '/api/admin/send-password-reset', { cookie: admin, body: { email: 'forgot@example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Password reset email sent to forgot@example.com');
    const mail = await latestMailTo(t, 'forgot@example.com');
    const token = new URL(mail!.links.find((l) => l.includes('/reset-password'))!).searchParams.get('token')!;
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'brand-new-password' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'forgot@example.com', password: 'brand-new-password' } })).statusCode).toBe(200);
    const unknown = await t.call('POST', '/api/admin/send-password-reset', { cookie: admin, body: { email: 'nobody@example.com' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('creates a user without a password anyone sees: the customer is welcomed by e-mail with a link to choose one', async () => {
    const missing = await t.call('POST', '/api/admin/users', { cookie: admin, body: { email: 'x@example.com' } });
    expect(missing.json().message).toBe('Please fill in all required fields');
    const response = await t.call('POST', '/api/admin/users', { cookie: admin, body: { fullName: 'Walk In', email: 'walkin@example.com', phone: '4085550199' } });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ user: expect.objectContaining({ email: 'walkin@example.com', role: 'customer' }), invitationSent: true });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const mail = await latestMailTo(t, 'walkin@example.com');
    expect(mail!.subject).toContain('Welcome to');
    expect(mail!.text).toContain('An account was made for you');
    expect(mail!.text).not.toContain('Someone asked to reset');
    const token = new URL(mail!.links.find((l) => l.includes('/reset-password'))!).searchParams.get('token')!;
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'walk-in-password' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'walkin@example.com', password: 'walk-in-password' } })).statusCode).toBe(200);
    const again = await t.call('POST', '/api/admin/users', { cookie: admin, body: { fullName: 'Walk In', email: 'walkin@example.com' } });
    expect(again.statusCode).toBe(409);
    const users = (await t.call('GET', '/api/admin/users?search=walkin', { cookie: admin })).json();
    expect(users.items).toEqual([expect.objectContaining({ email: 'walkin@example.com' })]);
  });
});

describe('Staff', () => {
  it('adds a driver who gets an invitation to choose a password and then signs in', async () => {
    const response = await t.call('POST', '/api/admin/staff', { cookie: admin, body: { fullName: 'Nina Driver', email: 'nina@example.com', phone: '4085550123' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ fullName: 'Nina Driver', role: 'driver', invitationPending: true, onShift: false, status: 'offline' });
    // No password works before the invitation is used.
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'nina@example.com', password: 'correct-horse-battery' } })).statusCode).toBe(401);
    const mail = await latestMailTo(t, 'nina@example.com');
    expect(mail?.subject).toMatch(/invited/i);
    const token = new URL(mail!.links.find((l) => l.includes('/reset-password'))!).searchParams.get('token')!;
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'nina-drives-safely' } })).statusCode).toBe(200);
    const login = await t.call('POST', '/api/auth/login', { body: { email: 'nina@example.com', password: 'nina-drives-safely' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().role).toBe('driver');
    const staff = (await t.call('GET', '/api/admin/staff', { cookie: admin })).json();
    expect(staff.items.find((s: { email: string }) => s.email === 'nina@example.com')).toMatchObject({ invitationPending: false });
    const duplicate = await t.call('POST', '/api/admin/staff', { cookie: admin, body: { fullName: 'Nina Again', email: 'nina@example.com' } });
    expect(duplicate.statusCode).toBe(409);
  });

  it('shows who is on shift from the driver status', async () => {
    const diego = (await t.call('GET', '/api/admin/staff', { cookie: admin })).json().items.find((s: { email: string }) => s.email === 'driver@glint.local');
    expect(diego).toMatchObject({ onShift: false, status: 'offline', activeBookings: 2 });
    await t.handle.executeSql(`update driver_status set status = 'available', last_seen = now() where driver_id = $1`, [diego.id]);
    const after = (await t.call('GET', '/api/admin/staff', { cookie: admin })).json().items.find((s: { email: string }) => s.email === 'driver@glint.local');
    expect(after).toMatchObject({ onShift: true, status: 'available' });
  });

  it('disables a driver: sessions end, sign-in is refused, no assignment; enabling restores sign-in', async () => {
    const session = await t.login('driver@glint.local');
    const diego = (await t.call('GET', '/api/admin/staff', { cookie: admin })).json().items.find((s: { email: string }) => s.email === 'driver@glint.local');
    const disabled = await t.call('PATCH', `/api/admin/staff/${diego.id}`, { cookie: admin, body: { isDisabled: true } });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ isDisabled: true, onShift: false, status: 'offline' });
    expect((await t.call('GET', '/api/auth/me', { cookie: session })).statusCode).toBe(401);
    const login = await t.call('POST', '/api/auth/login', { body: { email: 'driver@glint.local', password: 'correct-horse-battery' } });
    expect(login.statusCode).toBe(403);
    expect((await t.call('GET', '/api/drivers', { cookie: admin })).json().some((d: { id: string }) => d.id === diego.id)).toBe(false);
    await t.call('PATCH', `/api/admin/staff/${diego.id}`, { cookie: admin, body: { isDisabled: false } });
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'driver@glint.local', password: 'correct-horse-battery' } })).statusCode).toBe(200);
  });

  it('does not touch customers or admins through the staff route', async () => {
    const { user } = await t.createUser({ role: 'customer' });
    expect((await t.call('PATCH', `/api/admin/staff/${user.id}`, { cookie: admin, body: { isDisabled: true } })).statusCode).toBe(404);
  });
});

// Last: cancelling Casey's upcoming bookings changes the seeded jobs the staff list counts above.
describe('deleting a customer', () => {
  it('deletes a customer: personal data erased, sessions ended, bookings kept', async () => {
    const list = await customers('?search=casey');
    const casey = list.items[0]!;
    const bookingsBefore = (await t.call('GET', '/api/admin/bookings?pageSize=100', { cookie: admin })).json().total;
    const session = await t.login('customer@glint.local');
    // Casey's upcoming bookings are listed, and cancelled first when the admin says so.
    const upcoming = (await t.call('GET', `/api/admin/customers/${casey.id}/upcoming-bookings`, { cookie: admin })).json() as unknown[];
    const refused = await t.call('DELETE', `/api/admin/customers/${casey.id}`, { cookie: admin });
    expect(upcoming.length).toBeGreaterThan(0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CUSTOMER_HAS_UPCOMING_BOOKINGS', params: { count: upcoming.length } });
    const deleted = await t.call('DELETE', `/api/admin/customers/${casey.id}?cancelUpcoming=true`, { cookie: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { cookie: session })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'customer@glint.local', password: 'correct-horse-battery' } })).statusCode).toBe(401);
    expect((await customers('?search=casey')).total).toBe(0);
    const bookings = (await t.call('GET', '/api/admin/bookings?pageSize=100', { cookie: admin })).json();
    expect(bookings.total).toBe(bookingsBefore);
    expect(JSON.stringify(bookings)).not.toContain('Casey Morgan');
    expect(JSON.stringify(bookings)).not.toContain('customer@glint.local');
    expect((await t.call('GET', `/api/admin/customers/${casey.id}/addresses`, { cookie: admin })).json()).toEqual([]);
  });
});
