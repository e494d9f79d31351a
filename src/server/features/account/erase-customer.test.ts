import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { createBooking, openDayAfter, paidTestIntent, refundedCents } from '../../test/account-fixtures';
import { insertStoreOrder } from '../../test/store-fixtures';

/**
 * The right to delete (decision 032): after a customer is deleted — by the admin or by themselves — no table
 * holds their e-mail or phone in any stored form, while the amounts and dates of their bookings stay.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

/** Every row of every table in every schema the app writes, as JSON text, lower-cased. */
async function dumpDatabase(): Promise<Array<{ table: string; row: string }>> {
  const tables = (
    await t.handle.executeSql(
      `select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_%'`,
    )
  ).rows as Array<{ table_schema: string; table_name: string }>;
  expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['bookings', 'email_outbox', 'shopify_orders', 'analytics_events', 'package_purchases']));
  const rows: Array<{ table: string; row: string }> = [];
  for (const { table_schema, table_name } of tables) {
    const result = await t.handle.executeSql(`select row_to_json(t)::text as row from "${table_schema}"."${table_name}" t`);
    for (const r of result.rows as Array<{ row: string }>) rows.push({ table: `${table_schema}.${table_name}`, row: r.row.toLowerCase() });
  }
  return rows;
}

const findings = (dump: Array<{ table: string; row: string }>, needles: string[]) =>
  dump.flatMap(({ table, row }) => needles.filter((n) => row.includes(n.toLowerCase())).map((n) => `${table}: ${n}`));

