import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';
import { isLoopback } from './loopback';

/**
 * Who the client is: every per-address limit and the sign-in lockout key on request.ip, which believes
 * X-Forwarded-For only as far as TRUST_PROXY says. These tests rotate the header as an attacker would.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forged = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });

async function wrongLogins(app: TestApp, email: string, count: number, socketIp: string, headers: (n: number) => Record<string, string>) {
  for (let n = 1; n <= count; n++) await app.call('POST', '/api/auth/login', { ip: socketIp, headers: headers(n), body: { email, password: 'a-wrong-guess' } });
}

describe('without TRUST_PROXY (the default)', () => {
  it('keeps the sign-in lockout on the socket’s address however X-Forwarded-For rotates', async () => {
    const { user } = await t.createUser();
    await wrongLogins(t, user.email, 6, '192.0.2.10', forged);
    const right = await t.call('POST', '/api/auth/login', { ip: '192.0.2.10', headers: forged(99), body: { email: user.email, password: TEST_PASSWORD } });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('SIGN_IN_LOCKED');
    // The owner on another address is not locked out by the stranger.
    expect((await t.call('POST', '/api/auth/login', { ip: '192.0.2.11', body: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  });

  it('keeps the per-address limit of forgot-password mails however X-Forwarded-For rotates', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '3' } });
    try {
      const statuses: number[] = [];
      for (let n = 1; n <= 4; n++) {
        const response = await limited.call('POST', '/api/auth/forgot-password', { ip: '192.0.2.20', headers: forged(n), body: { email: `nobody${n}@example.com` } });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('with TRUST_PROXY=1 (one proxy in front)', () => {
  it('takes the last hop of X-Forwarded-For as the client: a forged first entry changes nothing', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const { user } = await proxied.createUser();
      // The proxy (socket 10.0.0.2) appends the address it saw; whatever the client wrote before it is ignored.
      await wrongLogins(proxied, user.email, 6, '10.0.0.2', (n) => ({ 'x-forwarded-for': `203.0.113.${n}, 198.51.100.77` }));
      const locked = await proxied.call('POST', '/api/auth/login', {
        ip: '10.0.0.2',
        headers: { 'x-forwarded-for': '203.0.113.200, 198.51.100.77' },
        body: { email: user.email, password: TEST_PASSWORD },
      });
      expect(locked.json().code).toBe('SIGN_IN_LOCKED');
      // Another real client behind the same proxy is another address.
      const other = await proxied.call('POST', '/api/auth/login', {
        ip: '10.0.0.2',
        headers: { 'x-forwarded-for': '198.51.100.78' },
        body: { email: user.email, password: TEST_PASSWORD },
      });
      expect(other.statusCode).toBe(200);
      const [session] = (await proxied.handle.executeSql(`select ip_address from sessions where user_id = $1 order by created_at desc limit 1`, [user.id])).rows;
      expect(session!.ip_address).toBe('198.51.100.78');
    } finally {
      await proxied.close();
    }
  });
});

describe('development routes', () => {
  it('answer loopback clients only, whatever X-Forwarded-For says', async () => {
    for (const url of ['/api/dev/outbox', '/dev/mail', '/api/create-test-booking-redirect']) {
      const remote = await t.call('GET', url, { ip: '192.168.1.50', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.json(), url).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect((await t.call('GET', '/api/dev/outbox', { ip: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/dev/outbox', { ip: '::1' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/dev/outbox', { ip: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('do not exist in production, even for this machine', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      for (const url of ['/api/dev/outbox', '/dev/mail', '/api/create-test-booking-redirect']) {
        expect((await prod.call('GET', url, { ip: '127.0.0.1' })).statusCode, url).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });

  it('know loopback addresses from the rest', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '::2', '1270.0.0.1', '128.0.0.1', 'fe80::1']) expect(isLoopback(address), String(address)).toBe(false);
  });
});
