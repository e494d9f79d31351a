/** What checkout hands to a card form (the test provider's or Stripe's Payment Element). */
export interface PaymentFormProps {
  clientSecret: string;
  paymentIntentId: string;
  bookingId: string;
  submitLabel: string;
  /** Signed-in customers may keep the card. */
  saveCard: boolean;
  publishableKey?: string | null;
  onSucceeded: () => Promise<void>;
  onDeclined: (message: string) => void;
  onUnknown: () => void;
  onError: (error: unknown) => void;
  onUnavailable: () => void;
}
