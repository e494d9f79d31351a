import { useMutation } from '@web/lib/mutation';
import { MailCheck, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatUsPhone } from '@shared/contact';
import type { FullTrackingView } from '@shared/schemas/tracking';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert } from '@web/components/ui/feedback';
import { apiCall, errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { trackingMessages } from '../messages';

/**
 * After booking as a guest: the offer to keep the booking in an account made from its own name, e-mail and
 * phone. The tracking link is forwarded to family, so the button only has the server e-mail a claim link to
 * the booking's address; the account is made where that link leads, once its owner chooses a password
 * (decision 030).
 */
export function AccountOffer({ view, token, focus }: { view: FullTrackingView; token: string; focus: boolean }) {
  const t = useT(trackingMessages);
  const card = useRef<HTMLDivElement>(null);
  const create = useMutation({
    mutationFn: () => apiCall('POST /api/bookings/guest/:id/account', { params: { id: view.id }, body: { token } }),
  });
  // The e-mail's link opens the page at the offer.
  useEffect(() => {
    if (focus) card.current?.scrollIntoView({ block: 'center' });
  }, [focus]);

  if (create.isSuccess) {
    return (
      <Card data-testid="account-offer">
        <CardContent className="flex flex-col gap-3 p-4">
          <p className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-300">
            <MailCheck className="size-5" aria-hidden /> {t('accountOfferSent')}
          </p>
          <p className="break-all text-sm text-slate-600 dark:text-slate-300">{t('accountOfferSentTo', { email: view.guestEmail ?? '' })}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <div ref={card}>
    <Card data-testid="account-offer" className="border-brand-200 dark:border-brand-800">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <UserPlus className="size-5 text-brand-700" aria-hidden /> {t('accountOfferTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p className="text-slate-600 dark:text-slate-300">{t('accountOfferBody')}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {view.guestName && (
            <>
              <dt className="text-slate-500">{t('accountOfferName')}</dt>
              <dd className="font-medium">{view.guestName}</dd>
            </>
          )}
          <dt className="text-slate-500">{t('accountOfferEmail')}</dt>
          <dd className="break-all font-medium">{view.guestEmail}</dd>
          {view.guestPhone && (
            <>
              <dt className="text-slate-500">{t('accountOfferPhone')}</dt>
              <dd className="font-medium">{formatUsPhone(view.guestPhone)}</dd>
            </>
          )}
        </dl>
        {create.isError && (
          <Alert tone="error">{errorMessage(create.error, '')}</Alert>
        )}
        <Button onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? t('accountOfferWorking') : t('accountOfferAction')}
        </Button>
      </CardContent>
    </Card>
    </div>
  );
}
