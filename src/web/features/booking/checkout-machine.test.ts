import { describe, expect, it } from 'vitest';
import type { CreateBookingResponse, CreatePaymentIntentResponse } from '@shared/schemas/checkout';
import { checkoutReducer, initialCheckoutState, type CheckoutEvent, type CheckoutState } from './checkout-machine';

const booking = { id: 'b1', status: 'pending', totalAmount: '107.25', serviceFee: '5.00', tax: '2.25', trackingToken: 'tok' } as CreateBookingResponse;
const card = (id: string, isDefault: boolean) => ({ id, brand: 'visa', last4: '4242', expiryMonth: 1, expiryYear: 2030, isDefault });
const intent = (savedCards: ReturnType<typeof card>[] = []) =>
  ({ clientSecret: 'pi_secret_0123456789', paymentIntentId: 'pi_1', provider: 'test', savedCards }) as unknown as CreatePaymentIntentResponse;

const run = (...events: CheckoutEvent[]): CheckoutState => events.reduce(checkoutReducer, initialCheckoutState);

describe('checkoutReducer', () => {
  it('starts by asking a visitor how to continue, and goes to the guest form and back', () => {
    expect(run().phase).toEqual({ kind: 'choose' });
    expect(run({ type: 'continueAsGuest' }).phase).toEqual({ kind: 'guest' });
    expect(run({ type: 'continueAsGuest' }, { type: 'back' }).phase).toEqual({ kind: 'choose' });
  });

  it('keeps what the guest typed when they go back and forth', () => {
    const state = run({ type: 'continueAsGuest' }, { type: 'guestChanged', guest: { email: 'a@b.co' } }, { type: 'back' }, { type: 'continueAsGuest' });
    expect(state.guest).toEqual({ fullName: '', email: 'a@b.co', phone: '' });
  });

  it('holds, then pays with the default saved card preselected', () => {
    const state = run({ type: 'hold' }, { type: 'held', booking, intent: intent([card('c1', false), card('c2', true)]) });
    expect(state.phase).toMatchObject({ kind: 'paying', booking });
    expect(state.cardChoice).toBe('c2');
  });

  it('preselects the first saved card without a default, and the card form without saved cards', () => {
    expect(run({ type: 'hold' }, { type: 'held', booking, intent: intent([card('c1', false)]) }).cardChoice).toBe('c1');
    expect(run({ type: 'hold' }, { type: 'held', booking, intent: intent() }).cardChoice).toBe('new');
  });

  it('ignores a hold that answers when no hold is under way', () => {
    expect(run({ type: 'held', booking, intent: intent() }).phase).toEqual({ kind: 'choose' });
  });

  it('does not start a second hold while one is under way or after it succeeded', () => {
    const holding = run({ type: 'hold' });
    expect(checkoutReducer(holding, { type: 'hold' })).toBe(holding);
    const paying = checkoutReducer(holding, { type: 'held', booking, intent: intent() });
    expect(checkoutReducer(paying, { type: 'hold' })).toBe(paying);
  });

  it('shows a decline while paying, and lets the customer try again with a new hold', () => {
    const declined = run({ type: 'hold' }, { type: 'held', booking, intent: intent() }, { type: 'declined', message: 'Your card was declined.' });
    expect(declined.phase).toEqual({ kind: 'declined', message: 'Your card was declined.' });
    expect(checkoutReducer(declined, { type: 'hold' }).phase).toEqual({ kind: 'holding' });
  });

  it('ends on the failure screen it was given, and stays there', () => {
    const failed = run({ type: 'hold' }, { type: 'failed', screen: 'general', detail: 'That time was just taken' });
    expect(failed.phase).toEqual({ kind: 'failed', screen: 'general', detail: 'That time was just taken' });
    expect(checkoutReducer(failed, { type: 'hold' })).toBe(failed);
    expect(checkoutReducer(failed, { type: 'failed', screen: 'payment' })).toBe(failed);
    expect(run({ type: 'hold' }, { type: 'held', booking, intent: intent() }, { type: 'failed', screen: 'unavailable' }).phase).toEqual({ kind: 'failed', screen: 'unavailable' });
  });

  it('swaps the payment intent (save the card with Stripe) without leaving the payment', () => {
    const next = { ...intent(), clientSecret: 'pi_secret_new_0123456789' } as CreatePaymentIntentResponse;
    const state = run({ type: 'hold' }, { type: 'held', booking, intent: intent() }, { type: 'saveCardChanged', saveCard: true }, { type: 'intentChanged', intent: next });
    expect(state.phase).toEqual({ kind: 'paying', booking, intent: next });
    expect(state.saveCard).toBe(true);
    expect(run({ type: 'intentChanged', intent: next }).phase).toEqual({ kind: 'choose' });
  });

  it('chooses between saved cards only while paying, and flags a saved-card payment under way', () => {
    const paying = run({ type: 'hold' }, { type: 'held', booking, intent: intent([card('c1', true)]) });
    expect(checkoutReducer(paying, { type: 'cardChosen', cardId: 'new' }).cardChoice).toBe('new');
    expect(run({ type: 'cardChosen', cardId: 'c1' }).cardChoice).toBe('new');
    expect(checkoutReducer(paying, { type: 'payingSaved', paying: true }).payingSaved).toBe(true);
  });
});

