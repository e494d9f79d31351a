import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { CheckCircle2, CreditCard } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { formatUsd } from '@shared/money';
import type { CardFormProps } from '@web/components/payment/card-form';
import { TestCardForm } from '@web/components/payment/test-card-form';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { ApiError, errorMessage } from '@web/lib/api';
import { rememberRedirect } from '@web/lib/guest-mode';
import { useLanguage, useT } from '@web/lib/i18n';
import { usePublicConfig } from '@web/lib/public-config';
import { useCurrentUser } from '@web/lib/session';
import { clearOfTitle, toast } from '@web/lib/toast';
import { bookingToPay, confirmPayment, createPaymentIntent } from '../api';
import { cardDeclined } from '../checkout-errors';
import { bookingMessages } from '../messages';

const StripeCardForm = lazy(() => import('@web/components/payment/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));
const route = getRouteApi('/pay');

const pacificWhen = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { timeZone: 'America/Los_Angeles', weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * Pay now, from the confirmation e-mail of a phone appointment paid by link. The booking is already
 * confirmed: this page only takes its server-computed total by card, for the signed-in owner or whoever holds
 * the link's token (a guest's tracking token, or the signed "pay" link of a booking made for an account: no
 * sign-in first, decision 047), then opens tracking — or, where the token opens only the payment, says it is paid. The server says when it cannot be paid (already paid,
 * cancelled, not this person's), and the page shows its words.
 */
export function PayPage() {
  const t = useT(bookingMessages);
  const { language } = useLanguage();
  const { bookingId, token } = route.useSearch();
  const config = usePublicConfig();
  const { user, isLoading: userLoading } = useCurrentUser();
  const navigate = useNavigate();
  const [declined, setDeclined] = useState<string>();
  const [paidHere, setPaidHere] = useState(false);
  const booking = useQuery({ queryKey: ['pay', 'booking', bookingId, token], queryFn: () => bookingToPay(bookingId!, token), enabled: Boolean(bookingId), retry: false });
  // The intent is asked for once per visit; the server hands back the same intent for the same booking and amount.
  const intent = useQuery({
    queryKey: ['pay', 'intent', bookingId, token],
    queryFn: () => createPaymentIntent({ bookingId: bookingId! }, token),
    enabled: Boolean(bookingId),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const tracking = { bookingId: bookingId!, ...(token ? { token } : {}) };

  if (!bookingId) return <Alert tone="error">{t('payLinkMissing')}</Alert>;
  if (booking.isLoading || intent.isLoading || userLoading || !config) return <Spinner label={t('creatingPayment')} />;

  const view = booking.data?.access === 'full' ? booking.data : null;
  // What is being paid for: even the limited view (a "pay" link opens no tracking) names the service and time.
  const header = (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold">{t('payTitle')}</h1>
      {booking.data && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {booking.data.serviceName} · {pacificWhen(booking.data.scheduledDate, language)}
        </p>
      )}
    </div>
  );

  if (paidHere) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        <Alert tone="success" title={t('paymentSuccessful')}>
          {t('paidThanks')}
        </Alert>
        <Button asChild variant="outline">
          <Link to="/tracking" search={{ bookingId }}>
            {t('viewBooking')}
          </Link>
        </Button>
      </div>
    );
  }

  if (intent.isError || !intent.data) {
    const paid = intent.error instanceof ApiError && intent.error.code === 'ALREADY_PAID';
    // A booking made for a customer's account is paid by its owner, signed in (the e-mail's link has no token).
    const signIn = !user && !token && intent.error instanceof ApiError && intent.error.code === 'NOT_YOUR_BOOKING';
    return (
      <div className="flex flex-col gap-4">
        {header}
        <Alert tone={paid ? 'success' : signIn ? 'info' : 'error'}>{signIn ? t('paySignIn') : errorMessage(intent.error, t('paymentErrorText'))}</Alert>
        {signIn && (
          <Button
            onClick={() => {
              rememberRedirect(`${window.location.pathname}${window.location.search}`);
              void navigate({ to: '/auth' });
            }}
          >
            {t('signIn')}
          </Button>
        )}
        {(paid || view) && (
          <Button asChild variant="outline">
            <Link to="/tracking" search={tracking}>
              {t('viewBooking')}
            </Link>
          </Button>
        )}
      </div>
    );
  }

  const payment = intent.data;
  const total = formatUsd(payment.amount);

  async function succeeded() {
    try {
      const result = await confirmPayment(payment.paymentIntentId, bookingId!);
      if (result.paymentStatus !== 'paid') return void toast(t('paymentUnknown'), { description: t('paymentUnknownText') });
      // Tracking opens for whoever may see the booking; a "pay" link alone ends here, paid.
      if (!view) return setPaidHere(true);
      toast.success(t('paymentSuccessful'), { description: t('paidThanks'), ...clearOfTitle() });
      await navigate({ to: '/tracking', search: tracking, replace: true });
    } catch (error) {
      if (error instanceof ApiError && cardDeclined(error.code)) return setDeclined(error.serverMessage);
      toast.error(t('error'), { description: errorMessage(error, t('paymentErrorText')) });
    }
  }

  const form: CardFormProps = {
    clientSecret: payment.clientSecret,
    paymentIntentId: payment.paymentIntentId,
    submitLabel: t('payNow', { total }),
    publishableKey: config.payments.publishableKey,
    returnPath: `/tracking?${new URLSearchParams(tracking).toString()}`,
    onSucceeded: succeeded,
    onDeclined: (message) => {
      toast.error(t('paymentFailed'), { description: message });
      setDeclined(message);
    },
    onUnknown: () => toast(t('paymentUnknown'), { description: t('paymentUnknownText') }),
    onError: (error) => toast.error(t('error'), { description: errorMessage(error, t('paymentErrorText')) }),
    onUnavailable: () => setDeclined(t('paymentUnavailableText')),
  };

  return (
    <div className="flex flex-col gap-4">
      {header}
      <Card>
        <CardContent className="flex items-center justify-between pt-4">
          <span className="text-sm text-slate-600 dark:text-slate-400">{t('payAmountDue')}</span>
          <strong className="text-lg" data-testid="amount-due">
            {total}
          </strong>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5" aria-hidden /> {t('payment')}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <CheckCircle2 className="size-4 text-green-600" aria-hidden /> {t('payIntro')}
          </p>
          {declined && (
            <Alert tone="error" title={t('declinedTitle')}>
              {declined}
            </Alert>
          )}
          {payment.provider === 'test' ? (
            <TestCardForm {...form} />
          ) : (
            <Suspense fallback={<Spinner label={t('loadingPaymentForm')} />}>
              <StripeCardForm {...form} />
            </Suspense>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
