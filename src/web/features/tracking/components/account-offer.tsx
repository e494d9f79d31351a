import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatUsPhone } from '@shared/contact';
import type { FullTrackingView } from '@shared/schemas/tracking';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert } from '@web/components/ui/feedback';
import { apiCall, ApiError, errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { currentUserKey } from '@web/lib/session';
import { trackingKey } from '../api';
import { trackingMessages } from '../messages';

/**
 * After booking as a guest: one tap makes an account from the booking's own name, e-mail and phone and
 * links the booking to it. The server allows it only with this booking's tracking token.
 */
export function AccountOffer({ view, token, focus }: { view: FullTrackingView; token: string; focus: boolean }) {
  const t = useT(trackingMessages);
  const queryClient = useQueryClient();
  const card = useRef<HTMLDivElement>(null);
  const create = useMutation({
    mutationFn: () => apiCall('POST /api/bookings/guest/:id/account', { params: { id: view.id }, body: { token } }),
    onSuccess: (result) => {
      queryClient.setQueryData(currentUserKey, result.user);
      void queryClient.invalidateQueries({ queryKey: trackingKey(view.id) });
    },
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
            <CheckCircle2 className="size-5" aria-hidden /> {t('accountOfferDone')}
          </p>
          <Button asChild variant="outline">
            <Link to="/bookings">{t('accountOfferSeeBookings')}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  const taken = create.error instanceof ApiError && create.error.code === 'EMAIL_TAKEN';
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
          <Alert tone="error">
            {errorMessage(create.error, '')}{' '}
            {taken && (
              <Link to="/auth" className="font-semibold underline">
                {t('accountOfferSignIn')}
              </Link>
            )}
          </Alert>
        )}
        <Button onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? t('accountOfferWorking') : t('accountOfferAction')}
        </Button>
      </CardContent>
    </Card>
    </div>
  );
}
