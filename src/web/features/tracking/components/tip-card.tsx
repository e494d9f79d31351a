import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { HandCoins } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { formatUsd, fromCents } from '@shared/money';
import type { TipOffer, TipPayment } from '@shared/schemas/payments';
import { defaultCardChoice, SavedCardChoice, type CardChoice } from '@web/components/payment/saved-card-choice';
import { TestCardForm } from '@web/components/payment/test-card-form';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input, Label } from '@web/components/ui/input';
import { apiCall, errorMessage, newIdempotencyKey } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { usePublicConfig } from '@web/lib/public-config';
import { toast } from '@web/lib/toast';
import { tipMessages } from './tip-messages';

const StripeCardForm = lazy(() => import('@web/components/payment/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

const tokenHeaders = (token: string | undefined): Record<string, string> => (token ? { 'x-tracking-token': token } : {});
const tipKey = (bookingId: string) => ['tracking', bookingId, 'tip'] as const;

/** The tip chosen and the key its payment is sent with: the same choice retried is one charge. */
interface Chosen {
  body: { percent: 15 | 20 | 25 } | { amountCents: number };
  amountCents: number;
  key: string;
}

const dollars = (cents: number) => formatUsd(fromCents(cents));

/**
 * After the job, the customer (or a guest with the tracking link) tips the technician: 15 / 20 / 25 % of the
 * service total or an amount, then — a second, confirming step — a saved card or the card form.
 */
export function TipCard({ bookingId, token }: { bookingId: string; token: string | undefined }) {
  const t = useT(tipMessages);
  const queryClient = useQueryClient();
  const offer = useQuery({ queryKey: tipKey(bookingId), queryFn: () => apiCall('GET /api/bookings/:id/tip', { params: { id: bookingId }, headers: tokenHeaders(token) }), retry: false });
  const [chosen, setChosen] = useState<Chosen>();
  const [intent, setIntent] = useState<TipPayment>();
  const [card, setCard] = useState<CardChoice>('new');
  const [other, setOther] = useState('');
  const [otherProblem, setOtherProblem] = useState<string>();

  const done = async () => {
    setChosen(undefined);
    setIntent(undefined);
    await queryClient.invalidateQueries({ queryKey: tipKey(bookingId) });
  };
  const failed = (error: unknown) => toast.error(t('failed'), { description: errorMessage(error, t('tryAgain')) });
  const start = useMutation({
    mutationFn: (input: { chosen: Chosen; paymentMethodId?: string }) =>
      apiCall('POST /api/bookings/:id/tip', { params: { id: bookingId }, headers: { ...tokenHeaders(token), 'idempotency-key': input.chosen.key }, body: { ...input.chosen.body, paymentMethodId: input.paymentMethodId } }),
    onError: failed,
  });
  const confirm = useMutation({
    mutationFn: (paymentIntentId: string) => apiCall('POST /api/bookings/:id/tip/confirm', { params: { id: bookingId }, headers: tokenHeaders(token), body: { paymentIntentId } }),
    onSuccess: async (paid) => {
      toast.success(t('thanks', { amount: dollars(paid.amountCents) }));
      await done();
    },
    onError: failed,
  });

  if (!offer.data || offer.data.refusal) return null;
  const data: TipOffer = offer.data;
  if (data.tippedCents > 0 && !chosen) {
    return (
      <Card data-testid="tip-card">
        <CardContent className="flex items-center gap-2 p-4 text-sm font-medium text-green-800">
          <HandCoins className="size-4" aria-hidden /> {t('thanks', { amount: dollars(data.tippedCents) })}
        </CardContent>
      </Card>
    );
  }

  function choose(body: Chosen['body'], amountCents: number) {
    setChosen({ body, amountCents, key: newIdempotencyKey() });
    setCard(defaultCardChoice(data.savedCards));
    setIntent(undefined);
  }
  function chooseOther() {
    const cents = Math.round(Number(other) * 100);
    if (!Number.isFinite(cents) || cents < 100) return setOtherProblem(t('otherInvalid'));
    setOtherProblem(undefined);
    choose({ amountCents: cents }, cents);
  }
  async function payNewCard() {
    if (!chosen) return;
    setIntent(await start.mutateAsync({ chosen }));
  }
  async function paySaved() {
    if (!chosen) return;
    const paid = await start.mutateAsync({ chosen, paymentMethodId: card });
    toast.success(t('thanks', { amount: dollars(paid.amountCents) }));
    await done();
  }

  const amount = chosen ? dollars(chosen.amountCents) : '';
  return (
    <Card data-testid="tip-card">
      <CardContent className="flex flex-col gap-3 p-4">
        <div>
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <HandCoins className="size-4" aria-hidden /> {data.technicianName ? t('titleFor', { name: data.technicianName.split(' ')[0]! }) : t('title')}
          </h2>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('hint')}</p>
        </div>
        {!chosen ? (
          <>
            <div className="grid grid-cols-3 gap-2">
              {data.suggestions.map((s) => (
                <Button key={s.percent} variant="outline" onClick={() => choose({ percent: s.percent as 15 | 20 | 25 }, s.amountCents)}>
                  {t('percentOption', { percent: s.percent, amount: dollars(s.amountCents) })}
                </Button>
              ))}
            </div>
            <div className="flex items-end gap-2">
              <div className="flex flex-1 flex-col gap-1">
                <Label htmlFor="tip-other">{t('otherAmount')}</Label>
                <Input id="tip-other" inputMode="decimal" value={other} onChange={(e) => setOther(e.target.value)} aria-invalid={Boolean(otherProblem)} />
              </div>
              <Button variant="secondary" onClick={chooseOther}>
                {t('continue')}
              </Button>
            </div>
            {otherProblem && <p className="text-sm text-red-700">{otherProblem}</p>}
          </>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-lg font-semibold">{t('confirmTitle', { amount })}</p>
            {!intent && <SavedCardChoice cards={data.savedCards} choice={card} onChoose={setCard} />}
            {card !== 'new' ? (
              <Button disabled={start.isPending} onClick={() => void paySaved().catch(() => undefined)}>
                {start.isPending ? t('paying') : t('payTip', { amount })}
              </Button>
            ) : !intent ? (
              <Button disabled={start.isPending} onClick={() => void payNewCard().catch(() => undefined)}>
                {start.isPending ? t('paying') : t('continue')}
              </Button>
            ) : (
              <CardForm intent={intent} label={t('payTip', { amount })} onSucceeded={() => confirm.mutateAsync(intent.paymentIntentId).then(() => undefined)} onDeclined={(message) => toast.error(t('failed'), { description: message })} />
            )}
            <Button variant="outline" onClick={() => void done()}>
              {t('back')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function CardForm({ intent, label, onSucceeded, onDeclined }: { intent: TipPayment; label: string; onSucceeded: () => Promise<void>; onDeclined: (message: string) => void }) {
  const config = usePublicConfig();
  const props = { clientSecret: intent.clientSecret, paymentIntentId: intent.paymentIntentId, returnPath: '/tracking', submitLabel: label, onSucceeded, onDeclined };
  if (intent.provider === 'test') return <TestCardForm {...props} />;
  return (
    <Suspense fallback={null}>
      <StripeCardForm {...props} publishableKey={config?.payments.publishableKey} />
    </Suspense>
  );
}
