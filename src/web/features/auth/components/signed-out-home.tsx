import { Phone, UserRound } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { setGuestMode } from '@web/lib/guest-mode';
import { useT } from '@web/lib/i18n';
import { telHref, usePublicConfig } from '@web/lib/public-config';
import { authMessages } from '../messages';
import { AuthTabs } from './auth-forms';
import { MarketingHero } from './marketing-hero';

/** `/` for a visitor: the hero, sign in or register, or continue as a guest. */
export function SignedOutHome() {
  const t = useT(authMessages);
  const config = usePublicConfig();
  return (
    <div className="flex flex-col gap-4">
      <MarketingHero />
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t('getStarted')}</CardTitle>
          <p className="text-sm text-slate-500">{t('getStartedHint')}</p>
        </CardHeader>
        {/* Continue as Guest first: below the sign-in forms it fell under the fold of a phone (390×844). */}
        <CardContent className="flex flex-col gap-4">
          {/* A form too, so a tap before the app has taken over the page still goes on as a guest (main.tsx reads ?guest=1). */}
          <form
            method="get"
            action="/"
            data-submit-early
            className="flex flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              setGuestMode(true);
            }}
          >
            <input type="hidden" name="guest" value="1" />
            <Button type="submit" variant="outline">
              <UserRound aria-hidden /> {t('continueAsGuest')}
            </Button>
          </form>
          <div className="flex items-center gap-3 text-xs uppercase text-slate-500">
            <span className="h-px flex-1 bg-slate-200" /> {t('or')} <span className="h-px flex-1 bg-slate-200" />
          </div>
          <AuthTabs />
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
