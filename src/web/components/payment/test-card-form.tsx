import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { ApiError, errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { apiCall } from '@web/lib/api';
import { formatCardNumber, formatExpiry, parseExpiry } from './card-fields';
import { cardFormMessages } from './messages';
import type { CardFormProps } from './card-form';

/** The built-in provider's card form, clearly labelled as test mode (checkout and package purchases). */
export function TestCardForm({ clientSecret, paymentIntentId, submitLabel, disabled = false, saveCard = false, beforeSubmit, onSucceeded, onDeclined, onError }: CardFormProps) {
  const t = useT(cardFormMessages);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || disabled) return;
    setProblem(undefined);
    const expires = parseExpiry(expiry);
    if (!expires) return setProblem(t('expiryIncomplete'));
    setBusy(true);
    try {
      await apiCall('POST /api/payments/test/confirm-card', { body: { paymentIntentId, clientSecret, number, expMonth: expires.month, expYear: expires.year, cvc, saveCard } });
      await onSucceeded();
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) onDeclined(error.serverMessage);
      else if (error instanceof ApiError && error.status === 400) setProblem(error.serverMessage);
      else if (onError) onError(error);
      else onDeclined(errorMessage(error, t('paymentFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <div className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">{t('testMode')}</p>
          <p className="text-xs">{t('testModeHint')}</p>
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="card-number">{t('cardNumber')}</Label>
        <Input id="card-number" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={number} onChange={(e) => setNumber(formatCardNumber(e.target.value))} />
      </div>
      <div className="flex gap-3">
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor="card-expiry">{t('expiry')}</Label>
          <Input id="card-expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" maxLength={7} value={expiry} onChange={(e) => setExpiry(formatExpiry(e.target.value))} />
        </div>
        <div className="flex w-28 flex-col gap-1">
          <Label htmlFor="card-cvc">{t('cvc')}</Label>
          <Input id="card-cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={cvc} onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))} />
        </div>
      </div>
      <FieldError message={problem} />
      {beforeSubmit}
      <Button type="submit" size="lg" disabled={busy || disabled}>
        {busy ? t('processing') : submitLabel}
      </Button>
    </form>
  );
}
