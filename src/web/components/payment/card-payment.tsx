import type { SavedCardView } from '@shared/schemas/checkout';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/feedback';
import { usePublicConfig } from '@web/lib/public-config';
import { defaultCardChoice, SavedCardChoice, type CardChoice } from './saved-card-choice';
import { TestCardForm } from './test-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** What the server answered when a payment started: the card form's intent and the customer's saved cards. */
export interface PaymentStart {
  provider: 'stripe' | 'test';
  paymentIntentId: string | null;
  clientSecret: string | null;
  savedCards: readonly SavedCardView[];
}

/**
 * The second step of a payment (memberships): a saved card paid by one more click, or the card form
 * (the test provider's or Stripe's). The first step, the button that opened this, only asked the price.
 */
export function CardPayment({
  start,
  payLabel,
  busyLabel,
  returnPath,
  onPaySaved,
  onSucceeded,
  onDeclined,
}: {
  start: PaymentStart;
  payLabel: string;
  busyLabel: string;
  returnPath: string;
  /** Charges the chosen saved card on the server. */
  onPaySaved: (paymentMethodId: string) => Promise<void>;
  /** The card form went through. */
  onSucceeded: () => Promise<void>;
  onDeclined: (message: string) => void;
}) {
  const config = usePublicConfig();
  const [choice, setChoice] = useState<CardChoice>(() => defaultCardChoice(start.savedCards));
  const [busy, setBusy] = useState(false);

  async function paySaved() {
    if (busy) return;
    setBusy(true);
    try {
      await onPaySaved(choice);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <SavedCardChoice cards={start.savedCards} choice={choice} onChoose={setChoice} />
      {choice !== 'new' ? (
        <Button size="lg" disabled={busy} onClick={() => void paySaved()}>
          {busy ? busyLabel : payLabel}
        </Button>
      ) : !start.paymentIntentId || !start.clientSecret ? (
        <Spinner />
      ) : start.provider === 'test' ? (
        <TestCardForm
          clientSecret={start.clientSecret}
          paymentIntentId={start.paymentIntentId}
          returnPath={returnPath}
          submitLabel={payLabel}
          onSucceeded={onSucceeded}
          onDeclined={onDeclined}
        />
      ) : (
        <Suspense fallback={<Spinner />}>
          <StripeCardForm
            clientSecret={start.clientSecret}
            paymentIntentId={start.paymentIntentId}
            returnPath={returnPath}
            publishableKey={config?.payments.publishableKey}
            submitLabel={payLabel}
            onSucceeded={onSucceeded}
            onDeclined={onDeclined}
          />
        </Suspense>
      )}
    </div>
  );
}
