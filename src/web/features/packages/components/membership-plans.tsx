import { formatUsd } from '@shared/money';
import type { PlanView, SubscribeResponse } from '@shared/schemas/memberships';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { CardPayment } from '@web/components/payment/card-payment';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { errorMessage, newIdempotencyKey } from '@web/lib/api';
import { rememberRedirect } from '@web/lib/guest-mode';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useCurrentUser } from '@web/lib/session';
import { confirmSubscription, membershipKeys, subscribe, useMembershipPlans } from '../api';
import { packageMessages } from '../messages';

/**
 * The Memberships section of /packages: each plan's monthly price and what a month grants. Subscribing asks
 * twice before money moves: Subscribe opens the payment (a saved card or the card form), then Pay.
 */
export function MembershipPlans() {
  const t = useT(packageMessages);
  const plans = useMembershipPlans();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState<string>();
  const [signIn, setSignIn] = useState(false);
  const [paying, setPaying] = useState<{ plan: PlanView; start: SubscribeResponse; key: string }>();

  if (plans.isLoading) return <Spinner />;
  if (plans.isError) return <Alert tone="error" title={t('plansLoadFailed')}>{errorMessage(plans.error, t('tryAgain'))}</Alert>;
  if (!plans.data?.length) return null;

  async function open(plan: PlanView) {
    if (!user) return setSignIn(true);
    if (starting) return;
    setStarting(plan.id);
    try {
      // Only asks the price and the saved cards (and the card form's intent): nothing is charged yet.
      const start = await subscribe(plan.id);
      setPaying({ plan, start, key: newIdempotencyKey() });
    } catch (error) {
      toast.error(t('initFailed'), { description: errorMessage(error, t('tryAgain')) });
    } finally {
      setStarting(undefined);
    }
  }

  async function done(name: string) {
    setPaying(undefined);
    toast.success(t('subscribed'), { description: t('subscribedText', { name }) });
    await queryClient.invalidateQueries({ queryKey: membershipKeys.mine });
    await navigate({ to: '/account' });
  }

  async function paySaved(paymentMethodId: string) {
    if (!paying) return;
    try {
      const result = await subscribe(paying.plan.id, { paymentMethodId, idempotencyKey: paying.key });
      // Stripe may leave a saved card's first payment to 3-D Secure: nothing started, the card form confirms instead.
      if (!result.membershipId) return void toast.error(t('paymentFailed'), { description: t('cardNeedsForm') });
      await done(paying.plan.name);
    } catch (error) {
      toast.error(t('paymentFailed'), { description: errorMessage(error, t('tryAgain')) });
    }
  }

  async function cardPaid() {
    if (!paying?.start.paymentIntentId) return;
    try {
      await confirmSubscription(paying.start.paymentIntentId);
      await done(paying.plan.name);
    } catch (error) {
      toast.error(t('paymentFailed'), { description: errorMessage(error, t('tryAgain')) });
    }
  }

  return (
    <section aria-labelledby="memberships-title" className="flex flex-col gap-3">
      <div>
        <h2 id="memberships-title" className="flex items-center gap-2 text-xl font-bold">
          <Repeat className="size-5 text-brand-700" aria-hidden /> {t('membershipsTitle')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('membershipsSubtitle')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label={t('membershipsTitle')}>
        {plans.data.map((plan) => (
          <li key={plan.id}>
            <Card className="h-full">
              <CardContent className="flex h-full flex-col gap-2 pt-4">
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <p className="text-2xl font-bold">{t('perMonth', { price: formatUsd(plan.pricePerMonth) })}</p>
                <div>
                  <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('eachMonth')}</p>
                  <ul className="text-sm">
                    {plan.grants.map((grant) => (
                      <li key={grant.serviceId}>{t('grantLine', { count: grant.count, service: grant.serviceName })}</li>
                    ))}
                  </ul>
                </div>
                <Button className="mt-auto" disabled={starting === plan.id} onClick={() => void open(plan)}>
                  {starting === plan.id ? t('starting') : t('subscribe')}
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <Dialog open={signIn} onOpenChange={setSignIn}>
        {signIn && (
          <DialogContent title={t('signInTitle')} description={t('signInText')}>
            <div className="flex flex-col gap-2">
              <Button
                size="lg"
                onClick={() => {
                  rememberRedirect('/packages');
                  void navigate({ to: '/auth' });
                }}
              >
                {t('signIn')}
              </Button>
              <Button variant="outline" onClick={() => setSignIn(false)}>
                {t('cancel')}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>

      <Dialog open={Boolean(paying)} onOpenChange={(isOpen) => !isOpen && setPaying(undefined)}>
        {paying && (
          <DialogContent title={t('subscribeTitle', { name: paying.plan.name })} description={t('subscribeDescription', { price: formatUsd(paying.start.amount) })}>
            <div className="flex flex-col gap-3">
              <CardPayment
                start={paying.start}
                payLabel={t('pay', { price: formatUsd(paying.start.amount) })}
                busyLabel={t('starting')}
                returnPath="/packages"
                onPaySaved={paySaved}
                onSucceeded={cardPaid}
                onDeclined={(message) => toast.error(t('paymentFailed'), { description: message })}
              />
              <Button variant="outline" onClick={() => setPaying(undefined)}>
                {t('cancel')}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}
