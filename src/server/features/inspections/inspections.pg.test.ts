import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '../../db/schema';
import { DEMO_DRIVER_EMAIL } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/harness';
import { inspectionData, PNG, postInspection, sixPhotos } from '../../test/inspection-fixtures';
import { testPostgresUrl } from '../../test/postgres';
import type { memoryFileStore } from '../../integrations/files/memory';

/** Real PostgreSQL, a real pool: a driver's retries and a customer's taps truly arrive at the same time. */
let t: TestApp;
let driver: string;
let bookingId: string;
let token: string;

beforeAll(async () => {
  if (!testPostgresUrl) throw new Error('Run with npm run test:pg (TEST_DATABASE_URL)');
  t = await createTestApp({ seedDemo: true });
  expect(t.handle.kind).toBe('postgres');
  driver = await t.login(DEMO_DRIVER_EMAIL);
  const [me] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DRIVER_EMAIL));
  const [pickup] = await t.handle.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.assignedDriverId, me!.id), eq(bookings.status, 'confirmed'), eq(bookings.serviceType, 'pickup')));
  bookingId = pickup!.id;
  token = (await t.call('POST', `/api/bookings/${bookingId}/generate-tracking-token`, { cookie: await t.login('admin@glint.local') })).json().token;
}, 120_000);
afterAll(() => t?.close());

const advance = async (...statuses: string[]) => {
  for (const status of statuses) expect((await t.call('PUT', `/api/driver/bookings/${bookingId}/status`, { cookie: driver, body: { status } })).statusCode).toBe(200);
};

describe('inspections under concurrency', () => {
  it('four simultaneous pickup inspections make one record; the others are refused and keep no image', async () => {
    await advance('en_route_pickup', 'arrived_pickup');
    const answers = await Promise.all(Array.from({ length: 4 }, () => postInspection(t, bookingId, [inspectionData(), ...sixPhotos(), { name: 'signature', file: PNG }], driver)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'INSPECTION_ALREADY_RECORDED')).toBe(true);
    expect((t.ctx.files as ReturnType<typeof memoryFileStore>).keys()).toHaveLength(7);
  });

  it('eight simultaneous concerns stop at five', async () => {
    await advance('picked_up', 'en_route_service', 'arrived_service', 'in_progress', 'completed_service', 'en_route_return');
    expect((await postInspection(t, bookingId, [inspectionData({ phase: 'return', customerNotPresent: true }), ...sixPhotos()], driver)).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.call('POST', `/api/driver/bookings/${bookingId}/inspections/concerns`, { headers: { 'x-tracking-token': token }, body: { text: `Concern ${i}` } })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'INSPECTION_CONCERN_LIMIT')).toBe(true);
  });
});