/** A customer with a trail everywhere: bookings (theirs and as a guest), an address, a vehicle, a package, store rows, mail, analytics, counters. */
async function customerWithATrail(tag: string, phoneDigits: string) {
  const email = `${tag}.deleteme@example.com`;
  const national = `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`;
  const customer = await t.createUser({ role: 'customer', fullName: `${tag} Deleteme`, email, phone: `+1${phoneDigits}` });
  const userId = customer.user.id;
  const stored = ((await t.handle.executeSql('select phone from users where id = $1', [userId])).rows[0] as { phone: string }).phone;
  expect(stored).toBe(`+1${phoneDigits}`);

  const address = await t.call('POST', '/api/addresses', { cookie: customer.cookie, body: { street: '77 Private Lane', city: 'San Jose', state: 'CA', zipCode: '95110' } });
  expect(address.statusCode, address.body).toBe(201);
  const vehicle = await t.call('POST', '/api/vehicles', { cookie: customer.cookie, body: { make: 'Rivian', model: 'R1S', colour: 'Glacier', plate: '8 RIV 442', sizeClass: 'suv', notes: `Text ${national} when done` } });
  expect(vehicle.statusCode, vehicle.body).toBe(201);

  // A finished job with her words on it, and a guest booking she made under the same e-mail before signing up.
  const { booking: past } = await createBooking(t, { userId, status: 'completed', time: '09:00', dateKey: openDayAfter(t, 3) });
  await t.handle.executeSql(`update bookings set notes = $1, vehicle = 'Red Tesla', access_notes = 'Gate 4411', review = 'Great, call me at ' || $2, rating = 5 where id = $3`, [
    `Call ${national} on arrival`,
    national,
    past.id,
  ]);
  await t.handle.executeSql(`insert into booking_updates (booking_id, status, kind, params, message) values ($1, 'completed', 'driver_note', $2, $3)`, [
    past.id,
    JSON.stringify({ by: 'driver', text: `Texted ${stored}` }),
    `Texted ${stored}`,
  ]);
  const { booking: asGuest } = await createBooking(t, { userId: null, time: '10:00', dateKey: openDayAfter(t, 3), status: 'completed' });
  await t.handle.executeSql(`update bookings set guest_name = $1, guest_email = $2, guest_phone = $3 where id = $4`, [`${tag} Deleteme`, email.toUpperCase(), stored, asGuest.id]);

  // An upcoming paid booking, and a phone appointment the business made for her (e-mailed a confirmation).
  const { booking: upcoming } = await createBooking(t, { userId, time: '11:00', dateKey: openDayAfter(t, 6) });
  const intent = await paidTestIntent(t, toCents(upcoming.totalAmount));
  await t.handle.executeSql('update bookings set payment_intent_id = $1 where id = $2', [intent, upcoming.id]);
  const services = (await t.call('GET', '/api/admin/services', { cookie: admin })).json() as Array<{ id: string }>;
  const appointment = await t.call('POST', '/api/admin/appointments', {
    cookie: admin,
    headers: { 'idempotency-key': `appointment-${tag}-0001` },
    body: { customerName: `${tag} Deleteme`, customerEmail: email, customerPhone: national, serviceId: services[0]!.id, date: openDayAfter(t, 7), time: '13:00', payment: 'on_site' },
  });
  expect(appointment.statusCode, appointment.body).toBe(201);

  // A package bought with her contact copied onto it.
  const pkg = (await t.handle.executeSql('select id from packages limit 1')).rows[0] as { id: string } | undefined;
  const packageId =
    pkg?.id ??
    ((
      await t.handle.executeSql(
        `insert into packages (name, service_id, service_count, original_price, package_price) values ('Ten washes', $1, 10, '500.00', '400.00') returning id`,
        [services[0]!.id],
      )
    ).rows[0] as { id: string }).id;
  await t.handle.executeSql(
    `insert into package_purchases (user_id, package_id, user_name, user_email, user_phone, package_name, service_name, services_included, services_remaining, purchase_price, notes)
     values ($1, $2, $3, $4, $5, 'Ten washes', 'Wash', 10, 10, '400.00', $6)`,
    [userId, packageId, `${tag} Deleteme`, email, stored, `Sold by phone to ${national}`],
  );

  // The store mirror: her customer row, an order and the webhook that brought it.
  await t.handle.executeSql(
    `insert into shopify_customers (shopify_customer_id, user_id, first_name, last_name, email, phone, addresses, total_spent, orders_count)
     values ($1, $2, $3, 'Deleteme', $4, $5, $6, '189.00', 1)`,
    [`gid://shopify/Customer/${tag}`, userId, tag, email, stored, JSON.stringify([{ address1: '77 Private Lane', phone: stored }])],
  );
  const order = await insertStoreOrder(t.handle.db, { orderNumber: `9${phoneDigits.slice(-3)}`, email, phone: stored });
  await t.handle.executeSql(`insert into shopify_webhook_events (webhook_id, topic, shopify_id, payload) values ($1, 'orders/paid', $2, $3)`, [
    `webhook-${tag}`,
    order.shopifyOrderId,
    JSON.stringify({ email, phone: stored, customer: { first_name: tag } }),
  ]);

  // Mail about her to the business, analytics of her visits, and a forgotten-password counter keyed by her e-mail.
  await t.ctx.mailer.send({ to: 'admin@glint.local', subject: 'New phone booking', text: `Call ${national} (${email})` });
  await t.handle.executeSql(`insert into analytics_sessions (session_id, user_id, is_guest, user_agent, landing_page) values ($1, $2, false, 'Mozilla', '/booking')`, [`s-${tag}`, userId]);
  await t.handle.executeSql(`insert into analytics_events (session_id, user_id, event_type, event_data) values ($1, $2, 'account_created', '{}')`, [`s-${tag}`, userId]);
  await t.handle.executeSql(`insert into analytics_events (session_id, event_type, event_data) values ($1, 'page_visit', '{}')`, [`s-${tag}`]);
  expect((await t.call('POST', '/api/auth/forgot-password', { body: { email } })).statusCode).toBe(200);

  const needles = [email, stored, national, phoneDigits];
  expect(findings(await dumpDatabase(), needles).length, 'the trail exists before deletion').toBeGreaterThan(10);
  return { userId, cookie: customer.cookie, email, needles, past, asGuest, upcoming, intent, appointmentId: appointment.json().id as string };
}

const bookingFacts = async (ids: string[]) =>
  (await t.handle.executeSql(`select id, total_amount, scheduled_date, business_date::text as business_date, status, address_city, address_zip from bookings where id = any($1) order by id`, [ids])).rows;

