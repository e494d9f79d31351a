import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('start-up honesty', () => {
  it('says when ADMIN_PASSWORD is not the admin password of an existing database', async () => {
    const again = await seed(t.ctx.db, { ...t.ctx.config, adminPassword: 'not-the-password-123' });
    expect(again).toMatchObject({ createdAdmin: false, adminPasswordIgnored: true });
    const unset = await seed(t.ctx.db, { ...t.ctx.config, adminPassword: undefined });
    expect(unset.adminPasswordIgnored).toBeUndefined();
  });

  it('shows /dev/mail only to this machine', async () => {
    expect((await t.call('GET', '/dev/mail', { ip: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.call('GET', '/dev/mail', { ip: '::1' })).statusCode).toBe(200);
    const remote = await t.call('GET', '/dev/mail', { ip: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(remote.statusCode).toBe(404);
  });
});
