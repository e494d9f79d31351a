import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestApp, type TestApp } from '../../test/harness';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';

/**
 * The day's lock bounds bookings/s (decision 063): a hold keeps every other booking of its day waiting from
 * the lock to its commit, so the statements it sends in between are counted here, on a real pg connection
 * (11 before decision 063, 6 after it, 4 since decision 069 took the webhook endpoints read out and wrote the `held` event with the row).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createPostgresTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t?.close());

/** The statements each connection sent while `run` ran, in order. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[][]> {
  const byClient = new Map<pg.Client, string[]>();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const list = byClient.get(this) ?? [];
    list.push(typeof first === 'string' ? first : (first?.text ?? ''));
    byClient.set(this, list);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return [...byClient.values()];
}

/** What one connection sent from the day's lock to its commit, the lock and the commit included. */
function underTheDayLock(statements: string[]): string[] {
  // The day's lock is the last advisory lock the hold takes (the visitor's and the client's come first).
  const lock = statements.findLastIndex((s) => s.includes('pg_advisory_xact_lock'));
  const commit = statements.findIndex((s, i) => i > lock && /^\s*commit\s*$/i.test(s));
  return lock >= 0 && commit > lock ? statements.slice(lock, commit + 1) : [];
}

describe('the hold under the day’s lock', () => {
  it('sends the lock, one read of the day, one insert of the booking with its lines and link, its event in the same statement, and the commit', async () => {
    const service = await serviceNamed(t, 'Express Exterior Wash');
    const book = (time: string) => t.call('POST', '/api/bookings', { headers: { 'idempotency-key': newKey() }, body: { serviceId: service.id, serviceType: 'mobile', slotId: `${TUESDAY}T${time}`, address: HOME, guestEmail: `rt-${time.replace(':', '')}@example.com` } });
    // The first hold of the process prepares its named statements; the one counted is a warm one.
    expect((await book('10:00')).statusCode).toBe(201);
    let status = 0;
    const connections = await statementsDuring(async () => {
      status = (await book('11:00')).statusCode;
    });
    expect(status).toBe(201);
    const locked = connections.map(underTheDayLock).find((s) => s.length > 0) ?? [];
    expect(locked.length).toBeGreaterThan(0);
    expect(locked.length).toBeLessThanOrEqual(4);
    // The enabled webhook endpoints come from the instance's read cache (decision 069), not the table.
    expect(locked.some((s) => s.includes('"webhook_endpoints"'))).toBe(false);
    expect(locked.some((s) => s.includes('insert into "booking_lines"'))).toBe(true);
    expect(locked.some((s) => s.includes('delete from "booking_lines"'))).toBe(false);
    // No subscriber wants a `held` event: nothing was queued, so nothing is looked up after the commit either.
    expect(connections.flat().some((s) => s.includes('"booking_event_deliveries"'))).toBe(false);
  });

  it('sends 9 statements in all for a new guest: the locks come with their reads and the settings from the cache (decision 077)', async () => {
    const service = await serviceNamed(t, 'Express Exterior Wash');
    const book = (time: string, email: string) => t.call('POST', '/api/bookings', { headers: { 'idempotency-key': newKey() }, body: { serviceId: service.id, serviceType: 'mobile', slotId: `${TUESDAY}T${time}`, address: HOME, guestEmail: email } });
    expect((await book('12:00', 'rt-warm@example.com')).statusCode).toBe(201);
    let status = 0;
    const connections = await statementsDuring(async () => {
      status = (await book('13:00', 'rt-new-guest@example.com')).statusCode;
    });
    expect(status).toBe(201);
    const all = connections.flat();
    // The attempt counter, begin, the visitor's locks with its live holds, the contact's locks with its client,
    // the new client, the day's lock, the day, the booking, commit.
    expect(all.length).toBeLessThanOrEqual(9);
    expect(all.filter((s) => s.includes('glint_lock_visitor_live_holds'))).toHaveLength(1);
    expect(all.filter((s) => s.includes('glint_lock_contact_live_client'))).toHaveLength(1);
    expect(all.some((s) => s.includes('"business_settings"'))).toBe(false);
  });
});
