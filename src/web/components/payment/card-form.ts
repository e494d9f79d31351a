import type { ReactNode } from 'react';

/** What a payment (checkout, a package purchase) hands to a card form: the test provider's or Stripe's Payment Element. */
export interface CardFormProps {
  clientSecret: string;
  /** The intent the form confirms: a payment's, or a card setup's (mode setup). */
  paymentIntentId: string;
  /** payment (default): the card pays; setup: the card is only kept for later (the account's Add card). */
  mode?: 'payment' | 'setup';
  submitLabel: string;
  /** The submit button waits (checkout's policy consent before a deposit). */
  disabled?: boolean;
  publishableKey?: string | null;
  /** Where Stripe returns after a redirecting payment method (3-D Secure). */
  returnPath: string;
  /** Signed-in customers may keep the card (checkout). */
  saveCard?: boolean;
  /** Shown after the card fields, just above the submit button (checkout's "Save this card"). */
  beforeSubmit?: ReactNode;
  /** The card went through: record the payment. */
  onSucceeded: () => Promise<void>;
  /** The card was refused or the payment failed; the message says why. */
  onDeclined: (message: string) => void;
  /** Stripe cannot tell yet (still processing). Without it: a decline that says so. */
  onUnknown?: () => void;
  /** Something unexpected (the network). Without it: a decline with a general message. */
  onError?: (error: unknown) => void;
  /** Stripe.js could not load. Without it: a decline with a general message. */
  onUnavailable?: () => void;
}