describe('deleting a customer erases the person everywhere and keeps the books', () => {
  it('lists upcoming bookings and refuses until they are cancelled; then cancels, refunds, tells her, and leaves no e-mail or phone in any table or the export', async () => {
    const dana = await customerWithATrail('dana', '4085550177');

    const listed = await t.call('GET', `/api/admin/customers/${dana.userId}/upcoming-bookings`, { cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as Array<{ id: string }>).map((b) => b.id).sort()).toEqual([dana.upcoming.id, dana.appointmentId].sort());

    const refused = await t.call('DELETE', `/api/admin/customers/${dana.userId}`, { cookie: admin });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CUSTOMER_HAS_UPCOMING_BOOKINGS', params: { count: 2 } });

    const before = await bookingFacts([dana.past.id, dana.asGuest.id, dana.upcoming.id, dana.appointmentId]);
    // What was sent, seen before the erasure clears the outbox: booking mail is sent by the customer-mail
    // subscriber through a mailer bound to its delivery transaction (`mailer.using(tx)`), so both are watched.
    const told: string[] = [];
    const watch = (mailer: typeof t.ctx.mailer): typeof t.ctx.mailer => {
      const send = mailer.send.bind(mailer);
      return { ...mailer, send: async (message) => (told.push(`${message.to}: ${message.subject}`), send(message)) };
    };
    const mailer = t.ctx.mailer;
    const using = mailer.using.bind(mailer);
    t.ctx.mailer = { ...watch(mailer), using: (db) => watch(using(db)) };
    const deleted = await t.call('DELETE', `/api/admin/customers/${dana.userId}?cancelUpcoming=true`, { cookie: admin });
    t.ctx.mailer = mailer;
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toMatch(/2 upcoming bookings were cancelled \(1 refunded\)/);
    expect(await refundedCents(t, dana.intent)).toBe(toCents(dana.upcoming.totalAmount));
    expect(told.filter((m) => m.startsWith(`${dana.email}:`) && /cancelled/.test(m))).toHaveLength(2);

    // Amounts, dates, places (city and ZIP) and statuses stay; the upcoming ones are now cancelled.
    const after = await bookingFacts([dana.past.id, dana.asGuest.id, dana.upcoming.id, dana.appointmentId]);
    expect(after.map((r) => ({ ...(r as object), status: undefined }))).toEqual(before.map((r) => ({ ...(r as object), status: undefined })));
    expect(after.filter((r) => (r as { status: string }).status === 'cancelled')).toHaveLength(2);

    const dump = await dumpDatabase();
    expect(findings(dump, dana.needles)).toEqual([]);
    for (const text of ['Dana Deleteme', '77 Private Lane', 'Gate 4411', 'Red Tesla', '8RIV442']) expect(dump.filter((d) => d.row.includes(text.toLowerCase())).map((d) => d.table), text).toEqual([]);

    const csv = await t.call('GET', '/api/admin/bookings/export.csv', { cookie: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(dana.upcoming.id.slice(-8).toUpperCase());
    for (const needle of [...dana.needles, 'Dana Deleteme']) expect(csv.body.toLowerCase()).not.toContain(needle.toLowerCase());
    expect((await t.call('GET', '/api/auth/me', { cookie: dana.cookie })).statusCode).toBe(401);
  });

  it('erases the same way when customers delete their own account', async () => {
    const erin = await customerWithATrail('erin', '4085550188');
    // Her upcoming bookings are hers to cancel first (decision 007); the business's appointment too.
    for (const id of [erin.upcoming.id, erin.appointmentId]) {
      expect((await t.call('POST', `/api/admin/bookings/${id}/cancel`, { cookie: admin, body: {} })).statusCode).toBe(200);
    }
    const response = await t.call('DELETE', '/api/auth/me', { cookie: erin.cookie, body: { password: TEST_PASSWORD } });
    expect(response.statusCode, response.body).toBe(200);
    expect(findings(await dumpDatabase(), erin.needles)).toEqual([]);
  });
});
