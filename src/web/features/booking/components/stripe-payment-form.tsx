import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { FieldError } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/feedback';
import { useT } from '@web/lib/i18n';
import { bookingMessages } from '../messages';
import type { PaymentFormProps } from './payment-form';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe's Payment Element; this module (and Stripe.js) loads only when the server says provider 'stripe'. */
export function StripePaymentForm(props: PaymentFormProps) {
  const t = useT(bookingMessages);
  const key = props.publishableKey ?? '';
  const stripePromise = useMemo(() => {
    if (!stripes.has(key)) stripes.set(key, loadStripe(key));
    return stripes.get(key)!;
  }, [key]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    stripePromise.then((s) => !s && setFailed(true)).catch(() => setFailed(true));
  }, [stripePromise]);
  useEffect(() => {
    if (failed) props.onUnavailable();
  }, [failed, props]);
  if (failed) return <Spinner label={t('loadingPaymentForm')} />;
  return (
    <Elements key={props.clientSecret} stripe={stripePromise} options={{ clientSecret: props.clientSecret }}>
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ bookingId, submitLabel, onSucceeded, onDeclined, onUnknown, onError }: PaymentFormProps) {
  const t = useT(bookingMessages);
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/tracking?bookingId=${encodeURIComponent(bookingId)}` },
      });
      if (error) {
        // Incomplete fields stay on the form; a refused card is a failed payment.
        if (error.type === 'validation_error') setProblem(error.message);
        else onDeclined(error.message ?? 'Your card was declined.');
      } else if (paymentIntent?.status === 'succeeded') {
        await onSucceeded();
      } else {
        onUnknown();
      }
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <PaymentElement />
      <FieldError message={problem} />
      <Button type="submit" size="lg" disabled={busy || !stripe}>
        {busy ? t('processing') : submitLabel}
      </Button>
    </form>
  );
}
