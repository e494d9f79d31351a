import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cookieFrom, latestMailTo, TEST_PASSWORD, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (body: Record<string, unknown>, headers?: Record<string, string>) => t.call('POST', '/api/auth/register', { body, headers });
const valid = (email: string) => ({ fullName: 'Jordan Lee', email, phone: '4085550123', password: 'a-good-password' });

function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/password_?hash|passwordHash|argon2|token_?hash|resetPassword|verificationToken/i);
}

describe('registration', () => {
  it('creates a customer, signs them in and e-mails a verification link', async () => {
    const response = await register(valid('jordan@example.com'));
    expect(response.statusCode).toBe(201);
    expectNoSecrets(response.body);
    const body = response.json();
    expect(body).toMatchObject({ user: { email: 'jordan@example.com', role: 'customer', emailVerified: false, fullName: 'Jordan Lee' }, shopifyCustomerLinked: false });
    expect(body.message).toMatch(/check your email/i);
    const me = await t.call('GET', '/api/auth/me', { cookie: cookieFrom(response) });
    expect(me.json().email).toBe('jordan@example.com');
    const mail = await latestMailTo(t, 'jordan@example.com');
    expect(mail?.subject).toMatch(/verify/i);
    expect(mail?.links.some((l) => l.startsWith('http://localhost:5000/verify-email?token='))).toBe(true);
  });

  it.each([
    [{ fullName: 'J' }, 'Full name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ phone: '12345' }, 'Phone number must be at least 10 digits'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
  ])('refuses %o with the form message', async (override, message) => {
    const response = await register({ ...valid('someone@example.com'), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('keeps the language the page was in: the settings and the verification e-mail are Spanish', async () => {
    const response = await register({ ...valid('paloma@example.com'), language: 'es' });
    expect(response.statusCode, response.body).toBe(201);
    expect((await t.call('GET', '/api/settings', { cookie: cookieFrom(response) })).json()).toMatchObject({ language: 'es' });
    expect((await latestMailTo(t, 'paloma@example.com'))?.subject).toMatch(/^Verifica tu correo electrónico/);
  });

  it('answers a known e-mail (whatever its case) as a new one, signs nobody in and tells the owner instead', async () => {
    const first = await register(valid('taken@example.com'));
    const fresh = await register(valid('not-taken-yet@example.com'));
    const known = await register({ ...valid('TAKEN@example.com'), fullName: 'Someone Else', password: 'another-password-9' });
    // The same status, the same body shape and words, a session cookie either way.
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(known.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(Object.keys(known.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(known.json()).toMatchObject({ message: fresh.json().message, user: { email: 'taken@example.com', fullName: 'Someone Else', emailVerified: false, role: 'customer' }, shopifyCustomerLinked: false });
    expect(known.json().user.id).not.toBe(first.json().user.id);
    // But the cookie opens nothing, and the account, its password and its owner's session are untouched.
    expect((await t.call('GET', '/api/auth/session', { cookie: cookieFrom(known) })).json()).toEqual({ user: null });
    expect((await t.call('GET', '/api/auth/me', { cookie: cookieFrom(first) })).json().fullName).toBe('Jordan Lee');
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'taken@example.com', password: 'another-password-9' } })).statusCode).toBe(401);
    expect((await t.handle.executeSql(`select id from users where email = 'taken@example.com'`)).rows).toHaveLength(1);
    // The owner hears of it, with a way to sign in.
    const mail = (await latestMailTo(t, 'taken@example.com'))!;
    expect(mail.subject).toBe('Someone tried to create a Glint account with your address');
    expect(mail.text).toContain('sign in with your password, or reset it');
    expect(mail.links).toContain('http://localhost:5000/auth');
  });

  it('tells the owner of a known address at most 3 times an hour, and answers the same after that', async () => {
    await register(valid('pestered@example.com'));
    const statuses = [];
    for (let n = 0; n < 5; n++) statuses.push((await register(valid('pestered@example.com'))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const outbox = (await t.call('GET', '/api/dev/outbox')).json() as Array<{ to: string; subject: string }>;
    expect(outbox.filter((m) => m.to === 'pestered@example.com' && m.subject.startsWith('Someone tried'))).toHaveLength(3);
  });

  it('answers a body that is not JSON with a 400 and a message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON');
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed token once; the same link again says the address is already verified', async () => {
    await register(valid('verify-me@example.com'));
    const mail = await latestMailTo(t, 'verify-me@example.com');
    const token = new URL(mail!.links[0]!).searchParams.get('token')!;
    const first = await t.call('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Email verified successfully', alreadyVerified: false });
    const again = await t.call('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Your email is already verified', alreadyVerified: true });
  });

  it('refuses a token that never was, or whose time ran out before it was used', async () => {
    const unknown = await t.call('GET', `/api/auth/verify-email?token=${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The verification link may be expired or invalid.');
    await register(valid('verify-late@example.com'));
    const token = new URL((await latestMailTo(t, 'verify-late@example.com'))!.links[0]!).searchParams.get('token')!;
    t.clock.advance(8 * 24 * 3600_000);
    const late = await t.call('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(late.statusCode).toBe(400);
    t.clock.advance(-8 * 24 * 3600_000);
  });

  it('refuses a missing token with 400', async () => {
    const response = await t.call('GET', '/api/auth/verify-email');
    expect(response.statusCode).toBe(400);
  });

  it('resends a verification mail to a signed-in, unverified user only', async () => {
    const { cookie } = await t.createUser({ emailVerified: false, email: 'resend@example.com' });
    const response = await t.call('POST', '/api/auth/resend-verification', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Verification email sent');
    expect((await latestMailTo(t, 'resend@example.com'))?.subject).toMatch(/verify/i);
    expect((await t.call('POST', '/api/auth/resend-verification')).statusCode).toBe(401);
    const verified = await t.createUser({ emailVerified: true });
    expect((await t.call('POST', '/api/auth/resend-verification', { cookie: verified.cookie })).statusCode).toBe(400);
  });
});

describe('login, sessions and logout', () => {
  it('signs in with the right password and never returns the hash', async () => {
    const { user } = await t.createUser({ email: 'login@example.com' });
    const response = await t.call('POST', '/api/auth/login', { body: { email: 'Login@Example.com', password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expectNoSecrets(response.body);
    expect(response.json().id).toBe(user.id);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    await t.createUser({ email: 'wrongpass@example.com' });
    const wrong = await t.call('POST', '/api/auth/login', { body: { email: 'wrongpass@example.com', password: 'nope-nope' } });
    const unknown = await t.call('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('validates the login form with the form messages', async () => {
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'x', password: 'p' } })).json().message).toBe('Invalid email address');
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'a@b.co', password: '' } })).json().message).toBe('Password is required');
  });

  it('issues a new token at each login and deletes it at logout', async () => {
    await t.createUser({ email: 'twice@example.com' });
    const first = await t.login('twice@example.com');
    const second = await t.login('twice@example.com');
    expect(first).not.toBe(second);
    expect((await t.call('POST', '/api/auth/logout', { cookie: first })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { cookie: first })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { cookie: second })).statusCode).toBe(200);
  });

  it('answers the session probe with 200 for a visitor, the user when signed in, and null again after logout', async () => {
    const anonymous = await t.call('GET', '/api/auth/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    const { user } = await t.createUser({ email: 'probe@example.com' });
    const cookie = await t.login('probe@example.com');
    const signedIn = await t.call('GET', '/api/auth/session', { cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: user.id, email: 'probe@example.com' });
    expectNoSecrets(signedIn.body);
    await t.call('POST', '/api/auth/logout', { cookie });
    expect((await t.call('GET', '/api/auth/session', { cookie })).json()).toEqual({ user: null });
  });

  it('stores only a hash of the session token', async () => {
    const { cookie } = await t.createUser();
    const token = cookie.split('=')[1]!;
    const rows = await t.handle.executeSql('select token_hash from sessions where token_hash = $1', [token]);
    expect(rows.rows).toHaveLength(0);
  });

  it('ends a session after 30 days idle', async () => {
    const { cookie } = await t.createUser();
    t.clock.advance(31 * 86_400_000);
    try {
      expect((await t.call('GET', '/api/auth/me', { cookie })).statusCode).toBe(401);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });

  it('ends an admin session after 12 hours even when active', async () => {
    const cookie = await t.login('admin@glint.local');
    t.clock.advance(11 * 3600_000);
    expect((await t.call('GET', '/api/auth/me', { cookie })).statusCode).toBe(200);
    t.clock.advance(2 * 3600_000);
    try {
      expect((await t.call('GET', '/api/auth/me', { cookie })).statusCode).toBe(401);
    } finally {
      t.clock.advance(-13 * 3600_000);
    }
  });
});

describe('forgotten passwords', () => {
  it('answers the same for an unknown and a known address', async () => {
    await t.createUser({ email: 'forgot@example.com' });
    const started = Date.now();
    const known = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'forgot@example.com' } });
    const knownMs = Date.now() - started;
    const startedUnknown = Date.now();
    const unknown = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.com' } });
    const unknownMs = Date.now() - startedUnknown;
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(250);
    expect(await latestMailTo(t, 'ghost@example.com')).toBeUndefined();
  });

  it('validates the address with the form message', async () => {
    const response = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });

  it('resets with the mailed token once, ends other sessions, and the new password works', async () => {
    const { cookie } = await t.createUser({ email: 'reset@example.com' });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'reset@example.com' } });
    const mail = await latestMailTo(t, 'reset@example.com');
    const token = new URL(mail!.links[0]!).searchParams.get('token')!;
    const reset = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'brand-new-password' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { cookie })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'another-password' } })).statusCode).toBe(400);
    await expect(t.login('reset@example.com', 'brand-new-password')).resolves.toMatch(/^glint_session=/);
  });

  it('refuses a reset token after an hour', async () => {
    await t.createUser({ email: 'late@example.com' });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'late@example.com' } });
    const token = new URL((await latestMailTo(t, 'late@example.com'))!.links[0]!).searchParams.get('token')!;
    t.clock.advance(61 * 60_000);
    try {
      const response = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'brand-new-password' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The reset link may be expired or invalid.');
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('validates the reset form', async () => {
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token: '', newPassword: 'long-enough' } })).json().message).toBe('Reset token is required');
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token: 'abc', newPassword: 'short' } })).json().message).toBe('Password must be at least 8 characters');
  });
});

describe('protection', () => {
  it('refuses a state change from another origin with 403', async () => {
    const response = await t.call('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x' }, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-origin request refused');
    const same = await t.call('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x' }, headers: { origin: 'http://localhost:5000' } });
    expect(same.statusCode).toBe(401);
  });

  it('locks an (account, IP) pair after five failed logins, progressively, counting failures only, and says so', async () => {
    await t.createUser({ email: 'limited@example.com' });
    for (let i = 0; i < 12; i++) await t.login('limited@example.com'); // successes never count
    const statuses: number[] = [];
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) statuses.push((await t.call('POST', '/api/auth/login', { ip, body: { email: 'limited@example.com', password: 'wrong-password' } })).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const blocked = await t.call('POST', '/api/auth/login', { ip, body: { email: 'limited@example.com', password: TEST_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'SIGN_IN_LOCKED' });
    expect(blocked.json().message).toMatch(/locked for 1 minute/i);
    t.clock.advance(61_000);
    try {
      expect((await t.call('POST', '/api/auth/login', { ip, body: { email: 'limited@example.com', password: TEST_PASSWORD } })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it('rate limits logins per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await t.call('POST', '/api/auth/login', { ip: '203.0.113.9', body: { email: `who${i}@example.com`, password: 'x' } })).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
    expect((await t.call('POST', '/api/auth/login', { ip: '203.0.113.10', body: { email: 'who@example.com', password: 'x' } })).statusCode).toBe(401);
  });

  it('rate limits forgot-password per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.call('POST', '/api/auth/forgot-password', { body: { email: 'spam-me@example.com' } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('e-mails in the recipient’s language', () => {
  it('writes a Spanish-speaking customer’s reset e-mail in Spanish and an English one as before', async () => {
    const spanish = await t.createUser({ email: 'lucia@example.com', fullName: 'Lucía Pérez' });
    expect((await t.call('PUT', '/api/settings', { cookie: spanish.cookie, body: { language: 'es' } })).statusCode).toBe(200);
    await t.createUser({ email: 'sam@example.com', fullName: 'Sam Reed' });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'lucia@example.com' } });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'sam@example.com' } });

    const es = (await latestMailTo(t, 'lucia@example.com'))!;
    expect(es.subject).toMatch(/^Restablece tu contraseña de /);
    expect(es.text).toContain('Hola, Lucía Pérez:');
    expect(es.text).toContain('Elegir una nueva contraseña: http://localhost:5000/reset-password?token=');
    expect(es.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(/\b(hi|password|reset|link|ignore)\b/i);

    const en = (await latestMailTo(t, 'sam@example.com'))!;
    expect(en.subject).toMatch(/^Reset your .+ password$/);
    expect(en.text).toContain(
      'Hi Sam Reed,\n\nSomeone asked to reset the password of your account. If it was you, choose a new password with the link below; it works once, within the next hour.\n\nIf it was not you, you can ignore this email.\n\nChoose a new password: http://localhost:5000/reset-password?token=',
    );
  });
});

describe('error codes', () => {
  it('names sign-in failures by domain code, with the same English words', async () => {
    // (A taken e-mail at registration is no longer an error: it is answered as a new one, see 'registration'.)
    await t.createUser({ email: 'coded@example.com' });
    const wrong = await t.call('POST', '/api/auth/login', { body: { email: 'coded@example.com', password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'WRONG_CREDENTIALS', message: 'Invalid email or password' });
    const anonymous = await t.call('GET', '/api/auth/me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'NOT_SIGNED_IN', message: 'Please sign in to continue' });
  });
});

describe('health and dev outbox', () => {
  it('answers health with the database kind', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.json()).toEqual({ ok: true, db: t.handle.kind });
  });

  it('hides the outbox in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.call('GET', '/api/dev/outbox')).statusCode).toBe(404);
      expect((await prod.call('GET', '/dev/mail')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
