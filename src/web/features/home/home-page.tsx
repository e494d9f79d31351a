import { Phone, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/feedback';
import { telHref, usePublicConfig } from '@web/features/app/api';
import { useCurrentUser } from '@web/features/auth/api';
import { MarketingHero } from '@web/features/auth/components/marketing-hero';
import { authMessages } from '@web/features/auth/messages';
import { isGuestMode, setGuestMode } from '@web/lib/guest-mode';
import { useT } from '@web/lib/i18n';

// The booking start carries the calendar, slots and address search: loaded only for those who book.
// The sign-in forms carry the validation schemas: a separate chunk, so the hero paints first.
// Fetched as soon as this module runs, in parallel with the first render, not when the panel mounts.
const authForms = import('@web/features/auth/components/auth-forms');
const AuthTabs = lazy(() => authForms.then((m) => ({ default: m.AuthTabs })));
const BookingStart = lazy(() => import('@web/features/booking/components/booking-start').then((m) => ({ default: m.BookingStart })));

export function HomePage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner />;
  if (user || isGuestMode()) {
    return (
      <Suspense fallback={<Spinner />}>
        <BookingStart />
      </Suspense>
    );
  }
  return <SignedOutHome />;
}

function SignedOutHome() {
  const t = useT(authMessages);
  const config = usePublicConfig();
  return (
    <div className="flex flex-col gap-4">
      <MarketingHero />
      <Card>
        <CardHeader>
          <CardTitle>{t('getStarted')}</CardTitle>
          <p className="text-sm text-slate-500">{t('getStartedHint')}</p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Suspense fallback={<Spinner />}>
            <AuthTabs />
          </Suspense>
          <div className="flex items-center gap-3 text-xs uppercase text-slate-400">
            <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
          </div>
          <Button variant="outline" onClick={() => setGuestMode(true)}>
            <UserRound aria-hidden /> {t('continueAsGuest')}
          </Button>
        </CardContent>
      </Card>
      {config && (
        <a href={telHref(config.businessPhone)} className="flex items-center justify-center gap-2 py-2 text-sm font-semibold text-brand-700">
          <Phone className="size-4" aria-hidden /> {config.businessPhone}
        </a>
      )}
    </div>
  );
}
