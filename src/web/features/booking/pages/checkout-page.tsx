import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CreditCard, LogIn, UserRound } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatUsd, fromCents, toCents } from '@shared/money';
import type { CreateBookingResponse, CreatePaymentIntentResponse } from '@shared/schemas/checkout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { Input, Label } from '@web/components/ui/input';
import { usePublicConfig } from '@web/features/app/api';
import { useCurrentUser } from '@web/features/auth/api';
import { ApiError, errorMessage } from '@web/lib/api';
import { rememberRedirect } from '@web/lib/guest-mode';
import { useT } from '@web/lib/i18n';
import { confirmPayment, createBooking, createPaymentIntent, useService } from '../api';
import { FlowError } from '../components/flow-error';
import { estimateAmounts, OrderSummary, type Amounts } from '../components/order-summary';
import type { PaymentFormProps } from '../components/payment-form';
import { TestCardForm } from '../components/test-card-form';
import { bookingMessages } from '../messages';
import { useBookingSearchView } from '../use-booking-search';

const StripePaymentForm = lazy(() => import('../components/stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));
const route = getRouteApi('/checkout');

interface Guest {
  fullName: string;
  email: string;
  phone: string;
}

type Phase =
  | { kind: 'choose' }
  | { kind: 'guest' }
  | { kind: 'creating' }
  | { kind: 'ready'; booking: CreateBookingResponse; intent: CreatePaymentIntentResponse }
  | { kind: 'declined'; message: string }
  | { kind: 'error'; screen: 'unavailable' | 'payment' | 'general'; detail?: string };

const KEY_STORE = 'glint.checkout.key';

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

const validGuestEmail = (email: string) => email.trim().length >= 3 && email.includes('@') && email.includes('.');

export function CheckoutPage() {
  const t = useT(bookingMessages);
  const search = route.useSearch();
  const view = useBookingSearchView(search);
  const service = useService(search.serviceId);
  const { user, isLoading: userLoading } = useCurrentUser();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [guest, setGuest] = useState<Guest>({ fullName: '', email: '', phone: '' });
  const [saveCard, setSaveCard] = useState(false);
  const [savedChoice, setSavedChoice] = useState<string>('new');
  const [payingSaved, setPayingSaved] = useState(false);
  const started = useRef(false);

  const start = useCallback(
    async (who: Guest | null, fresh = false) => {
      setPhase({ kind: 'creating' });
      const notes = [view.dateText && search.time ? `${view.dateText} at ${search.time}` : '', search.address].filter(Boolean).join(' - ');
      const key = idempotencyKey(JSON.stringify([search, who?.email ?? user?.id]), fresh);
      let booking: CreateBookingResponse;
      try {
        booking = await createBooking(
          {
            serviceId: search.serviceId!,
            serviceType: search.serviceType,
            slotId: search.slotId,
            addressId: search.addressId ?? null,
            address: search.serviceType === 'serviceLocation' || search.addressId ? null : search.address,
            notes,
            ...(who ? { guestEmail: who.email.trim(), guestName: who.fullName.trim() || null, guestPhone: who.phone.trim() || null } : {}),
          },
          key,
        );
      } catch (error) {
        const message = errorMessage(error, t('bookingErrorFallback'));
        toast.error(t('error'), { description: message });
        return setPhase({ kind: 'error', screen: 'general', detail: message });
      }
      try {
        const intent = await createPaymentIntent({ bookingId: booking.id }, booking.trackingToken);
        if (intent.clientSecret.length <= 10) throw new Error('Invalid client secret');
        if (intent.provider === 'stripe' && !config?.payments.publishableKey) return setPhase({ kind: 'error', screen: 'unavailable' });
        const preferred = intent.savedCards.find((c) => c.isDefault) ?? intent.savedCards[0];
        setSavedChoice(preferred?.id ?? 'new');
        setPhase({ kind: 'ready', booking, intent });
      } catch (error) {
        // The same checkout came back (reload, Back) after it was paid: show the booking, never pay twice.
        if (error instanceof ApiError && error.status === 409) {
          return void navigate({ to: '/tracking', search: { bookingId: booking.id, ...(booking.trackingToken ? { token: booking.trackingToken } : {}) } });
        }
        // Payment-intent failures are only logged; the page shows Payment Error.
        console.error('create-payment-intent failed', error);
        setPhase({ kind: 'error', screen: error instanceof ApiError && error.status === 503 ? 'unavailable' : 'payment' });
      }
    },
    [search, view.dateText, user?.id, config?.payments.publishableKey, t, navigate],
  );

  useEffect(() => {
    if (started.current || userLoading || !config || !view.complete) return;
    if (user) {
      started.current = true;
      void start(null);
    }
  }, [user, userLoading, config, view.complete, start]);

  if (!view.complete) return <FlowError title={t('error')} text={t('missingDetails')} />;
  if (service.isLoading || userLoading || !config) return <Spinner />;
  if (service.isError || !service.data) return <FlowError title={t('error')} text={t('somethingWrong')} detail={errorMessage(service.error, '')} />;

  const estimated = estimateAmounts(service.data);
  const amounts: Amounts =
    phase.kind === 'ready'
      ? {
          price: fromCents(toCents(phase.booking.totalAmount) - toCents(phase.booking.serviceFee) - toCents(phase.booking.tax)),
          serviceFee: phase.booking.serviceFee,
          tax: phase.booking.tax,
          total: phase.booking.totalAmount,
        }
      : estimated;
  const payLabel = t('completePayment', { total: formatUsd(amounts.total) });

  async function succeeded(bookingId: string, intentId: string, trackingToken?: string) {
    try {
      const result = await confirmPayment(intentId, bookingId);
      if (result.paymentStatus !== 'paid') {
        toast(t('paymentUnknown'), { description: t('paymentUnknownText') });
        return;
      }
      toast.success(t('paymentSuccessful'), { description: t('paymentSuccessfulText') });
      await navigate({ to: '/tracking', search: { bookingId, ...(trackingToken ? { token: trackingToken } : {}) } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) return declined(error.serverMessage);
      toast.error(t('error'), { description: errorMessage(error, t('bookingErrorFallback')) });
    }
  }

  function declined(message: string) {
    toast.error(t('paymentFailed'), { description: message });
    setPhase({ kind: 'declined', message });
  }

  const header = (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold">{t('checkout')}</h1>
      <p className="text-sm text-slate-600">
        {service.data.name} · {t(`type_${search.serviceType}`)} · {view.dateText} · {search.time}
      </p>
    </div>
  );

  if (phase.kind === 'error') {
    if (phase.screen === 'unavailable') return <FlowError title={t('paymentUnavailable')} text={t('paymentUnavailableText')} />;
    if (phase.screen === 'payment') return <FlowError title={t('paymentError')} text={t('paymentErrorText')} />;
    return <FlowError title={t('error')} text={t('somethingWrong')} detail={phase.detail} />;
  }

  return (
    <div className="flex flex-col gap-4">
      {header}
      <Card>
        <CardContent className="pt-4">
          <OrderSummary amounts={amounts} title={t('orderSummary')} />
        </CardContent>
      </Card>

      {phase.kind === 'choose' && !user && (
        <Card>
          <CardHeader>
            <CardTitle>{t('howToContinue')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Button
              onClick={() => {
                rememberRedirect(`${window.location.pathname}${window.location.search}`);
                void navigate({ to: '/auth' });
              }}
            >
              <LogIn aria-hidden /> {t('loginOrCreate')}
            </Button>
            <Button variant="outline" onClick={() => setPhase({ kind: 'guest' })}>
              <UserRound aria-hidden /> {t('continueAsGuest')}
            </Button>
          </CardContent>
        </Card>
      )}

      {phase.kind === 'guest' && (
        <Card>
          <CardHeader>
            <CardTitle>{t('guestDetails')}</CardTitle>
          </CardHeader>
          <CardContent>
            <form
              className="flex flex-col gap-3"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                // An e-mail without '@' and '.' does nothing, silently (customer-app.md §5).
                if (!validGuestEmail(guest.email)) return;
                void start(guest);
              }}
            >
              <div className="flex flex-col gap-1">
                <Label htmlFor="guest-name">{t('fullName')}</Label>
                <Input id="guest-name" autoComplete="name" value={guest.fullName} onChange={(e) => setGuest({ ...guest, fullName: e.target.value })} />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="guest-email">{t('email')} *</Label>
                <Input id="guest-email" type="email" inputMode="email" autoComplete="email" required value={guest.email} onChange={(e) => setGuest({ ...guest, email: e.target.value })} />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="guest-phone">{t('phone')}</Label>
                <Input id="guest-phone" type="tel" inputMode="tel" autoComplete="tel" value={guest.phone} onChange={(e) => setGuest({ ...guest, phone: e.target.value })} />
              </div>
              <Button type="submit" disabled={!guest.email.trim()}>
                {t('continueToPayment')}
              </Button>
              <Button type="button" variant="outline" onClick={() => setPhase({ kind: 'choose' })}>
                {t('back')}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}

      {phase.kind === 'creating' && <Spinner label={t('creatingPayment')} />}

      {phase.kind === 'declined' && (
        <Card>
          <CardContent className="flex flex-col gap-3 pt-4">
            <Alert tone="error" title={t('declinedTitle')}>
              <p>{phase.message}</p>
              <p className="mt-1">{t('declinedText')}</p>
            </Alert>
            <Button onClick={() => void start(user ? null : guest, true)}>{t('tryAgain')}</Button>
          </CardContent>
        </Card>
      )}

      {phase.kind === 'ready' && (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CreditCard className="size-5" aria-hidden /> {t('payment')}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {phase.intent.savedCards.length > 0 && (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">{t('savedCards')}</legend>
                {phase.intent.savedCards.map((card) => (
                  <label key={card.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
                    <input type="radio" name="saved-card" checked={savedChoice === card.id} onChange={() => setSavedChoice(card.id)} className="size-4 accent-brand-700" />
                    <span className="flex-1 capitalize">{t('cardEnding', { brand: card.brand, last4: card.last4 })}</span>
                    <span className="text-xs text-slate-500">{t('expires', { month: String(card.expiryMonth).padStart(2, '0'), year: String(card.expiryYear).slice(-2) })}</span>
                  </label>
                ))}
                <label className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
                  <input type="radio" name="saved-card" checked={savedChoice === 'new'} onChange={() => setSavedChoice('new')} className="size-4 accent-brand-700" />
                  {t('useNewCard')}
                </label>
              </fieldset>
            )}

            {savedChoice !== 'new' ? (
              <Button
                size="lg"
                disabled={payingSaved}
                onClick={async () => {
                  setPayingSaved(true);
                  try {
                    const paid = await createPaymentIntent({ bookingId: phase.booking.id, paymentMethodId: savedChoice });
                    if (paid.status === 'succeeded') await succeeded(phase.booking.id, paid.paymentIntentId);
                    else toast(t('paymentUnknown'), { description: t('paymentUnknownText') });
                  } catch (error) {
                    if (error instanceof ApiError && error.status === 402) declined(error.serverMessage);
                    else toast.error(t('error'), { description: errorMessage(error, t('bookingErrorFallback')) });
                  } finally {
                    setPayingSaved(false);
                  }
                }}
              >
                {payingSaved ? t('processing') : payLabel}
              </Button>
            ) : (
              <>
                {user && (
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={saveCard}
                      className="size-4 accent-brand-700"
                      onChange={async (event) => {
                        const next = event.target.checked;
                        setSaveCard(next);
                        // Stripe needs to know before the card is entered; the test provider is told with the card.
                        if (phase.intent.provider === 'stripe') {
                          try {
                            const intent = await createPaymentIntent({ bookingId: phase.booking.id, saveCard: next });
                            setPhase({ ...phase, intent });
                          } catch (error) {
                            console.error('create-payment-intent failed', error);
                          }
                        }
                      }}
                    />
                    {t('saveCard')}
                  </label>
                )}
                <PaymentForm
                  provider={phase.intent.provider}
                  clientSecret={phase.intent.clientSecret}
                  paymentIntentId={phase.intent.paymentIntentId}
                  bookingId={phase.booking.id}
                  submitLabel={payLabel}
                  saveCard={Boolean(user) && saveCard}
                  publishableKey={config.payments.publishableKey}
                  onSucceeded={() => succeeded(phase.booking.id, phase.intent.paymentIntentId, phase.booking.trackingToken)}
                  onDeclined={(message) => {
                    declined(message);
                    // Let the server see the decline at once (it releases the held time).
                    if (phase.intent.provider === 'stripe') void confirmPayment(phase.intent.paymentIntentId, phase.booking.id).catch(() => undefined);
                  }}
                  onUnknown={() => toast(t('paymentUnknown'), { description: t('paymentUnknownText') })}
                  onError={(error) => toast.error(t('error'), { description: errorMessage(error, t('bookingErrorFallback')) })}
                  onUnavailable={() => setPhase({ kind: 'error', screen: 'unavailable' })}
                />
              </>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function PaymentForm({ provider, ...props }: PaymentFormProps & { provider: 'stripe' | 'test' }) {
  const t = useT(bookingMessages);
  if (provider === 'test') return <TestCardForm {...props} />;
  return (
    <Suspense fallback={<Spinner label={t('loadingPaymentForm')} />}>
      <StripePaymentForm {...props} />
    </Suspense>
  );
}

