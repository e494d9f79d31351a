import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { requireAdmin, requireDriverOrAdmin, requireUser } from './auth-hooks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('role guards', () => {
  it('answer 401 when signed out and 403 for the wrong role', async () => {
    const customer = await t.createUser({ role: 'customer' });
    const driver = await t.createUser({ role: 'driver' });
    const admin = await t.login('admin@glint.local');
    const run = async (guard: typeof requireUser, cookie?: string) => {
      const request = { session: undefined } as never as Parameters<typeof requireUser>[0];
      if (cookie) {
        const me = await t.call('GET', '/api/auth/me', { cookie });
        (request as { session: unknown }).session = { sessionId: 'x', user: me.json() };
      }
      try {
        await guard(request);
        return 200;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    expect(await run(requireUser)).toBe(401);
    expect(await run(requireUser, customer.cookie)).toBe(200);
    expect(await run(requireAdmin)).toBe(401);
    expect(await run(requireAdmin, customer.cookie)).toBe(403);
    expect(await run(requireAdmin, driver.cookie)).toBe(403);
    expect(await run(requireAdmin, admin)).toBe(200);
    expect(await run(requireDriverOrAdmin, customer.cookie)).toBe(403);
    expect(await run(requireDriverOrAdmin, driver.cookie)).toBe(200);
    expect(await run(requireDriverOrAdmin, admin)).toBe(200);
  });
});
