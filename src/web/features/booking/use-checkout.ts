import { track } from '@web/lib/analytics';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { clearOfTitle, toast } from '@web/lib/toast';
import type { PublicUser } from '@shared/schemas/auth';
import type { CreateBookingResponse } from '@shared/schemas/checkout';
import { ApiError, errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import type { PublicConfig } from '@web/lib/public-config';
import { confirmPayment, createBooking, createPaymentIntent, heldBooking, usablePackages } from './api';
import { checkoutNotes } from './booking-dates';
import { guestContactProblems } from '@shared/contact';
import { alreadySettled, cardDeclined, detailsRefused, holdEnded, paymentsUnavailable, timeWasTaken, tooManyCheckouts } from './checkout-errors';
import { isGuestMode } from '@web/lib/guest-mode';
import { checkoutReducer, initialCheckoutState, type GuestDetails } from './checkout-machine';
import { bookingMessages } from './messages';
import { bookingAddress, type BookingSearch } from './search';
import { jobOfSearch } from './job';

const KEY_STORE = 'glint.checkout.key';
const PAID_STORE = 'glint.checkout.paid';

interface PaidCheckout {
  search: string;
  bookingId: string;
  token?: string;
}

/** The checkout that was just paid, so Back and Continue again open its tracking page instead of paying twice. */
function paidCheckout(search: BookingSearch): PaidCheckout | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(PAID_STORE) ?? 'null') as PaidCheckout | null;
    return stored?.search === JSON.stringify(search) ? stored : null;
  } catch {
    return null;
  }
}

function rememberPaid(search: BookingSearch, bookingId: string, token?: string): void {
  try {
    sessionStorage.setItem(PAID_STORE, JSON.stringify({ search: JSON.stringify(search), bookingId, token } satisfies PaidCheckout));
  } catch {
    // Private mode without storage: the server still refuses to take the money twice.
  }
}

/** One Idempotency-Key per checkout attempt, kept across a reload so a retried request holds one booking. */
function idempotencyKey(fingerprint: string, fresh: boolean): string {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY_STORE) ?? 'null') as { fingerprint: string; key: string } | null;
    if (!fresh && stored?.fingerprint === fingerprint) return stored.key;
    const key = crypto.randomUUID();
    sessionStorage.setItem(KEY_STORE, JSON.stringify({ fingerprint, key }));
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

/** Pay now from the history: the held booking, shaped as the hold step would have answered. */
/** The refused call's code (`SLOT_FULL` …); the checkout decides by it, never by the HTTP status. */
const codeOf = (error: unknown): string | undefined => (error instanceof ApiError ? error.code : undefined);

async function resumeHeld(bookingId: string): Promise<CreateBookingResponse> {
  const view = await heldBooking(bookingId);
  if (view.access !== 'full') throw new Error('Sign in to pay for this booking');
  return { id: view.id, status: view.status, totalAmount: view.totalAmount, serviceFee: view.serviceFee, tax: view.tax, holdExpiresAt: view.holdExpiresAt } as CreateBookingResponse;
}

/** The car and the gate code from Booking Details, when given (both optional). */
function forTheDriver(search: BookingSearch): { vehicle?: string; accessNotes?: string; coveredParking?: boolean } {
  return {
    ...(search.vehicle?.trim() ? { vehicle: search.vehicle.trim() } : {}),
    ...(search.accessNotes?.trim() ? { accessNotes: search.accessNotes.trim() } : {}),
    ...(search.serviceType === 'mobile' && search.coveredParking ? { coveredParking: search.coveredParking === 'yes' } : {}),
  };
}

interface CheckoutInput {
  search: BookingSearch;
  /** The search names a service, a day and a time. */
  complete: boolean;
  user: PublicUser | null;
  userLoading: boolean;
  config: PublicConfig | undefined;
  /** The service takes a deposit: the time is held only with the customer's consent to the cancellation policy (decision 057). */
  needsConsent?: boolean;
}

