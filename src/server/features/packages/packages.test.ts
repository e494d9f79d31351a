import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, packagePurchases } from '../../db/schema';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import { saveCard } from '../../test/account-fixtures';
import { createPackage, payPackageWithTestCard } from '../../test/package-fixtures';
import * as repo from './packages.repository';
import { expirePurchases, remindExpiring } from './expiry.service';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  const created = await t.createUser({ role: 'admin' });
  admin = created.cookie;
});
afterAll(() => t.close());

/** servicesRemaining always equals the ledger's sum. */
async function expectLedgerInvariant(purchaseId: string) {
  const [row] = await t.ctx.db.select().from(packagePurchases).where(eq(packagePurchases.id, purchaseId));
  expect(await repo.ledgerSum(t.ctx.db, purchaseId)).toBe(row!.servicesRemaining);
  return row!;
}

async function assign(userId: string, packageId: string, extra: Record<string, unknown> = {}) {
  const response = await t.call('POST', '/api/admin/package-purchases', { cookie: admin, body: { userId, packageId, paymentMethod: 'manual', ...extra } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

let slotIndex = 0;
const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
function bookWithCredit(cookie: string, serviceId: string, packagePurchaseId: string) {
  return t.call('POST', '/api/bookings', {
    cookie,
    headers: { 'idempotency-key': newKey() },
    body: { serviceId, serviceType: 'mobile', slotId: `${TUESDAY}T${times[slotIndex++ % times.length]}`, address: HOME, packagePurchaseId },
  });
}

describe('the admin catalogue', () => {
  it('creates a package with the discount computed by the server, lists it and edits it', async () => {
    const pkg = await createPackage(t, admin, { discount: '99' });
    expect(pkg.discount).toBe('20.00');
    const list = (await t.call('GET', '/api/admin/packages', { cookie: admin })).json();
    expect(list.some((p: { id: string }) => p.id === pkg.id)).toBe(true);
    const edited = await t.call('PUT', `/api/admin/packages/${pkg.id}`, {
      cookie: admin,
      body: { name: 'Renamed', serviceId: pkg.serviceId, serviceCount: 4, originalPrice: 100, packagePrice: 75, validityMonths: 6 },
    });
    expect(edited.json()).toMatchObject({ name: 'Renamed', discount: '25.00', validityMonths: 6, serviceCount: 4 });
  });

  it('refuses a package price above the regular price and a count of 0, with the form messages', async () => {
    const service = await serviceNamed(t, 'Express Exterior Wash');
    const high = await t.call('POST', '/api/admin/packages', { cookie: admin, body: { name: 'x', serviceId: service.id, serviceCount: 2, originalPrice: 10, packagePrice: 20 } });
    expect(high.statusCode).toBe(400);
    const zero = await t.call('POST', '/api/admin/packages', { cookie: admin, body: { name: 'x', serviceId: service.id, serviceCount: 0, originalPrice: 10, packagePrice: 5 } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/at least 1/);
  });

  it('deletes an unsold package but only deactivates one with purchases; customers never see inactive ones', async () => {
    const unsold = await createPackage(t, admin, { name: 'Unsold' });
    expect((await t.call('DELETE', `/api/admin/packages/${unsold.id}`, { cookie: admin })).json()).toMatchObject({ deactivated: false });
    const sold = await createPackage(t, admin, { name: 'Sold' });
    const { user } = await t.createUser();
    await assign(user.id, sold.id);
    expect((await t.call('DELETE', `/api/admin/packages/${sold.id}`, { cookie: admin })).json()).toMatchObject({ deactivated: true });
    const store = (await t.call('GET', '/api/packages')).json() as Array<{ id: string }>;
    expect(store.map((p) => p.id)).not.toContain(sold.id);
    expect(store.map((p) => p.id)).not.toContain(unsold.id);
  });

  it('refuses customers on every admin package route', async () => {
    const { cookie } = await t.createUser();
    expect((await t.call('GET', '/api/admin/packages', { cookie })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/package-purchases', { cookie })).statusCode).toBe(403);
  });
});

describe('assignment and Mark Service Used', () => {
  it('records a manual assignment at once as Complimentary, with a grant in the ledger and an e-mail', async () => {
    const pkg = await createPackage(t, admin);
    const { user } = await t.createUser();
    const purchase = await assign(user.id, pkg.id, { notes: 'Loyalty gift' });
    expect(purchase).toMatchObject({ paymentStatus: 'manual', servicesIncluded: 5, servicesRemaining: 5, purchasePrice: '0.00', status: 'active', notes: 'Loyalty gift' });
    await expectLedgerInvariant(purchase.id);
    expect((await latestMailTo(t, user.email))?.subject).toMatch(/package was added/);
  });

  it("names an added package without an article that a name starting with a vowel would get wrong", async () => {
    const pkg = await createPackage(t, admin, { name: 'Express Club 5-Pack' });
    const { user } = await t.createUser();
    await assign(user.id, pkg.id);
    expect((await latestMailTo(t, user.email))?.subject).toBe('Your Express Club 5-Pack package was added to your account');
  });

  it('writes the package e-mail in the customer\'s language', async () => {
    const pkg = await createPackage(t, admin);
    const { user, cookie } = await t.createUser();
    expect((await t.call('PUT', '/api/settings', { cookie, body: { language: 'es' } })).statusCode).toBe(200);
    await assign(user.id, pkg.id);
    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toMatch(/^Se añadió un paquete .+ a tu cuenta$/);
    expect(mail?.text).toMatch(/en tu cuenta/);
  });

  it('creates a new customer from the assign dialog and e-mails a link to choose a password', async () => {
    const pkg = await createPackage(t, admin);
    const response = await t.call('POST', '/api/admin/package-purchases', {
      cookie: admin,
      body: { newCustomer: { fullName: 'New Person', email: 'new.person@example.com' }, packageId: pkg.id, paymentMethod: 'manual', servicesRemaining: 2 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ userEmail: 'new.person@example.com', servicesRemaining: 2 });
    const outbox = (await t.call('GET', '/api/dev/outbox')).json() as Array<{ to: string; subject: string; text: string }>;
    const mails = outbox.filter((m) => m.to === 'new.person@example.com');
    // A welcome with the package, not the reset mail: nobody asked to reset a password.
    const welcome = mails.find((m) => m.subject.startsWith('Welcome to'));
    expect(welcome, mails.map((m) => m.subject).join(' | ')).toBeTruthy();
    expect(welcome!.text).toContain('An account was made for you at');
    expect(welcome!.text).toContain('with your new package');
    expect(mails.some((m) => m.text.includes('Someone asked to reset'))).toBe(false);
  });

  it('asks for a customer when none is given', async () => {
    const pkg = await createPackage(t, admin);
    const response = await t.call('POST', '/api/admin/package-purchases', { cookie: admin, body: { packageId: pkg.id, paymentMethod: 'manual' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select a customer or create a new one');
  });

  it("marks services used down to 0 with the admin's notes, then refuses", async () => {
    const pkg = await createPackage(t, admin, { serviceCount: 2 });
    const { user } = await t.createUser();
    const purchase = await assign(user.id, pkg.id);
    for (const remaining of [1, 0]) {
      const used = await t.call('POST', `/api/admin/package-purchases/${purchase.id}/use`, { cookie: admin, body: { notes: 'Washed at the shop' } });
      expect(used.json().servicesRemaining).toBe(remaining);
    }
    const refused = await t.call('POST', `/api/admin/package-purchases/${purchase.id}/use`, { cookie: admin, body: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PACKAGE_USED_UP');
    await expectLedgerInvariant(purchase.id);
    const ledger = (await t.call('GET', `/api/admin/package-purchases/${purchase.id}/ledger`, { cookie: admin })).json();
    expect(ledger.map((e: { kind: string }) => e.kind)).toEqual(['grant', 'redeem', 'redeem']);
    const active = (await t.call('GET', '/api/admin/package-purchases?list=active', { cookie: admin })).json();
    expect(active.items.map((p: { id: string }) => p.id)).not.toContain(purchase.id);
    const completed = (await t.call('GET', `/api/admin/package-purchases?list=completed&search=${encodeURIComponent(user.email)}`, { cookie: admin })).json();
    expect(completed.items.map((p: { id: string }) => p.id)).toEqual([purchase.id]);
  });
});

describe('buying a package with the card', () => {
  it('offers the buyer’s saved cards and charges a chosen one at once, once per click however often it is retried', async () => {
    const pkg = await createPackage(t, admin);
    const { user, cookie } = await t.createUser();
    const card = await saveCard(t, user.id, { last4: '4242', isDefault: true });
    const other = await t.createUser();
    const theirs = await saveCard(t, other.user.id, { last4: '1881' });

    const start = await t.call('POST', '/api/packages/purchase', { cookie, body: { packageId: pkg.id } });
    expect(start.json().savedCards).toEqual([expect.objectContaining({ id: card.id, last4: '4242', isDefault: true })]);
    expect(start.body).not.toMatch(/pm_test/);

    const attemptKey = randomUUID();
    const pay = () => t.call('POST', '/api/packages/purchase', { cookie, body: { packageId: pkg.id, paymentMethodId: card.id, attemptKey } });
    const [first, retried] = [await pay(), await pay()];
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'succeeded' });
    expect(retried.json().paymentIntentId).toBe(first.json().paymentIntentId);
    const confirmed = await t.call('POST', '/api/packages/confirm-purchase', { cookie, body: { paymentIntentId: first.json().paymentIntentId } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ packageId: pkg.id, paymentStatus: 'paid' });
    const mine = (await t.call('GET', '/api/user/packages', { cookie })).json();
    expect(mine.filter((p: { package: { id: string } }) => p.package.id === pkg.id)).toHaveLength(1);

    const stolen = await t.call('POST', '/api/packages/purchase', { cookie, body: { packageId: pkg.id, paymentMethodId: theirs.id, attemptKey: randomUUID() } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('PAYMENT_METHOD_NOT_FOUND');
  });

  it('records one purchase however many times the payment is reported (card form, then racing confirms)', async () => {
    const pkg = await createPackage(t, admin);
    const { user, cookie } = await t.createUser();
    const { paymentIntentId, card } = await payPackageWithTestCard(t, cookie, pkg.id);
    expect(card.statusCode).toBe(200);
    const confirms = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', '/api/packages/confirm-purchase', { cookie, body: { paymentIntentId } })));
    expect(confirms.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(new Set(confirms.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.ctx.db.select().from(packagePurchases).where(eq(packagePurchases.paymentIntentId, paymentIntentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, paymentStatus: 'paid', purchasePrice: '160.00', servicesRemaining: 5 });
    await expectLedgerInvariant(rows[0]!.id);
    const mine = (await t.call('GET', '/api/user/packages', { cookie })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ servicesRemaining: 5, paymentStatus: 'paid', package: { name: '5 Express Washes' } });
  });

  it("refuses to confirm someone else's payment, and a sign-in is needed to buy", async () => {
    const pkg = await createPackage(t, admin);
    const { cookie } = await t.createUser();
    const other = await t.createUser();
    const { paymentIntentId } = await payPackageWithTestCard(t, cookie, pkg.id);
    const stolen = await t.call('POST', '/api/packages/confirm-purchase', { cookie: other.cookie, body: { paymentIntentId } });
    expect(stolen.statusCode).toBe(403);
    expect((await t.call('POST', '/api/packages/purchase', { body: { packageId: pkg.id } })).statusCode).toBe(401);
  });

  it('records nothing for a declined card', async () => {
    const pkg = await createPackage(t, admin);
    const { cookie } = await t.createUser();
    const { paymentIntentId, card } = await payPackageWithTestCard(t, cookie, pkg.id, '4000 0000 0000 0002');
    expect(card.statusCode).toBe(402);
    expect(await repo.findPurchaseIdByIntent(t.ctx.db, paymentIntentId)).toBeUndefined();
  });

  it('refunds the price minus the used services at the regular price, once', async () => {
    const pkg = await createPackage(t, admin);
    const { cookie } = await t.createUser();
    const { paymentIntentId } = await payPackageWithTestCard(t, cookie, pkg.id);
    const purchaseId = (await repo.findPurchaseIdByIntent(t.ctx.db, paymentIntentId))!;
    await t.call('POST', `/api/admin/package-purchases/${purchaseId}/use`, { cookie: admin, body: {} });
    const refund = await t.call('POST', `/api/admin/package-purchases/${purchaseId}/refund`, { cookie: admin });
    expect(refund.statusCode, refund.body).toBe(200);
    // 160.00 paid − 1 used × (200.00 / 5) = 120.00
    expect(refund.json()).toMatchObject({ refundedCents: 12000, refundedAmount: '120.00', status: 'refunded', servicesRemaining: 0 });
    expect((await t.call('POST', `/api/admin/package-purchases/${purchaseId}/refund`, { cookie: admin })).statusCode).toBe(409);
    await expectLedgerInvariant(purchaseId);
  });
});

describe('redeeming a credit at checkout', () => {
  it('books confirmed with payment status package and one credit fewer; cancelling gives the credit back', async () => {
    const pkg = await createPackage(t, admin);
    const { user, cookie } = await t.createUser();
    const purchase = await assign(user.id, pkg.id);
    const usable = (await t.call('GET', `/api/user/packages/usable?serviceId=${pkg.serviceId}`, { cookie })).json();
    expect(usable.map((p: { id: string }) => p.id)).toEqual([purchase.id]);

    const response = await bookWithCredit(cookie, pkg.serviceId, purchase.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'package', holdExpiresAt: null });
    const [booking] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, response.json().id));
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'package' });
    expect((await expectLedgerInvariant(purchase.id)).servicesRemaining).toBe(4);

    const cancel = await t.call('POST', `/api/bookings/${booking!.id}/cancel`, { cookie });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // It says the credit came back (the page words it), not 'nothing was charged'.
    expect(cancel.json()).toMatchObject({ refunded: false, creditReturned: true, message: 'Booking cancelled. Your package credit has been returned.' });
    expect((await latestMailTo(t, user.email))?.text).toContain('Your package credit has been returned');
    expect((await expectLedgerInvariant(purchase.id)).servicesRemaining).toBe(5);
    // A second cancel restores nothing more.
    await t.call('POST', `/api/bookings/${booking!.id}/cancel`, { cookie });
    expect((await expectLedgerInvariant(purchase.id)).servicesRemaining).toBe(5);
  });

  it("refuses someone else's purchase, one for another service, one at 0, an expired one and guests — and keeps no booking", async () => {
    const pkg = await createPackage(t, admin, { serviceCount: 1, validityMonths: 1 });
    const owner = await t.createUser();
    const purchase = await assign(owner.user.id, pkg.id);
    const other = await t.createUser();
    const before = (await t.ctx.db.select().from(bookings)).length;

    const stolen = await bookWithCredit(other.cookie, pkg.serviceId, purchase.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('PACKAGE_NOT_FOUND');
    const full = await serviceNamed(t, 'Full Detail');
    const wrong = await bookWithCredit(owner.cookie, full.id, purchase.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PACKAGE_WRONG_SERVICE');
    const guest = await t.call('POST', '/api/bookings', {
      headers: { 'idempotency-key': newKey() },
      body: { serviceId: pkg.serviceId, serviceType: 'mobile', slotId: `${TUESDAY}T09:30`, address: HOME, guestEmail: 'g@example.com', packagePurchaseId: purchase.id },
    });
    expect(guest.statusCode).toBe(400);
    expect((await t.ctx.db.select().from(bookings)).length).toBe(before);

    expect((await bookWithCredit(owner.cookie, pkg.serviceId, purchase.id)).statusCode).toBe(201);
    const empty = await bookWithCredit(owner.cookie, pkg.serviceId, purchase.id);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('PACKAGE_USED_UP');

    const second = await assign(owner.user.id, pkg.id);
    // Expired an hour ago (before the job has moved it to History).
    await t.ctx.db.update(packagePurchases).set({ expiresAt: new Date(t.clock.now - 3_600_000) }).where(eq(packagePurchases.id, second.id));
    const expired = await bookWithCredit(owner.cookie, pkg.serviceId, second.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('PACKAGE_EXPIRED');
    await expectLedgerInvariant(purchase.id);
  });
});

describe('expiry', () => {
  it('e-mails 14 days before, once, then moves the purchase to History with an expire row', async () => {
    const pkg = await createPackage(t, admin, { validityMonths: 1, name: 'Monthly' });
    const { user } = await t.createUser();
    const purchase = await assign(user.id, pkg.id);
    const neverExpiring = await assign(user.id, (await createPackage(t, admin, { name: 'Forever' })).id);
    expect(neverExpiring.expiresAt).toBeNull();

    t.clock.advance(20 * 86_400_000);
    expect(await remindExpiring(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await latestMailTo(t, user.email))?.subject).toMatch(/^Your Monthly package expires on/);
    const again = await remindExpiring(t.ctx);
    t.clock.advance(15 * 86_400_000);
    await expirePurchases(t.ctx);
    t.clock.advance(-35 * 86_400_000);
    expect(again).toBe(0);
    const row = await expectLedgerInvariant(purchase.id);
    expect(row).toMatchObject({ status: 'expired', servicesRemaining: 0 });
    expect((await expectLedgerInvariant(neverExpiring.id)).status).toBe('active');
  });
});

