import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { FREE_FAILURES } from './sign-in-throttle';

/**
 * Two app instances on one PostgreSQL database enforce one sign-in limit (decision 015): failures counted
 * on A and on B add up, and the pair locked through A is locked on B too.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ databaseUrl: a.databaseUrl! });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const attempt = (app: TestApp, password: string, ip = '203.0.113.200') => app.call('POST', '/api/auth/login', { ip, body: { email: 'admin@glint.local', password } });

describe('sign-in throttling across instances', () => {
  it('adds up failures from both instances and locks the pair on both', async () => {
    const statuses = await Promise.all(Array.from({ length: FREE_FAILURES }, (_, i) => attempt(i % 2 ? a : b, 'wrong-guess').then((r) => r.statusCode)));
    expect(statuses).toEqual(Array(FREE_FAILURES).fill(401));
    for (const app of [a, b]) {
      const locked = await attempt(app, TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('SIGN_IN_LOCKED');
    }
    // The owner elsewhere is not locked out, on either instance.
    expect((await attempt(a, TEST_PASSWORD, '192.0.2.44')).statusCode).toBe(200);
    expect((await attempt(b, TEST_PASSWORD, '192.0.2.45')).statusCode).toBe(200);
  });
});