describe('guest details', () => {
  it('shows what is wrong under each field, clears a message as its field is typed in, and keeps the rest', () => {
    const invalid = run({ type: 'continueAsGuest' }, { type: 'guestChanged', guest: { email: 'john@gmail' } }, { type: 'guestInvalid', problems: { email: 'emailInvalid', phone: 'phoneInvalid' } });
    expect(invalid.phase).toEqual({ kind: 'guest' });
    const typed = checkoutReducer(invalid, { type: 'guestChanged', guest: { email: 'john@gmail.com' } });
    expect(typed.guestProblems).toEqual({ phone: 'phoneInvalid' });
    expect(typed.guest.email).toBe('john@gmail.com');
  });

  it("goes back to the form with the server's words when it refuses the details, nothing lost", () => {
    const state = run({ type: 'continueAsGuest' }, { type: 'guestChanged', guest: { email: 'a@b.co', fullName: 'Ann' } }, { type: 'hold' }, { type: 'guestRejected', message: 'Please enter a valid email address' });
    expect(state.phase).toEqual({ kind: 'guest' });
    expect(state.guestNotice).toBe('Please enter a valid email address');
    expect(state.guest).toEqual({ fullName: 'Ann', email: 'a@b.co', phone: '' });
  });
});

describe('checkoutReducer with a prepaid package', () => {
  const credit = { purchaseId: 'p1', remaining: 3, serviceName: 'Express Exterior Wash' };

  it('offers the credit before anything is held, and redeems it once', () => {
    expect(run({ type: 'prepaidOffered', credit }).phase).toEqual({ kind: 'prepaid', credit });
    const redeeming = run({ type: 'prepaidOffered', credit }, { type: 'redeem' });
    expect(redeeming.phase).toEqual({ kind: 'redeeming', credit });
    // A double click, or a card hold, while the credit is on its way does nothing.
    expect(checkoutReducer(redeeming, { type: 'redeem' })).toBe(redeeming);
    expect(checkoutReducer(redeeming, { type: 'hold' })).toBe(redeeming);
  });

  it('lets the customer pay by card instead', () => {
    const state = run({ type: 'prepaidOffered', credit }, { type: 'hold' }, { type: 'held', booking, intent: intent() });
    expect(state.phase).toMatchObject({ kind: 'paying', booking });
  });

  it('ignores an offer once a hold started or for a guest, and a redeem without an offer', () => {
    expect(run({ type: 'hold' }, { type: 'prepaidOffered', credit }).phase).toEqual({ kind: 'holding' });
    expect(run({ type: 'continueAsGuest' }, { type: 'prepaidOffered', credit }).phase).toEqual({ kind: 'guest' });
    expect(run({ type: 'redeem' }).phase).toEqual({ kind: 'choose' });
  });

  it('goes back to the start after a refused credit (used up elsewhere, expired), so the card can be offered', () => {
    expect(run({ type: 'prepaidOffered', credit }, { type: 'redeem' }, { type: 'declined', message: 'No credits left' }).phase).toEqual({ kind: 'choose' });
  });
});
