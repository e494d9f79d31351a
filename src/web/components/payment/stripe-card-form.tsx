import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/feedback';
import { FieldError } from '@web/components/ui/input';
import { useT } from '@web/lib/i18n';
import { cardFormMessages } from './messages';
import type { CardFormProps } from './card-form';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe's Payment Element; this module (and Stripe.js) loads only when the server says provider 'stripe'. */
export function StripeCardForm(props: CardFormProps) {
  const t = useT(cardFormMessages);
  const key = props.publishableKey ?? '';
  const stripePromise = useMemo(() => {
    if (!stripes.has(key)) stripes.set(key, loadStripe(key));
    return stripes.get(key)!;
  }, [key]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    stripePromise.then((s) => !s && setFailed(true)).catch(() => setFailed(true));
  }, [stripePromise]);
  const { onUnavailable, onDeclined } = props;
  useEffect(() => {
    if (!failed) return;
    if (onUnavailable) onUnavailable();
    else onDeclined(t('paymentFailed'));
  }, [failed, onUnavailable, onDeclined, t]);
  if (failed) return <Spinner label={t('loadingPaymentForm')} />;
  return (
    <Elements key={props.clientSecret} stripe={stripePromise} options={{ clientSecret: props.clientSecret }}>
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm(props: CardFormProps) {
  const { submitLabel, onSucceeded, onDeclined } = props;
  const t = useT(cardFormMessages);
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || busy || props.disabled) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const confirmParams = { return_url: `${window.location.origin}${props.returnPath}` };
      const { error, status } =
        props.mode === 'setup'
          ? await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams }).then((r) => ({ error: r.error, status: r.setupIntent?.status }))
          : await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams }).then((r) => ({ error: r.error, status: r.paymentIntent?.status }));
      if (error) {
        if (error.type === 'validation_error') setProblem(error.message);
        else onDeclined(error.message ?? t('paymentFailed'));
      } else if (status === 'succeeded') {
        await onSucceeded();
      } else {
        if (props.onUnknown) props.onUnknown();
        else onDeclined(t('paymentPending'));
      }
    } catch (error) {
      if (props.onError) props.onError(error);
      else onDeclined(t('paymentFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <PaymentElement />
      <FieldError message={problem} />
      {props.beforeSubmit}
      <Button type="submit" size="lg" disabled={busy || !stripe || props.disabled}>
        {busy ? t('processing') : submitLabel}
      </Button>
    </form>
  );
}
