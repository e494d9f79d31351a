import { localized } from '@shared/localized';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronLeft, PackageOpen } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from '@web/lib/toast';
import { formatUsd, fromCents, toCents } from '@shared/money';
import type { PackagePaymentResponse, PackageView } from '@shared/schemas/packages';
import { defaultCardChoice, SavedCardChoice, type CardChoice } from '@web/components/payment/saved-card-choice';
import { TestCardForm } from '@web/components/payment/test-card-form';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { rememberRedirect } from '@web/lib/guest-mode';
import { useLanguage, useT } from '@web/lib/i18n';
import { usePublicConfig } from '@web/lib/public-config';
import { useCurrentUser } from '@web/lib/session';
import { confirmPurchase, packageKeys, startPurchase, useStorePackages } from '../api';
import { packageMessages } from '../messages';
import { MembershipPlans } from '../components/membership-plans';

const StripeCardForm = lazy(() => import('@web/components/payment/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** /packages: the customers' package store. */
export function PackagesPage() {
  const t = useT(packageMessages);
  const { language } = useLanguage();
  const packages = useStorePackages();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const [starting, setStarting] = useState<string>();
  const [paying, setPaying] = useState<{ pkg: PackageView; intent: PackagePaymentResponse; attemptKey: string }>();
  const [cardChoice, setCardChoice] = useState<CardChoice>('new');
  const [payingSaved, setPayingSaved] = useState(false);

  async function purchase(pkg: PackageView) {
    if (!user) {
      rememberRedirect('/packages');
      return void navigate({ to: '/auth' });
    }
    if (starting) return;
    setStarting(pkg.id);
    try {
      const intent = await startPurchase(pkg.id);
      setCardChoice(defaultCardChoice(intent.savedCards));
      setPaying({ pkg, intent, attemptKey: crypto.randomUUID() });
    } catch (error) {
      toast.error(t('initFailed'), { description: errorMessage(error, t('tryAgain')) });
    } finally {
      setStarting(undefined);
    }
  }

  /** A saved card is charged by the server at once; the attempt key makes a retried click one charge. */
  async function paySaved() {
    if (!paying || payingSaved) return;
    setPayingSaved(true);
    try {
      const charged = await startPurchase(paying.pkg.id, { paymentMethodId: cardChoice, attemptKey: paying.attemptKey });
      await succeeded(charged.paymentIntentId);
    } catch (error) {
      toast.error(t('paymentFailed'), { description: errorMessage(error, t('tryAgain')) });
    } finally {
      setPayingSaved(false);
    }
  }
  async function succeeded(paymentIntentId = paying?.intent.paymentIntentId) {
    if (!paying || !paymentIntentId) return;
    const done = await confirmPurchase(paymentIntentId).catch((error: unknown) => {
      toast.error(t('paymentFailed'), { description: errorMessage(error, t('tryAgain')) });
      return null;
    });
    if (!done) return;
    setPaying(undefined);
    toast.success(t('purchased'), { description: t('purchasedText', { name: done.packageName }) });
    await queryClient.invalidateQueries({ queryKey: packageKeys.mine });
    await navigate({ to: '/my-packages' });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <Link to="/" aria-label={t('back')} className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800">
          <ChevronLeft className="size-5" aria-hidden />
        </Link>
        <div>
          <h1 className="text-2xl font-bold">{t('title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
        </div>
      </div>
      {packages.isLoading ? (
        <Spinner />
      ) : packages.isError ? (
        <Alert tone="error" title={t('loadFailed')}>
          {errorMessage(packages.error, t('tryAgain'))}
        </Alert>
      ) : !packages.data?.length ? (
        <EmptyState icon={<PackageOpen className="size-10 text-slate-400" aria-hidden />} title={t('noPackages')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label={t('title')}>
          {packages.data.map((pkg) => (
            <li key={pkg.id}>
              <PackageCard pkg={pkg} busy={starting === pkg.id} onPurchase={() => void purchase(pkg)} />
            </li>
          ))}
        </ul>
      )}
      <MembershipPlans />
      <Dialog open={Boolean(paying)} onOpenChange={(open) => !open && setPaying(undefined)}>
        {paying && (
          <DialogContent
            title={t('payTitle', { name: localized(paying.pkg, language).name })}
            description={t('payDescription', { count: paying.pkg.serviceCount, service: paying.pkg.serviceName, price: formatUsd(paying.intent.amount) })}
          >
            <div className="flex flex-col gap-3">
              <SavedCardChoice cards={paying.intent.savedCards} choice={cardChoice} onChoose={setCardChoice} />
              {cardChoice !== 'new' ? (
                <Button size="lg" disabled={payingSaved} onClick={() => void paySaved()}>
                  {payingSaved ? t('starting') : t('pay', { price: formatUsd(paying.intent.amount) })}
                </Button>
              ) : paying.intent.provider === 'test' ? (
                <TestCardForm
                  clientSecret={paying.intent.clientSecret}
                  paymentIntentId={paying.intent.paymentIntentId}
                  returnPath="/packages"
                  submitLabel={t('pay', { price: formatUsd(paying.intent.amount) })}
                  onSucceeded={() => succeeded()}
                  onDeclined={(message) => toast.error(t('paymentFailed'), { description: message })}
                />
              ) : (
                <Suspense fallback={<Spinner />}>
                  <StripeCardForm
                    clientSecret={paying.intent.clientSecret}
                    paymentIntentId={paying.intent.paymentIntentId}
                  returnPath="/packages"
                    publishableKey={config?.payments.publishableKey}
                    submitLabel={t('pay', { price: formatUsd(paying.intent.amount) })}
                    onSucceeded={() => succeeded()}
                    onDeclined={(message) => toast.error(t('paymentFailed'), { description: message })}
                  />
                </Suspense>
              )}
              <Button variant="outline" onClick={() => setPaying(undefined)}>
                {t('cancel')}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

function PackageCard({ pkg, busy, onPurchase }: { pkg: PackageView; busy: boolean; onPurchase: () => void }) {
  const t = useT(packageMessages);
  const { language } = useLanguage();
  const words = localized(pkg, language);
  const savings = fromCents(Math.max(0, toCents(pkg.originalPrice) - toCents(pkg.packagePrice)));
  const percent = Math.round(Number(pkg.discount));
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-2 pt-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold">{words.name}</h2>
          {percent > 0 && <Badge tone="green">{t('save', { percent })}</Badge>}
        </div>
        {words.description && <p className="text-sm text-slate-600 dark:text-slate-400">{words.description}</p>}
        <p className="text-sm font-medium">{t('countOf', { count: pkg.serviceCount, service: pkg.serviceName })}</p>
        <div className="flex items-baseline gap-2">
          <span className="text-sm text-slate-500 line-through" aria-label={`${t('regularPrice')} ${formatUsd(pkg.originalPrice)}`}>
            {formatUsd(pkg.originalPrice)}
          </span>
          <span className="text-2xl font-bold" aria-label={`${t('packagePrice')} ${formatUsd(pkg.packagePrice)}`}>
            {formatUsd(pkg.packagePrice)}
          </span>
        </div>
        {toCents(savings) > 0 && <p className="text-sm font-medium text-green-700">{t('youSave', { amount: formatUsd(savings) })}</p>}
        <p className="text-xs text-slate-600 dark:text-slate-400">{pkg.validityMonths ? t('validFor', { months: pkg.validityMonths }) : t('noExpiry')}</p>
        <Button className="mt-auto" disabled={busy} onClick={onPurchase}>
          {busy ? t('starting') : t('purchase')}
        </Button>
      </CardContent>
    </Card>
  );
}
