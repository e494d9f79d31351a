import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToKey, dayOfWeek, pacificDateKey } from '../../../../shared/time';
import { createBooking } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

describe("assigning a technician checks the technician's day (decision 056)", () => {
  it('refuses a job that overlaps one they already have with 409 naming it, and records an override', async () => {
    // A Wednesday ahead: an open day in the default hours.
    let day = addDaysToKey(pacificDateKey(new Date(t.clock.now)), 2);
    while (dayOfWeek(day) !== 3) day = addDaysToKey(day, 1);
    const driver = await t.createUser({ role: 'driver', fullName: 'Otto Overlap' });
    const { booking: first } = await createBooking(t, { dateKey: day, time: '10:00', serviceType: 'serviceLocation' });
    const { booking: second } = await createBooking(t, { dateKey: day, time: '10:00', serviceType: 'serviceLocation' });
    expect((await t.call('POST', `/api/drivers/${driver.user.id}/assign/${first.id}`, { cookie: admin, body: { override: true } })).statusCode).toBe(200);

    const refused = await t.call('POST', `/api/drivers/${driver.user.id}/assign/${second.id}`, { cookie: admin });
    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json() as { code: string; message: string; params: Record<string, unknown> };
    expect(body.code).toBe('ASSIGNMENT_CONFLICT');
    expect(body.params).toMatchObject({ conflictKind: 'overlap', technicianName: 'Otto Overlap', time: '10:00 AM', overridable: 'conflict' });
    expect(body.message).toContain('overlaps');

    const forced = await t.call('POST', `/api/drivers/${driver.user.id}/assign/${second.id}`, { cookie: admin, body: { override: true } });
    expect(forced.statusCode, forced.body).toBe(200);
    const history = (await t.call('GET', `/api/admin/bookings/${second.id}`, { cookie: admin })).json() as { updates: { kind: string; params: Record<string, unknown> }[] };
    expect(history.updates.find((u) => u.kind === 'driver_assigned')?.params).toMatchObject({ conflict: 'overlap', conflictTime: '10:00 AM' });
  });
});
