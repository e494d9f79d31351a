import { Link } from '@tanstack/react-router';
import { ChevronLeft, Gift, PackageOpen } from 'lucide-react';
import { formatUsd } from '@shared/money';
import type { UserPackageView } from '@shared/schemas/packages';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { useCurrentUser } from '@web/lib/session';
import { useMyPackages } from '../api';
import { packageMessages } from '../messages';

const formatDate = (iso: string, language: string) => new Date(iso).toLocaleDateString(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'America/Los_Angeles' });

/** Usable: active with credits left; everything else is history. */
const isActive = (p: UserPackageView) => p.status === 'active' && p.servicesRemaining > 0;

/** /my-packages: the customer's packages. */
export function MyPackagesPage() {
  const t = useT(packageMessages);
  const { user, isLoading } = useCurrentUser();
  const packages = useMyPackages(Boolean(user));

  const header = (
    <div className="flex items-center gap-2">
      <Link to="/account" aria-label={t('back')} className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800">
        <ChevronLeft className="size-5" aria-hidden />
      </Link>
      <h1 className="text-2xl font-bold">{t('myPackages')}</h1>
    </div>
  );

  if (isLoading) return <Spinner />;
  if (!user)
    return (
      <div className="flex flex-col gap-4">
        {header}
        <EmptyState title={t('pleaseLogIn')}>
          <p className="text-sm text-slate-600">{t('pleaseLogInText')}</p>
          <Button asChild>
            <Link to="/auth">{t('goToLogin')}</Link>
          </Button>
        </EmptyState>
      </div>
    );

  const active = packages.data?.filter(isActive) ?? [];
  const history = packages.data?.filter((p) => !isActive(p)) ?? [];

  return (
    <div className="flex flex-col gap-4">
      {header}
      {packages.isLoading ? (
        <Spinner />
      ) : packages.isError ? (
        <Alert tone="error" title={t('loadFailed')}>
          {errorMessage(packages.error, t('tryAgain'))}
        </Alert>
      ) : active.length === 0 && history.length === 0 ? (
        <EmptyState icon={<PackageOpen className="size-10 text-slate-400" aria-hidden />} title={t('noMyPackages')}>
          <p className="text-sm text-slate-600">{t('noMyPackagesText')}</p>
          <div className="flex flex-col gap-2">
            <Button asChild>
              <Link to="/packages">{t('viewPackages')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">{t('bookSingle')}</Link>
            </Button>
          </div>
        </EmptyState>
      ) : (
        <>
          <section className="flex flex-col gap-3" aria-labelledby="active-packages">
            <h2 id="active-packages" className="text-lg font-semibold">
              {t('active')}
            </h2>
            {active.length === 0 ? (
              <p className="text-sm text-slate-600">
                <Link to="/packages" className="text-brand-700 underline">
                  {t('viewPackages')}
                </Link>
              </p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label={t('active')}>
                {active.map((p) => (
                  <li key={p.id}>
                    <PurchaseCard purchase={p} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {history.length > 0 && (
            <section className="flex flex-col gap-3" aria-labelledby="package-history">
              <h2 id="package-history" className="text-lg font-semibold">
                {t('history')}
              </h2>
              <ul className="flex flex-col gap-3" aria-label={t('history')}>
                {history.map((p) => (
                  <li key={p.id}>
                    <PurchaseCard purchase={p} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function PurchaseCard({ purchase: p }: { purchase: UserPackageView }) {
  const t = useT(packageMessages);
  const { language } = useLanguage();
  const used = p.servicesIncluded - p.servicesRemaining;
  const percent = p.servicesIncluded > 0 ? Math.round((used / p.servicesIncluded) * 100) : 100;
  const usable = isActive(p);
  const statusKey = p.status === 'expired' ? 'status_expired' : p.status === 'refunded' ? 'status_refunded' : 'status_used';
  return (
    <Card className={usable ? undefined : 'opacity-80'}>
      <CardContent className="flex flex-col gap-2 pt-4">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h3 className="font-semibold">{p.package.name}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('countOf', { count: p.servicesIncluded, service: p.package.serviceName })}</p>
          </div>
          {usable ? <Badge tone="brand">{t('remaining', { count: p.servicesRemaining })}</Badge> : <Badge tone="gray">{t(statusKey)}</Badge>}
        </div>
        {p.paymentStatus === 'manual' && (
          <Badge tone="purple" className="self-start">
            <Gift className="size-3" aria-hidden /> {t('complimentary')}
          </Badge>
        )}
        <div>
          <div className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" role="progressbar" aria-valuemin={0} aria-valuemax={p.servicesIncluded} aria-valuenow={used} aria-label={t('used', { used, included: p.servicesIncluded })}>
            <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('used', { used, included: p.servicesIncluded })}</p>
        </div>
        <dl className="grid grid-cols-1 gap-0.5 text-xs text-slate-600 dark:text-slate-400">
          <dd>{t('purchasedOn', { date: formatDate(p.createdAt, language) })}</dd>
          {p.activatedAt && <dd>{t('activatedOn', { date: formatDate(p.activatedAt, language) })}</dd>}
          <dd>{p.expiresAt ? t('expiresOn', { date: formatDate(p.expiresAt, language) }) : t('neverExpires')}</dd>
          <dd className="font-medium text-slate-800 dark:text-slate-200">{t('value', { amount: formatUsd(p.package.originalPrice) })}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
