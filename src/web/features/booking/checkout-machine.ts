import type { ContactProblem, GuestField } from '@shared/contact';
import type { CreateBookingResponse, CreatePaymentIntentResponse } from '@shared/schemas/checkout';

/**
 * The phases of checkout, as a pure reducer (useCheckout runs the calls; the page renders the phase):
 *
 *   choose ⇄ guest ─┐                                   (signed out: sign in elsewhere, or a guest form)
 *   (signed in) ────┴→ holding ─→ paying ─→ (confirmed: the hook navigates to /tracking)
 *   (signed in, a usable prepaid package) → prepaid ─→ redeeming ─→ (booked with a credit: /tracking)
 *                                              └──→ holding (pay by card instead)
 *                        │          │  └──→ declined ─→ holding (try again, with a fresh key)
 *                        │          │                                     (guest: the server refused a detail → guest, with its words)
 *                        └──────────┴─────→ failed: unavailable | payment | taken (the time went meanwhile) | general
 */
export type CheckoutPhase =
  | { kind: 'choose' }
  | { kind: 'guest' }
  | { kind: 'holding' }
  /** The customer holds a usable prepaid package for this service: offer one credit instead of the card. */
  | { kind: 'prepaid'; credit: PrepaidCredit }
  /** The booking is being created with one credit (nothing to pay). */
  | { kind: 'redeeming'; credit: PrepaidCredit }
  | { kind: 'paying'; booking: CreateBookingResponse; intent: CreatePaymentIntentResponse }
  | { kind: 'declined'; message: string }
  | { kind: 'failed'; screen: FailedScreen; detail?: string };

export type FailedScreen = 'unavailable' | 'payment' | 'taken' | 'limit' | 'general';

export interface PrepaidCredit {
  purchaseId: string;
  remaining: number;
  serviceName: string;
}

export interface GuestDetails {
  fullName: string;
  email: string;
  phone: string;
}

export interface CheckoutState {
  phase: CheckoutPhase;
  guest: GuestDetails;
  /** A saved card's id, or 'new' for the card form. */
  cardChoice: string;
  /** Signed-in customers may keep the new card. */
  saveCard: boolean;
  /** A saved-card payment is on its way. */
  payingSaved: boolean;
  /** What is wrong with each guest field (shown under it), and the server's words when it refused the details. */
  guestProblems: Partial<Record<GuestField, ContactProblem>>;
  guestNotice: string | null;
}

export type CheckoutEvent =
  | { type: 'continueAsGuest' }
  | { type: 'back' }
  | { type: 'guestChanged'; guest: Partial<GuestDetails> }
  | { type: 'guestInvalid'; problems: Partial<Record<GuestField, ContactProblem>> }
  | { type: 'guestRejected'; message: string }
  | { type: 'hold' }
  | { type: 'prepaidOffered'; credit: PrepaidCredit }
  | { type: 'redeem' }
  | { type: 'held'; booking: CreateBookingResponse; intent: CreatePaymentIntentResponse }
  | { type: 'intentChanged'; intent: CreatePaymentIntentResponse }
  /** A promo code applied while paying: the new hold (which replaced the old one) and its intent. */
  | { type: 'promoApplied'; booking: CreateBookingResponse; intent: CreatePaymentIntentResponse }
  | { type: 'cardChosen'; cardId: string }
  | { type: 'saveCardChanged'; saveCard: boolean }
  | { type: 'payingSaved'; paying: boolean }
  | { type: 'declined'; message: string }
  | { type: 'failed'; screen: FailedScreen; detail?: string };

export const initialCheckoutState: CheckoutState = {
  phase: { kind: 'choose' },
  guest: { fullName: '', email: '', phone: '' },
  cardChoice: 'new',
  saveCard: false,
  payingSaved: false,
  guestProblems: {},
  guestNotice: null,
};

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  const { phase } = state;
  switch (event.type) {
    case 'continueAsGuest':
      return phase.kind === 'choose' ? { ...state, phase: { kind: 'guest' } } : state;
    case 'back':
      return phase.kind === 'guest' ? { ...state, phase: { kind: 'choose' } } : state;
    case 'guestChanged': {
      // Typing in a field clears its message; the others stay until the next Continue.
      const guestProblems = { ...state.guestProblems };
      for (const field of Object.keys(event.guest) as GuestField[]) delete guestProblems[field];
      return { ...state, guest: { ...state.guest, ...event.guest }, guestProblems, guestNotice: null };
    }
    case 'guestInvalid':
      return phase.kind === 'guest' ? { ...state, guestProblems: event.problems } : state;
    case 'guestRejected':
      // Nothing typed is lost: back to the form, with the server's words above it.
      return phase.kind === 'holding' ? { ...state, phase: { kind: 'guest' }, guestNotice: event.message } : state;
    case 'hold':
      // From the start (signed in), the prepaid offer (pay by card instead), the guest form, or a declined card; never twice at once.
      return phase.kind === 'holding' || phase.kind === 'paying' || phase.kind === 'redeeming' || phase.kind === 'failed' ? state : { ...state, phase: { kind: 'holding' } };
    case 'prepaidOffered':
      // Only before anything is held: a signed-in customer's first step.
      return phase.kind === 'choose' ? { ...state, phase: { kind: 'prepaid', credit: event.credit } } : state;
    case 'redeem':
      return phase.kind === 'prepaid' ? { ...state, phase: { kind: 'redeeming', credit: phase.credit } } : state;
    case 'held': {
      if (phase.kind !== 'holding') return state;
      // The default saved card is preselected; without saved cards, the card form.
      const preferred = event.intent.savedCards.find((c) => c.isDefault) ?? event.intent.savedCards[0];
      return { ...state, phase: { kind: 'paying', booking: event.booking, intent: event.intent }, cardChoice: preferred?.id ?? 'new' };
    }
    case 'intentChanged':
      return phase.kind === 'paying' ? { ...state, phase: { ...phase, intent: event.intent } } : state;
    case 'promoApplied':
      return phase.kind === 'paying' ? { ...state, phase: { kind: 'paying', booking: event.booking, intent: event.intent } } : state;
    case 'cardChosen':
      return phase.kind === 'paying' ? { ...state, cardChoice: event.cardId } : state;
    case 'saveCardChanged':
      return { ...state, saveCard: event.saveCard };
    case 'payingSaved':
      return { ...state, payingSaved: event.paying };
    case 'declined':
      // A refused credit (used up elsewhere, expired) goes back to the offer's alternative: the card.
      if (phase.kind === 'redeeming') return { ...state, phase: { kind: 'choose' } };
      return phase.kind === 'paying' ? { ...state, phase: { kind: 'declined', message: event.message } } : state;
    case 'failed':
      return phase.kind === 'failed' ? state : { ...state, phase: { kind: 'failed', screen: event.screen, detail: event.detail } };
  }
}
