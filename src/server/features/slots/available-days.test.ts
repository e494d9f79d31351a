import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { serviceNamed } from '../../test/checkout-fixtures';

/** Monday 1 June 2026 at 9:45 PM in San Jose: the day's last start is long gone. */
const MONDAY_LATE = Date.parse('2026-06-02T04:45:00Z');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_LATE });
  admin = await t.login(t.config.adminEmail);
});
afterAll(() => t.close());

const days = async (serviceId: string, from: string, to: string) => t.call('GET', `/api/services/${serviceId}/available-days?from=${from}&to=${to}`);

describe('GET /api/services/:id/available-days', () => {
  it('leaves out a day that is over, a closed day, a full day and Sunday, and lists the open days', async () => {
    const service = await serviceNamed(t, 'Full Detail');
    // Wednesday is a holiday; Thursday is blocked from opening to closing.
    expect((await t.call('POST', '/api/admin/business-closures', { cookie: admin, body: { date: '2026-06-03', name: 'Staff day', type: 'holiday' } })).statusCode).toBe(201);
    const blocked = await t.call('POST', '/api/admin/blocked-time', { cookie: admin, body: { date: '2026-06-04', startTime: '09:00', endTime: '17:00', reason: 'Training' } });
    expect(blocked.statusCode).toBe(201);

    const response = await days(service.id, '2026-05-30', '2026-06-09');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ dates: ['2026-06-02', '2026-06-05', '2026-06-06', '2026-06-08', '2026-06-09'] });

    // The first listed day is one whose slots list has a time.
    const first = await t.call('GET', `/api/services/${service.id}/available-slots?date=2026-06-02`);
    expect(first.json().length).toBeGreaterThan(0);
    const today = await t.call('GET', `/api/services/${service.id}/available-slots?date=2026-06-01`);
    expect(today.json()).toEqual([]);
  });

  it('refuses a range that runs backwards or is longer than two calendar pages, and an unknown service', async () => {
    const service = await serviceNamed(t, 'Full Detail');
    const backwards = await days(service.id, '2026-06-09', '2026-06-02');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('INVALID_INPUT');
    expect((await days(service.id, '2026-06-01', '2026-08-01')).statusCode).toBe(200);
    expect((await days(service.id, '2026-06-01', '2026-08-02')).statusCode).toBe(400);
    expect((await days(service.id, '2026-06-01', 'soon')).statusCode).toBe(400);
    expect((await days('00000000-0000-4000-8000-000000000000', '2026-06-01', '2026-06-09')).statusCode).toBe(404);
  });
});
