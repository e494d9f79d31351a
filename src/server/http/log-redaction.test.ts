import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { redactUrl } from './log-redaction';

/** No secret in any log line: password hashes of a failed insert, cookies, tokens in URLs. */
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: { write: (line: string) => void lines.push(line) } });
});
afterAll(() => t.close());

describe('log redaction', () => {
  it('redacts token= in URLs and calendar feed tokens', () => {
    expect(redactUrl('/ws?token=abc123secret&x=1')).toBe('/ws?token=[REDACTED]&x=1');
    expect(redactUrl('/api/calendar/s3cr3tfeedtoken.ics')).toBe('/api/calendar/[REDACTED].ics');
  });

  it('logs a raced Create User without the password hash, and requests without cookies or tracking tokens', async () => {
    const admin = await t.login('admin@glint.local');
    const body = { fullName: 'Log Racer', email: 'log-racer@example.com', phone: null };
    const results = await Promise.all([t.call('POST', '/api/admin/users', { cookie: admin, body }), t.call('POST', '/api/admin/users', { cookie: admin, body })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    await t.call('GET', '/ws?token=tracking-token-that-must-not-leak');
    const log = lines.join('');
    expect(log).toContain('/ws?token=[REDACTED]');
    expect(log).not.toContain('tracking-token-that-must-not-leak');
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain(admin.split('=')[1]!.split(';')[0]!);
  });
});
