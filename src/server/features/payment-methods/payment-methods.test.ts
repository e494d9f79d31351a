import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { saveCard } from '../../test/account-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function list(cookie: string) {
  return (await t.call('GET', '/api/payment-methods', { cookie })).json() as Array<{ id: string; last4: string; isDefault: boolean; providerMethodId?: string }>;
}

describe('payment methods', () => {
  it('lists my saved cards with brand, last four and expiry, default first, never the provider reference', async () => {
    const { user, cookie } = await t.createUser();
    await saveCard(t, user.id, { last4: '1111' });
    await saveCard(t, user.id, { last4: '4242', isDefault: true });
    const response = await t.call('GET', '/api/payment-methods', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/pm_test|providerMethodId/);
    const rows = response.json();
    expect(rows[0]).toMatchObject({ last4: '4242', brand: 'visa', expiryMonth: 12, expiryYear: 2030, isDefault: true });
    expect(rows).toHaveLength(2);
  });

  it('sets a new default and keeps exactly one', async () => {
    const { user, cookie } = await t.createUser();
    const a = await saveCard(t, user.id, { isDefault: true });
    const b = await saveCard(t, user.id);
    const response = await t.call('PUT', `/api/payment-methods/${b.id}/default`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Default payment method updated');
    const rows = await list(cookie);
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([b.id]);
    expect(rows.find((r) => r.id === a.id)?.isDefault).toBe(false);
  });

  it('deletes a card and promotes another when it was the default', async () => {
    const { user, cookie } = await t.createUser();
    const a = await saveCard(t, user.id, { isDefault: true });
    const b = await saveCard(t, user.id);
    const response = await t.call('DELETE', `/api/payment-methods/${a.id}`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Payment method deleted successfully');
    expect(await list(cookie)).toEqual([expect.objectContaining({ id: b.id, isDefault: true })]);
  });

  it("answers 404 for another customer's card and changes nothing", async () => {
    const owner = await t.createUser();
    const intruder = await t.createUser();
    const card = await saveCard(t, owner.user.id, { isDefault: true });
    await saveCard(t, intruder.user.id, { isDefault: true });
    expect((await t.call('PUT', `/api/payment-methods/${card.id}/default`, { cookie: intruder.cookie })).statusCode).toBe(404);
    const deleted = await t.call('DELETE', `/api/payment-methods/${card.id}`, { cookie: intruder.cookie });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe('Payment method not found');
    const [still] = await t.handle.db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id));
    expect(still).toMatchObject({ userId: owner.user.id, isDefault: true });
    expect((await list(intruder.cookie)).map((r) => r.id)).not.toContain(card.id);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', '/api/payment-methods')).statusCode).toBe(401);
  });
});

describe('adding a card from the account', () => {
  const confirmCard = (setup: { setupIntentId: string; clientSecret: string }, number = '4242 4242 4242 4242') =>
    t.call('POST', '/api/payments/test/confirm-card', { body: { paymentIntentId: setup.setupIntentId, clientSecret: setup.clientSecret, number, expMonth: 11, expYear: 2033, cvc: '123' } });

  it('sets a card up at the provider, then keeps it once as the default, however often the setup is confirmed', async () => {
    const { cookie } = await t.createUser();
    const started = await t.call('POST', '/api/payment-methods/setup', { cookie });
    expect(started.statusCode, started.body).toBe(201);
    const setup = started.json();
    expect(setup).toMatchObject({ provider: 'test', setupIntentId: expect.any(String), clientSecret: expect.any(String) });

    // Not confirmed by the card form yet: nothing is kept.
    const early = await t.call('POST', '/api/payment-methods/setup/confirm', { cookie, body: { setupIntentId: setup.setupIntentId } });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('CARD_SETUP_NOT_COMPLETED');
    expect(await list(cookie)).toEqual([]);

    expect((await confirmCard(setup)).statusCode).toBe(200);
    const kept = await t.call('POST', '/api/payment-methods/setup/confirm', { cookie, body: { setupIntentId: setup.setupIntentId } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().paymentMethod).toMatchObject({ brand: 'visa', last4: '4242', expiryMonth: 11, expiryYear: 2033, isDefault: true });
    expect(kept.body).not.toMatch(/pm_test/);
    const again = await t.call('POST', '/api/payment-methods/setup/confirm', { cookie, body: { setupIntentId: setup.setupIntentId } });
    expect(again.json().paymentMethod.id).toBe(kept.json().paymentMethod.id);
    expect(await list(cookie)).toHaveLength(1);
  });

  it('charges nothing, refuses someone else’s setup and a signed-out visitor', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const setup = (await t.call('POST', '/api/payment-methods/setup', { cookie: owner.cookie })).json();
    await confirmCard(setup);
    const stolen = await t.call('POST', '/api/payment-methods/setup/confirm', { cookie: other.cookie, body: { setupIntentId: setup.setupIntentId } });
    expect(stolen.statusCode).toBe(404);
    expect(await list(other.cookie)).toEqual([]);
    expect((await t.call('POST', '/api/payment-methods/setup')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/payment-methods/setup/confirm', { cookie: owner.cookie, body: {} })).statusCode).toBe(400);
    const intent = await t.ctx.payments.retrieveSetupIntent(setup.setupIntentId);
    expect(intent.amountCents).toBe(0);
  });
});
