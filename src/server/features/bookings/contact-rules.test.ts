import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookAsGuest, HOME, MONDAY_9AM_PACIFIC, TUESDAY } from '../../test/checkout-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t.close());

describe('contact formats on a guest booking', () => {
  it('refuses a phone with letters or a minus, a state that is not a code, a negative ZIP and short e-mails, each with its own words', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ guestPhone: 'abcdefghijkl' }, 'Please enter a valid US phone number, like (408) 555-0100'],
      [{ guestPhone: '-12345678901' }, 'Please enter a valid US phone number, like (408) 555-0100'],
      [{ address: { ...HOME, state: 'California!!' } }, 'State must be a two-letter US state code, like CA'],
      [{ address: { ...HOME, zipCode: '-95110' } }, 'ZIP code must be 5 digits'],
      [{ guestEmail: 'a@b.c' }, 'Please enter a valid email address'],
      [{ guestEmail: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    ];
    for (const [overrides, message] of cases) {
      const response = await bookAsGuest(t, { slotId: `${TUESDAY}T10:00`, ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('stores the phone as E.164 and the state as its code', async () => {
    const response = await bookAsGuest(t, { slotId: `${TUESDAY}T10:00`, guestPhone: '(408) 555-0100', address: { ...HOME, state: 'ca' } });
    expect(response.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, response.json().id));
    expect(row).toMatchObject({ guestPhone: '+14085550100', addressState: 'CA' });
  });
});
