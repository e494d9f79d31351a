import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, bookings, packagePurchases, packages, packageUsage, paymentMethods, sessions, users } from '../../db/schema';
import { cookieFrom, createTestApp, latestMailTo, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { anyService, createBooking, saveCard } from '../../test/account-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (overrides: Record<string, unknown> = {}) => ({ fullName: 'Morgan Avery', email: 'morgan@example.com', phone: '4085550177', ...overrides });

describe('PUT /api/auth/me (profile)', () => {
  it('saves name and phone and shows them on the next GET /api/auth/me', async () => {
    const { user, cookie } = await t.createUser();
    const response = await t.call('PUT', '/api/auth/me', { cookie, body: profile({ email: user.email, fullName: '  Morgan Avery ', phone: '+14085550177' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Profile updated', verificationSent: false, user: { fullName: 'Morgan Avery', phone: '+14085550177', emailVerified: true } });
    const me = await t.call('GET', '/api/auth/me', { cookie });
    expect(me.json()).toMatchObject({ fullName: 'Morgan Avery', phone: '+14085550177', email: user.email });
  });

  it('marks a changed e-mail unverified, sends a new verification link there and tells the old address', async () => {
    const { user, cookie } = await t.createUser({ emailVerified: true });
    const response = await t.call('PUT', '/api/auth/me', { cookie, body: profile({ email: 'New.Address@Example.com' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ verificationSent: true, user: { email: 'new.address@example.com', emailVerified: false } });
    const mail = await latestMailTo(t, 'new.address@example.com');
    expect(mail?.subject).toMatch(/verify/i);
    const link = mail!.links.find((l) => l.includes('/verify-email?token='))!;
    const notice = await latestMailTo(t, user.email);
    expect(notice?.subject).toMatch(/email address was changed/i);
    const verified = await t.call('GET', `/api/auth/verify-email?token=${new URL(link).searchParams.get('token')}`);
    expect(verified.statusCode).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { cookie })).json()).toMatchObject({ email: 'new.address@example.com', emailVerified: true });
  });

  it('refuses an e-mail another account uses with 409 and saves nothing', async () => {
    const other = await t.createUser();
    const { user, cookie } = await t.createUser();
    const response = await t.call('PUT', '/api/auth/me', { cookie, body: profile({ email: other.user.email.toUpperCase(), fullName: 'Should Not Save' }) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Email already registered');
    expect((await t.call('GET', '/api/auth/me', { cookie })).json()).toMatchObject({ fullName: user.fullName, email: user.email });
  });

  it.each([
    [{ fullName: 'M' }, 'Full name must be at least 2 characters'],
    [{ email: 'nope' }, 'Invalid email address'],
    [{ phone: '123' }, 'Phone number must be at least 10 digits'],
    [{ emailNotifications: 'yes' }, 'emailNotifications must be true or false'],
  ])('refuses %o with 400 and the message', async (override, message) => {
    const { cookie } = await t.createUser();
    const response = await t.call('PUT', '/api/auth/me', { cookie, body: profile(override) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('stores the e-mail notification switch with the settings', async () => {
    const { user, cookie } = await t.createUser();
    await t.call('PUT', '/api/auth/me', { cookie, body: profile({ email: user.email, emailNotifications: false }) });
    expect((await t.call('GET', '/api/settings', { cookie })).json().emailNotifications).toBe(false);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('PUT', '/api/auth/me', { body: profile() })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { user, cookie } = await t.createUser();
    const otherDevice = await t.login(user.email);
    const response = await t.call('POST', '/api/auth/change-password', { cookie, body: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-password' } });
    expect(response.statusCode).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { cookie })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { cookie: otherDevice })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { body: { email: user.email, password: 'a-brand-new-password' } })).statusCode).toBe(200);
  });

  it('refuses a wrong current password and a short new one with 400', async () => {
    const { cookie } = await t.createUser();
    const wrong = await t.call('POST', '/api/auth/change-password', { cookie, body: { currentPassword: 'not-it-at-all', newPassword: 'a-brand-new-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await t.call('POST', '/api/auth/change-password', { cookie, body: { currentPassword: TEST_PASSWORD, newPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
  });
});

describe('DELETE /api/auth/me', () => {
  it('erases the personal data, keeps the bookings and ends every session', async () => {
    const { user, cookie } = await t.createUser({ fullName: 'Erin Erase', phone: '4085559999' });
    const secondDevice = await t.login(user.email);
    await t.call('POST', '/api/addresses', { cookie, body: { street: '9 Gone Rd', city: 'San Jose', state: 'CA', zipCode: '95110' } });
    await saveCard(t, user.id, { isDefault: true });
    const { booking } = await createBooking(t, { userId: user.id, status: 'completed', dateKey: '2024-05-06' });

    const refused = await t.call('DELETE', '/api/auth/me', { cookie, body: { password: 'wrong-password' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Password is incorrect');

    const response = await t.call('DELETE', '/api/auth/me', { cookie, body: { password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/glint_session=;/);

    const [row] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ fullName: 'Deleted User', phone: null, email: `deleted-${user.id}@deleted.invalid`, stripeCustomerId: null });
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.handle.db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(0);
    expect(await t.handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toHaveLength(0);
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const [kept] = await t.handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept).toMatchObject({ userId: user.id, status: 'completed' });

    expect((await t.call('GET', '/api/auth/me', { cookie: secondDevice })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(401);
    // The e-mail is free again for a new account.
    const again = await t.call('POST', '/api/auth/register', { body: { fullName: 'Erin Again', email: user.email, phone: '4085550000', password: 'another-password' } });
    expect(again.statusCode).toBe(201);
    expect((await t.call('GET', '/api/auth/session', { cookie: cookieFrom(again) })).json().user).toMatchObject({ fullName: 'Erin Again' });
  });

  it('refuses while a booking lies ahead, and saves nothing', async () => {
    const { user, cookie } = await t.createUser();
    await createBooking(t, { userId: user.id, status: 'confirmed' });
    const response = await t.call('DELETE', '/api/auth/me', { cookie, body: { password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/upcoming bookings/);
    expect((await t.call('GET', '/api/auth/me', { cookie })).json().email).toBe(user.email);
  });

  it('asks for the password', async () => {
    const { cookie } = await t.createUser();
    const response = await t.call('DELETE', '/api/auth/me', { cookie, body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password is required');
  });
});

describe('GET/PUT /api/settings', () => {
  it('answers the defaults, saves a subset and keeps it per account', async () => {
    const { cookie } = await t.createUser();
    const other = await t.createUser();
    expect((await t.call('GET', '/api/settings', { cookie })).json()).toMatchObject({ theme: 'auto', language: 'en', emailNotifications: true });
    const saved = await t.call('PUT', '/api/settings', { cookie, body: { theme: 'dark', language: 'es', marketingEmails: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ theme: 'dark', language: 'es', marketingEmails: true, pushNotifications: true });
    await t.call('PUT', '/api/settings', { cookie, body: { smsNotifications: true } });
    expect((await t.call('GET', '/api/settings', { cookie })).json()).toMatchObject({ theme: 'dark', language: 'es', smsNotifications: true });
    expect((await t.call('GET', '/api/settings', { cookie: other.cookie })).json()).toMatchObject({ theme: 'auto', language: 'en' });
  });

  it.each([[{ theme: 'purple' }], [{ language: 'de' }], [{ pushNotifications: 'on' }], [{ somethingElse: true }], [{}]])('refuses %o with 400', async (body) => {
    const { cookie } = await t.createUser();
    const response = await t.call('PUT', '/api/settings', { cookie, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  it('skips notification mail when e-mail notifications are off, but never transactional mail', async () => {
    const { user, cookie } = await t.createUser();
    await t.call('PUT', '/api/settings', { cookie, body: { emailNotifications: false } });
    expect(await t.ctx.mailer.send({ to: user.email, subject: 'Driver en route', text: 'x', category: 'notification', userId: user.id })).toBe(false);
    expect(await t.ctx.mailer.send({ to: user.email, subject: 'Your receipt', text: 'x', category: 'transactional', userId: user.id })).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', '/api/settings')).statusCode).toBe(401);
  });
});

describe('GET /api/account/summary', () => {
  it('counts kept bookings, averages the ratings given and adds up struck-through savings', async () => {
    const { user, cookie } = await t.createUser();
    await createBooking(t, { userId: user.id, status: 'completed', rating: 5, dateKey: '2024-05-06' });
    await createBooking(t, { userId: user.id, status: 'completed', rating: 4, dateKey: '2024-05-07' });
    await createBooking(t, { userId: user.id, status: 'cancelled', dateKey: '2024-05-08' });
    // Wash & Wax is $119.00, struck through at $159.00: $40.00 saved on each kept booking.
    let summary = (await t.call('GET', '/api/account/summary', { cookie })).json();
    expect(summary).toMatchObject({ totalBookings: 2, averageRating: '4.5', ratingsGiven: 2, moneySaved: '80.00' });

    // A 10-credit package worth $1,190.00 bought for $990.00: $20.00 saved per credit used.
    const service = await anyService(t, 'wash-and-wax');
    const [pack] = await t.handle.db.insert(packages).values({ name: 'Ten washes', serviceId: service.id, serviceCount: 10, originalPrice: '1190.00', packagePrice: '990.00' }).returning();
    const [purchase] = await t.handle.db
      .insert(packagePurchases)
      .values({ userId: user.id, packageId: pack!.id, packageName: 'Ten washes', serviceName: service.name, servicesIncluded: 10, servicesRemaining: 8, purchasePrice: '990.00' })
      .returning();
    await t.handle.db.insert(packageUsage).values([{ packagePurchaseId: purchase!.id }, { packagePurchaseId: purchase!.id }]);
    summary = (await t.call('GET', '/api/account/summary', { cookie })).json();
    expect(summary.moneySaved).toBe('120.00');
  });

  it('shows no average before the first rating', async () => {
    const { cookie } = await t.createUser();
    expect((await t.call('GET', '/api/account/summary', { cookie })).json()).toMatchObject({ totalBookings: 0, averageRating: null, moneySaved: '0.00' });
  });
});

describe('notifications', () => {
  it('lists the updates of my bookings newest first with an unread count, and marks them read', async () => {
    const { user, cookie } = await t.createUser();
    const other = await t.createUser();
    const { booking } = await createBooking(t, { userId: user.id });
    await createBooking(t, { userId: other.user.id });
    await t.call('POST', `/api/bookings/${booking.id}/cancel`, { cookie });

    const first = await t.call('GET', '/api/notifications', { cookie });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ unreadCount: 1, total: 1, page: 1, pageSize: 20 });
    expect(page.items[0]).toMatchObject({ bookingId: booking.id, status: 'cancelled', unread: true });

    const read = await t.call('POST', '/api/notifications/read', { cookie });
    expect(read.json()).toEqual({ unreadCount: 0 });
    const after = (await t.call('GET', '/api/notifications', { cookie })).json();
    expect(after).toMatchObject({ unreadCount: 0, total: 1 });
    expect(after.items[0].unread).toBe(false);
    expect((await t.call('GET', '/api/notifications', { cookie: other.cookie })).json()).toMatchObject({ total: 0, unreadCount: 0 });
  });

  it('is paginated', async () => {
    const { user, cookie } = await t.createUser();
    for (let i = 0; i < 3; i++) {
      const { booking } = await createBooking(t, { userId: user.id, time: `1${i}:00` });
      await t.call('POST', `/api/bookings/${booking.id}/cancel`, { cookie });
    }
    const page = (await t.call('GET', '/api/notifications?page=2&pageSize=2', { cookie })).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2, unreadCount: 3 });
    expect(page.items).toHaveLength(1);
    expect((await t.call('GET', '/api/notifications?pageSize=1000', { cookie })).statusCode).toBe(400);
  });
});
