import { localized } from '@shared/localized';
import { SavedCardChoice } from '@web/components/payment/saved-card-choice';
import type { CardFormProps } from '@web/components/payment/card-form';
import { TestCardForm } from '@web/components/payment/test-card-form';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CreditCard, LogIn, PackageCheck, UserRound } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { formatUsd, fromCents, toCents } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { rememberRedirect } from '@web/lib/guest-mode';
import { useLanguage, useT } from '@web/lib/i18n';
import { usePublicConfig } from '@web/lib/public-config';
import { useCurrentUser } from '@web/lib/session';
import { useOffer, useService } from '../api';
import { FlowError } from '../components/flow-error';
import { searchTravelFee } from '../search';
import { amountsOfJob, OrderSummary, type Amounts } from '../components/order-summary';
import { OfferBanner } from '../components/offer-banner';
import { jobOfSearch, priceOfJob } from '../job';
import { bookingMessages } from '../messages';
import { useBookingSearchView } from '../use-booking-search';
import { useCheckout } from '../use-checkout';
import { depositCentsFor } from '@shared/deposit-rules';
import { PolicyText } from '@web/components/policy/cancellation-policy';
import { policyMessages } from '@web/components/policy/messages';

const StripeCardForm = lazy(() => import('@web/components/payment/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));
const route = getRouteApi('/checkout');

/** Renders checkout's phases; useCheckout owns them and every call. */
export function CheckoutPage() {
  const t = useT(bookingMessages);
  const tp = useT(policyMessages);
  const { language } = useLanguage();
  const search = route.useSearch();
  const view = useBookingSearchView(search);
  const service = useService(search.serviceId);
  const offer = useOffer(search.offer);
  const { user, isLoading: userLoading } = useCurrentUser();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const job = service.data ? priceOfJob(service.data, jobOfSearch(search.vehicles, search.offer), offer && offer.serviceId === service.data.id ? offer : null, searchTravelFee(search)) : null;
  // A service that takes a deposit needs the customer's consent to the cancellation policy (decision 057).
  const needsConsent = Boolean(service.data && job && depositCentsFor(service.data.deposit, job.totalCents) !== null);
  const checkout = useCheckout({ search, complete: view.complete && !(view.past && !search.bookingId), user, userLoading, config, needsConsent });
  const { phase, guest, cardChoice, saveCard, payingSaved, guestProblems, guestNotice } = checkout.state;

  if (!view.complete) return <FlowError title={t('error')} text={t('missingDetails')} search={search} />;
  if (checkout.alreadyPaid) return <Spinner />;
  // A day that is over (an old link) is said before anything is held or typed.
  if (view.past && !search.bookingId) return <FlowError title={t('datePassedTitle')} text={t('datePassedText', { date: view.dateText })} search={search} nextTimes />;
  if (service.isLoading || userLoading || !config) return <Spinner />;
  if (service.isError || !service.data) return <FlowError title={t('error')} text={t('somethingWrong')} detail={errorMessage(service.error, '')} search={search} />;
  const problem = (field: 'fullName' | 'email' | 'phone') => {
    const key = guestProblems[field];
    return key ? t(key) : undefined;
  };
  const fieldProps = (field: 'fullName' | 'email' | 'phone') =>
    guestProblems[field] ? { 'aria-invalid': true as const, 'aria-describedby': `guest-${field}-error` } : {};

  const priced = job!;
  const estimated = amountsOfJob(priced);
  const amounts: Amounts =
    phase.kind === 'paying'
      ? heldAmounts(phase.booking, priced.travelFeeCents)
      : estimated;
  // The deposit the server fixed with the hold, or the one the service's rule gives the estimate.
  const depositCents = phase.kind === 'paying' ? (phase.booking.deposit ? toCents(phase.booking.deposit) : null) : depositCentsFor(service.data.deposit, toCents(estimated.total));
  const deposit = depositCents !== null ? fromCents(depositCents) : undefined;
  const payLabel = t('completePayment', { total: formatUsd(deposit ?? amounts.total) });
  const consentBox = needsConsent && (
    <label className="flex items-start gap-2 text-sm font-medium">
      <input type="checkbox" checked={checkout.consent} className="mt-0.5 size-4 accent-brand-700" onChange={(event) => checkout.agree(event.target.checked)} data-testid="policy-consent" />
      {tp('agree')}
    </label>
  );
  // A promo code the server applied: what it took off the estimate shows as a discount line.
  const promoCents = phase.kind === 'paying' ? Math.max(0, toCents(estimated.price) - toCents(amounts.price)) : 0;
  const shownJob = promoCents > 0 ? { ...priced, discountCents: priced.discountCents + promoCents, discountLabel: priced.discountLabel ?? t('promoCode') } : priced;

  const header = (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold">{t('checkout')}</h1>
      <p className="text-sm text-slate-600">
        {localized(service.data, language).name} · {t(`type_${search.serviceType}`)} · {view.dateText} · {search.time}
      </p>
    </div>
  );

  if (phase.kind === 'failed') {
    if (phase.screen === 'unavailable') return <FlowError title={t('paymentUnavailable')} text={t('paymentUnavailableText')} search={search} />;
    if (phase.screen === 'payment') return <FlowError title={t('paymentError')} text={t('paymentErrorText')} search={search} nextTimes />;
    if (phase.screen === 'limit') return <FlowError title={t('checkoutsWaitingTitle')} text={phase.detail ?? t('somethingWrong')} search={search} more={user ? { to: '/bookings', label: t('seeMyCheckouts') } : undefined} />;
    if (phase.screen === 'taken') return <FlowError title={t('slotTakenTitle')} text={t('slotTakenText')} search={search} nextTimes />;
    return <FlowError title={t('error')} text={t('somethingWrong')} detail={phase.detail} search={search} nextTimes />;
  }

  return (
    <div className="flex flex-col gap-4">
      {header}
      <Card>
        <CardContent className="pt-4">
          {offer && <OfferBanner offer={offer} />}
          <OrderSummary
            amounts={amounts}
            job={shownJob}
            title={t('orderSummary')}
            credit={phase.kind === 'prepaid' || phase.kind === 'redeeming' ? t('prepaidCredit') : undefined}
            deposit={phase.kind === 'prepaid' || phase.kind === 'redeeming' ? undefined : deposit}
          />
          <div className="mt-3 border-t border-slate-200 pt-2 dark:border-slate-700">
            <h3 className="text-sm font-semibold">{tp('policyTitle')}</h3>
            <PolicyText />
          </div>
        </CardContent>
      </Card>

      {/* A signed-in customer's deposit: the time is held (and the card form opens) once they agree to the policy. */}
      {user && needsConsent && !checkout.consent && phase.kind === 'choose' && (
        <Card>
          <CardContent className="flex flex-col gap-3 pt-4">{consentBox}</CardContent>
        </Card>
      )}

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
            <Button variant="outline" onClick={checkout.continueAsGuest}>
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
                checkout.submitGuest();
              }}
            >
              {guestNotice && <Alert tone="error">{guestNotice}</Alert>}
              <div className="flex flex-col gap-1">
                <Label htmlFor="guest-name">{t('fullName')}</Label>
                <Input id="guest-name" autoComplete="name" value={guest.fullName} onChange={(e) => checkout.changeGuest({ fullName: e.target.value })} {...fieldProps('fullName')} />
                <FieldError id="guest-fullName-error" message={problem('fullName')} />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="guest-email">{t('email')} *</Label>
                <Input id="guest-email" type="email" inputMode="email" autoComplete="email" required value={guest.email} onChange={(e) => checkout.changeGuest({ email: e.target.value })} {...fieldProps('email')} />
                <FieldError id="guest-email-error" message={problem('email')} />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="guest-phone">{t('phone')}</Label>
                <Input id="guest-phone" type="tel" inputMode="tel" autoComplete="tel" value={guest.phone} onChange={(e) => checkout.changeGuest({ phone: e.target.value })} {...fieldProps('phone')} />
                <FieldError id="guest-phone-error" message={problem('phone')} />
              </div>
              {consentBox}
              <Button type="submit" disabled={!guest.email.trim() || checkout.consentMissing}>
                {t('continueToPayment')}
              </Button>
              <Button type="button" variant="outline" onClick={checkout.back}>
                {t('back')}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}

      {(phase.kind === 'prepaid' || phase.kind === 'redeeming') && (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <PackageCheck className="size-5" aria-hidden /> {t('prepaidTitle')}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('prepaidText')}</p>
            <Button size="lg" className="h-auto min-h-12 whitespace-normal py-2" disabled={phase.kind === 'redeeming'} onClick={checkout.redeem}>
              {phase.kind === 'redeeming' ? t('bookingWithCredit') : t('usePrepaid', { count: phase.credit.remaining, service: phase.credit.serviceName })}
            </Button>
            {consentBox}
            <Button variant="outline" disabled={phase.kind === 'redeeming' || checkout.consentMissing} onClick={checkout.payByCard}>
              {t('payByCardInstead')}
            </Button>
          </CardContent>
        </Card>
      )}

      {phase.kind === 'holding' && <Spinner label={t('creatingPayment')} />}

      {phase.kind === 'declined' && (
        <Card>
          <CardContent className="flex flex-col gap-3 pt-4">
            <Alert tone="error" title={t('declinedTitle')}>
              <p>{phase.message}</p>
              <p className="mt-1">{t('declinedText')}</p>
            </Alert>
            <Button onClick={checkout.tryAgain}>{t('tryAgain')}</Button>
          </CardContent>
        </Card>
      )}

      {phase.kind === 'paying' && checkout.cardForm && (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CreditCard className="size-5" aria-hidden /> {t('payment')}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <PromoCodeField apply={checkout.applyPromo} discount={fromCents(promoCents)} />
            {consentBox}
            <SavedCardChoice cards={phase.intent.savedCards} choice={cardChoice} onChoose={checkout.chooseCard} />

            {cardChoice !== 'new' ? (
              <Button
                size="lg"
                disabled={payingSaved || checkout.consentMissing}
                onClick={() => void checkout.paySaved()}
              >
                {payingSaved ? t('processing') : payLabel}
              </Button>
            ) : (
              <PaymentForm
                provider={phase.intent.provider}
                clientSecret={phase.intent.clientSecret}
                paymentIntentId={phase.intent.paymentIntentId}
                returnPath={`/tracking?bookingId=${encodeURIComponent(phase.booking.id)}`}
                submitLabel={payLabel}
                disabled={checkout.consentMissing}
                saveCard={Boolean(user) && saveCard}
                publishableKey={config.payments.publishableKey}
                beforeSubmit={
                  user && (
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={saveCard}
                        className="size-4 accent-brand-700"
                        onChange={(event) => void checkout.changeSaveCard(event.target.checked)}
                      />
                      {t('saveCard')}
                    </label>
                  )
                }
                {...checkout.cardForm}
              />
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function PaymentForm({ provider, ...props }: CardFormProps & { provider: 'stripe' | 'test' }) {
  const t = useT(bookingMessages);
  if (provider === 'test') return <TestCardForm {...props} />;
  return (
    <Suspense fallback={<Spinner label={t('loadingPaymentForm')} />}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}


/** "Promo code" → Apply: the server prices it (a discount line) or says why not, under the field. */
function PromoCodeField({ apply, discount }: { apply: (code: string) => Promise<void>; discount: string }) {
  const t = useT(bookingMessages);
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = code.trim();
    if (!wanted || busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await apply(wanted);
      setApplied(wanted.toUpperCase());
    } catch (error) {
      setProblem(errorMessage(error, t('bookingErrorFallback')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="flex flex-col gap-1" onSubmit={(e) => void submit(e)} noValidate>
      <Label htmlFor="promo-code">{t('promoCode')}</Label>
      <div className="flex gap-2">
        <Input id="promo-code" value={code} autoComplete="off" onChange={(e) => setCode(e.target.value)} aria-invalid={Boolean(problem)} aria-describedby={problem ? 'promo-code-error' : undefined} />
        <Button type="submit" variant="outline" disabled={busy || !code.trim()}>
          {busy ? t('applyingPromo') : t('applyPromo')}
        </Button>
      </div>
      {problem && (
        <p id="promo-code-error" role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {applied && !problem && (
        <p data-testid="promo-applied" className="text-sm font-medium text-green-700">
          {t('promoApplied', { code: applied, amount: formatUsd(discount) })}
        </p>
      )}
    </form>
  );
}

/**
 * The held booking's amounts: its fee column holds every untaxed fee, so the travel fee (the server's, else
 * the estimate's on a replayed hold) is taken out of it to show as its own row.
 */
function heldAmounts(booking: { totalAmount: string; serviceFee: string; travelFee?: string; tax: string }, estimatedTravelCents: number): Amounts {
  const fees = toCents(booking.serviceFee);
  const travel = Math.min(fees, booking.travelFee !== undefined ? toCents(booking.travelFee) : estimatedTravelCents);
  return {
    price: fromCents(toCents(booking.totalAmount) - fees - toCents(booking.tax)),
    serviceFee: fromCents(fees - travel),
    travelFee: fromCents(travel),
    tax: booking.tax,
    total: booking.totalAmount,
  };
}