/** The booking the checkout holds, from the page's search (never a price: the server prices it). */
function bookingRequest(search: CheckoutInput['search'], who: GuestDetails | null, notes: string | undefined, promoCode?: string, policyConsent = false) {
  return {
    serviceId: search.serviceId!,
    serviceType: search.serviceType,
    slotId: search.slotId,
    addressId: search.addressId ?? null,
    address: bookingAddress(search),
    notes,
    ...forTheDriver(search),
    ...(search.offer ? { offerVehicle: search.offer } : {}),
    ...(search.vehicles ? { vehicles: jobOfSearch(search.vehicles, search.offer) } : {}),
    ...(who ? { guestEmail: who.email.trim(), guestName: who.fullName.trim() || null, guestPhone: who.phone.trim() || null } : {}),
    ...(promoCode ? { promoCode } : {}),
    ...(policyConsent ? { policyConsent: true } : {}),
  };
}

/**
 * Checkout's saga: hold the time (create the booking with an idempotency key, then its payment intent),
 * pay (a saved card or the provider's card form), confirm, and go to tracking. The phases and their
 * transitions are checkoutReducer's; this hook runs the calls and feeds it their outcomes.
 */
export function useCheckout({ search, complete, user, userLoading, config, needsConsent = false }: CheckoutInput) {
  const t = useT(bookingMessages);
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  const started = useRef(false);
  // "I agree to the cancellation policy": sent with the hold as `policyConsent`; paying waits for it.
  const [consent, setConsent] = useState(false);
  const userId = user?.id;
  const publishableKey = config?.payments.publishableKey;

  const hold = useCallback(
    async (who: GuestDetails | null, fresh = false) => {
      dispatch({ type: 'hold' });
      if (who) track('guest_checkout');
      const notes = checkoutNotes(search);
      const key = idempotencyKey(JSON.stringify([search, who?.email ?? userId]), fresh);
      let booking: CreateBookingResponse;
      try {
        booking = search.bookingId ? await resumeHeld(search.bookingId) : await createBooking(bookingRequest(search, who, notes, undefined, consent), key);
      } catch (error) {
        const message = errorMessage(error, t('bookingErrorFallback'));
        // The time went while they were deciding: the error screen offers the next free times.
        if (timeWasTaken(codeOf(error))) return dispatch({ type: 'failed', screen: 'taken', detail: message });
        // Other checkouts of theirs still hold times: say so, and point to them rather than to other times.
        if (tooManyCheckouts(codeOf(error))) return dispatch({ type: 'failed', screen: 'limit', detail: message });
        // The server refused a guest detail: back to the form, nothing lost.
        if (who && detailsRefused(codeOf(error))) return dispatch({ type: 'guestRejected', message });
        toast.error(t('error'), { description: message });
        return dispatch({ type: 'failed', screen: 'general', detail: message });
      }
      try {
        const intent = await createPaymentIntent({ bookingId: booking.id }, booking.trackingToken);
        if (intent.clientSecret.length <= 10) throw new Error('Invalid client secret');
        if (intent.provider === 'stripe' && !publishableKey) return dispatch({ type: 'failed', screen: 'unavailable' });
        track('payment_initiated', { bookingId: booking.id });
        dispatch({ type: 'held', booking, intent });
      } catch (error) {
        // The same checkout came back (reload, Back) after it was paid: show the booking, never pay twice.
        // The hold ended before it was paid: the time may be gone, so offer the next free ones.
        if (error instanceof ApiError && holdEnded(error.code)) return dispatch({ type: 'failed', screen: 'taken', detail: error.serverMessage });
        if (alreadySettled(codeOf(error))) {
          rememberPaid(search, booking.id, booking.trackingToken);
          return void navigate({ to: '/tracking', search: { bookingId: booking.id, ...(booking.trackingToken ? { token: booking.trackingToken } : {}) }, replace: true });
        }
        // Payment-intent failures are only logged; the page shows Payment Error.
        console.error('create-payment-intent failed', error);
        dispatch({ type: 'failed', screen: paymentsUnavailable(codeOf(error)) ? 'unavailable' : 'payment' });
      }
    },
    [search, userId, publishableKey, t, navigate, consent],
  );

  // A checkout already paid (Back from tracking, then Continue again) opens its tracking page.
  const paid = paidCheckout(search);
  useEffect(() => {
    if (!paid) return;
    started.current = true;
    void navigate({ to: '/tracking', search: { bookingId: paid.bookingId, ...(paid.token ? { token: paid.token } : {}) }, replace: true });
  }, [paid?.bookingId, paid?.token, navigate]); // eslint-disable-line react-hooks/exhaustive-deps

  // A signed-in customer holds the time as soon as the page is ready, unless a prepaid package can pay for
  // the service: then the credit is offered first (never with an offer price: the two are not combined).
  // A visitor chooses first, unless they chose guest already.
  const serviceId = search.serviceId;
  const offer = search.offer;
  useEffect(() => {
    if (started.current || paid || userLoading || !config || !complete) return;
    // A deposit is taken only once the customer agreed to the policy: the time is held when they tick it.
    if (user && needsConsent && !consent) return;
    if (user) {
      started.current = true;
      void (async () => {
        const usable = offer ? [] : await usablePackages(serviceId!).catch(() => []);
        const best = usable.find((p) => p.servicesRemaining > 0);
        if (best) dispatch({ type: 'prepaidOffered', credit: { purchaseId: best.id, remaining: best.servicesRemaining, serviceName: best.package.serviceName } });
        else void hold(null);
      })();
    } else if (isGuestMode()) {
      // A visitor who chose "Continue as Guest" on the home page is not asked again: the guest details come first
      // (Back still offers the sign-in).
      started.current = true;
      dispatch({ type: 'continueAsGuest' });
    }
  }, [user, userLoading, config, complete, hold, paid, serviceId, offer, needsConsent, consent]);

  /** Book with one prepaid credit: confirmed at once, nothing to pay, then the tracking page. */
  async function redeem() {
    if (state.phase.kind !== 'prepaid') return;
    const { credit } = state.phase;
    dispatch({ type: 'redeem' });
    track('payment_initiated', { method: 'package' });
    const notes = checkoutNotes(search);
    try {
      const booking = await createBooking(
        {
          serviceId: search.serviceId!,
          serviceType: search.serviceType,
          slotId: search.slotId,
          addressId: search.addressId ?? null,
          address: bookingAddress(search),
          notes,
          ...forTheDriver(search),
          ...(search.vehicles ? { vehicles: jobOfSearch(search.vehicles) } : {}),
          packagePurchaseId: credit.purchaseId,
        },
        idempotencyKey(JSON.stringify([search, userId, credit.purchaseId]), false),
      );
      toast.success(t('bookedWithCredit'), { description: t('bookedWithCreditText', { service: credit.serviceName }) });
      await navigate({ to: '/tracking', search: { bookingId: booking.id } });
    } catch (error) {
      const message = errorMessage(error, t('bookingErrorFallback'));
      toast.error(t('error'), { description: message });
      // A credit refused (used up elsewhere, expired): the card is the way on. Anything else: the error screen.
      if (error instanceof ApiError && error.code?.startsWith('PACKAGE_')) {
        dispatch({ type: 'declined', message });
        void hold(null, true);
      } else dispatch({ type: 'failed', screen: 'general', detail: message });
    }
  }

  const declined = (message: string) => {
    toast.error(t('paymentFailed'), { description: message });
    dispatch({ type: 'declined', message });
  };

  const unknown = () => toast(t('paymentUnknown'), { description: t('paymentUnknownText') });
  const failedCall = (error: unknown) => toast.error(t('error'), { description: errorMessage(error, t('bookingErrorFallback')) });

  /** The card went through: confirm with the server, then follow the booking. */
  async function confirm(bookingId: string, intentId: string, trackingToken?: string) {
    try {
      const result = await confirmPayment(intentId, bookingId);
      // A deposit paid is the checkout's payment too (decision 057): the balance comes when the job is done.
      if (result.paymentStatus !== 'paid' && result.paymentStatus !== 'deposit_paid') return void unknown();
      toast.success(t('paymentSuccessful'), { description: t('paymentSuccessfulText'), ...clearOfTitle() });
      rememberPaid(search, bookingId, trackingToken);
      // Replace checkout in the history: Back from tracking goes to the booking details, not to a payment form.
      await navigate({ to: '/tracking', search: { bookingId, ...(trackingToken ? { token: trackingToken } : {}) }, replace: true });
    } catch (error) {
      if (error instanceof ApiError && cardDeclined(error.code)) return declined(error.serverMessage);
      failedCall(error);
    }
  }

  const { phase } = state;
  const paying = phase.kind === 'paying' ? phase : null;

  return {
    state,
    /** Paid already: the page shows a spinner while it moves on to tracking. */
    alreadyPaid: Boolean(paid),
    consent,
    /** Ticks or unticks "I agree to the cancellation policy". */
    agree: setConsent,
    /** Paying (or holding the time for it) waits for the consent a deposit needs. */
    consentMissing: needsConsent && !consent,
    continueAsGuest: () => dispatch({ type: 'continueAsGuest' }),
    back: () => dispatch({ type: 'back' }),
    changeGuest: (guest: Partial<GuestDetails>) => dispatch({ type: 'guestChanged', guest }),
    /** Checks the details with the shared rules first: each problem shows under its field, nothing is sent. */
    submitGuest: () => {
      const problems = guestContactProblems(state.guest);
      if (Object.keys(problems).length > 0) return dispatch({ type: 'guestInvalid', problems });
      if (needsConsent && !consent) return;
      void hold(state.guest);
    },
    /** After a decline: a fresh attempt with a new idempotency key. */
    tryAgain: () => void hold(user ? null : state.guest, true),
    redeem: () => void redeem(),
    /** Decline the prepaid offer: hold the time and pay by card. */
    payByCard: () => void hold(null),
    chooseCard: (cardId: string) => dispatch({ type: 'cardChosen', cardId }),
    /**
     * Apply a promo code while paying: the time is held again with the code (the new hold replaces the old
     * one, server side) and paid through its own intent. Refused, the current hold stays; the reason is thrown.
     */
    async applyPromo(code: string) {
      if (!paying) return;
      const who = user ? null : state.guest;
      const booking = await createBooking(bookingRequest(search, who, checkoutNotes(search), code, consent), idempotencyKey(JSON.stringify([search, who?.email ?? userId, code]), true));
      const intent = await createPaymentIntent({ bookingId: booking.id }, booking.trackingToken);
      dispatch({ type: 'promoApplied', booking, intent });
    },
    async changeSaveCard(next: boolean) {
      dispatch({ type: 'saveCardChanged', saveCard: next });
      // Stripe needs to know before the card is entered; the test provider is told with the card.
      if (paying?.intent.provider !== 'stripe') return;
      try {
        dispatch({ type: 'intentChanged', intent: await createPaymentIntent({ bookingId: paying.booking.id, saveCard: next }) });
      } catch (error) {
        console.error('create-payment-intent failed', error);
      }
    },
    async paySaved() {
      if (!paying || (needsConsent && !consent)) return;
      dispatch({ type: 'payingSaved', paying: true });
      try {
        const paid = await createPaymentIntent({ bookingId: paying.booking.id, paymentMethodId: state.cardChoice });
        if (paid.status === 'succeeded') await confirm(paying.booking.id, paid.paymentIntentId);
        else unknown();
      } catch (error) {
        if (error instanceof ApiError && cardDeclined(error.code)) declined(error.serverMessage);
        else failedCall(error);
      } finally {
        dispatch({ type: 'payingSaved', paying: false });
      }
    },
    /** What the card form reports. */
    cardForm: paying && {
      onSucceeded: () => confirm(paying.booking.id, paying.intent.paymentIntentId, paying.booking.trackingToken),
      onDeclined: (message: string) => {
        declined(message);
        // Let the server see the decline at once (it releases the held time).
        if (paying.intent.provider === 'stripe') void confirmPayment(paying.intent.paymentIntentId, paying.booking.id).catch(() => undefined);
      },
      onUnknown: unknown,
      onError: failedCall,
      onUnavailable: () => dispatch({ type: 'failed', screen: 'unavailable' }),
    },
  };
}
