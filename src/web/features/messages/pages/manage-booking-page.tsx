import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { statusText } from '@shared/status-words';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { cancelManagedBooking, managedBookingQuery } from '../api';
import { messageLinkWords } from '../messages';

const when = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/Los_Angeles' }).format(new Date(iso));

/**
 * "Manage booking" from a customer's message (decision 050): the booking its signed link names, and its
 * cancellation within the self-service policy, for a guest as for an account holder, no sign-in needed.
 * Cancelling asks once more first (it refunds the payment).
 */
export function ManageBookingPage() {
  const t = useT(messageLinkWords);
  const { language } = useLanguage();
  const { token } = useSearch({ from: '/manage' });
  const booking = useQuery({ ...managedBookingQuery(token ?? ''), enabled: Boolean(token) });
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({ mutationFn: () => cancelManagedBooking(token!) });

  if (!token) return <Alert tone="error">{t('linkProblem')}</Alert>;
  if (booking.isPending) return <Spinner className="mx-auto mt-10" />;
  if (booking.isError) return <div className="mx-auto mt-6 max-w-md"><Alert tone="error">{errorMessage(booking.error, t('linkProblem'))}</Alert></div>;

  const view = cancel.data?.booking ?? booking.data;
  const phone = view.businessPhone;
  return (
    <Card className="mx-auto mt-6 max-w-md" data-testid="manage-booking">
      <CardHeader>
        <CardTitle level={2}>{t('manageTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="font-medium">{view.serviceName}</p>
        <p>{t('when', { when: when(language, view.scheduledDate) })}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('status', { status: statusText(language, view.serviceType, view.status) })}</p>
        {cancel.isSuccess ? (
          <Alert tone="success" title={t('cancelled')}>
            {cancel.data.refunded ? t('refunded') : null}
          </Alert>
        ) : view.selfServiceBlock === 'too_late' ? (
          <Alert tone="info">{t('tooLate', { phone })}</Alert>
        ) : view.selfServiceBlock ? (
          <Alert tone="info">{t('closed', { phone })}</Alert>
        ) : confirming ? (
          <div className="flex flex-col gap-2" role="group" aria-label={t('cancel')}>
            <p>{t('cancelConfirm')}</p>
            {cancel.isError && <Alert tone="error">{errorMessage(cancel.error, t('linkProblem'))}</Alert>}
            <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? t('cancelling') : t('cancelYes')}
            </Button>
            <Button variant="outline" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
              {t('keep')}
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('deadline', { deadline: when(language, view.changeDeadline) })}</p>
            <Button variant="outline" onClick={() => setConfirming(true)}>
              {t('cancel')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
