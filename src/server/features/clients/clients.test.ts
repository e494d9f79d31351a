import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { phoneDigitsOf, resolveClient } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const resolve = (contact: Parameters<typeof resolveClient>[1]) => t.ctx.db.transaction((tx) => resolveClient(tx, contact));
const row = async (id: string) => (await t.ctx.db.select().from(clients).where(eq(clients.id, id)))[0]!;

describe('matching a booking to its client', () => {
  it('an account has one client, made with the account, whatever the booking says', async () => {
    const { user } = await t.createUser({ fullName: 'Ada Account', email: 'ada@example.com', phone: '4085550111' });
    const [made] = await t.ctx.db.select().from(clients).where(eq(clients.userId, user.id));
    expect(made).toMatchObject({ name: 'Ada Account', email: 'ada@example.com', phoneDigits: '4085550111' });
    expect(await resolve({ userId: user.id, name: 'Someone Else', email: 'other@example.com' })).toBe(made!.id);
  });

  it('finds a guest by e-mail whatever its case, and a new e-mail makes a new client', async () => {
    const first = await resolve({ name: 'Gus Guest', email: 'Gus@Example.com', phone: null });
    expect(await resolve({ name: 'Gus', email: 'gus@example.COM' })).toBe(first);
    expect((await row(first)).email).toBe('gus@example.com');
    const other = await resolve({ name: 'Gus Guest', email: 'gus2@example.com' });
    expect(other).not.toBe(first);
  });

  it('finds a client by phone digits however the number is written, and fills in the e-mail it lacked', async () => {
    const phoneOnly = await resolve({ name: 'Pia Phone', phone: '+14085550122' });
    expect(await resolve({ name: 'Pia', phone: '(408) 555-0122' })).toBe(phoneOnly);
    expect(await resolve({ name: 'Pia', email: 'pia@example.com', phone: '408.555.0122' })).toBe(phoneOnly);
    expect((await row(phoneOnly)).email).toBe('pia@example.com');
    // Someone else with the same phone but another e-mail is someone else.
    expect(await resolve({ name: 'Pia’s partner', email: 'partner@example.com', phone: '4085550122' })).not.toBe(phoneOnly);
  });

  it('someone who booked as a guest and then signs up keeps one record, now the account’s', async () => {
    const guest = await resolve({ name: 'Gina Guest', email: 'gina@example.com' });
    const { user } = await t.createUser({ fullName: 'Gina Guest', email: 'gina@example.com' });
    expect((await row(guest)).userId).toBe(user.id);
    expect(await resolve({ userId: user.id })).toBe(guest);
  });

  it('reads phone digits as the last ten digits, and refuses fragments', () => {
    expect(phoneDigitsOf('+1 (408) 555-0100')).toBe('4085550100');
    expect(phoneDigitsOf('408-555-0100')).toBe('4085550100');
    expect(phoneDigitsOf('12')).toBeNull();
    expect(phoneDigitsOf(null)).toBeNull();
  });
});
