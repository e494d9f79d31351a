import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { ManagedBooking } from '@shared/schemas/messages';
import { statusText } from '@shared/status-words';
import { addDaysToKey, formatTime12, pacificDateKey } from '@shared/time';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { Input, Label } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { cancelManagedBooking, cancelPreviewQuery, managedBookingQuery, managedSlotsQuery, rescheduleManagedBooking } from '../api';
import { useLateFeeText } from '@web/components/policy/cancellation-policy';
import { policyMessages } from '@web/components/policy/messages';
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
  const [mode, setMode] = useState<'view' | 'cancel' | 'reschedule'>('view');
  const [movedTo, setMovedTo] = useState<string | null>(null);
  // Inside the free-cancellation window the fee is said first and Cancel sends it (decision 057).
  const preview = useQuery({ ...cancelPreviewQuery(token ?? ''), enabled: Boolean(token) && mode === 'cancel' });
  const feeCents = preview.data?.feeCents ?? 0;
  const lateFeeText = useLateFeeText(preview.data);
  const tp = useT(policyMessages);
  const money = (cents: number) => new Intl.NumberFormat(language === 'en' ? 'en-US' : language, { style: 'currency', currency: 'USD' }).format(cents / 100);
  const cancel = useMutation({ mutationFn: () => cancelManagedBooking(token!, feeCents || undefined) });

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
            {cancel.data.feeCents > 0 ? `${tp('feeKept', { fee: money(cancel.data.feeCents) })} ` : null}
            {cancel.data.refunded ? t('refunded') : null}
          </Alert>
        ) : view.cancelBlock === 'too_late' ? (
          <Alert tone="info">{t('tooLate', { phone })}</Alert>
        ) : view.cancelBlock ? (
          <Alert tone="info">{t('closed', { phone })}</Alert>
        ) : mode === 'reschedule' ? (
          <ManageReschedule
            token={token}
            booking={view}
            onDone={(scheduledDate) => {
              setMovedTo(scheduledDate);
              setMode('view');
            }}
            onBack={() => setMode('view')}
          />
        ) : mode === 'cancel' ? (
          <div className="flex flex-col gap-2" role="group" aria-label={t('cancel')}>
            <p>{lateFeeText ?? t('cancelConfirm')}</p>
            {cancel.isError && <Alert tone="error">{errorMessage(cancel.error, t('linkProblem'))}</Alert>}
            <Button variant="destructive" disabled={cancel.isPending || preview.isLoading} onClick={() => cancel.mutate()}>
              {cancel.isPending ? t('cancelling') : feeCents > 0 ? tp('confirmWithFee', { fee: money(feeCents) }) : t('cancelYes')}
            </Button>
            <Button variant="outline" disabled={cancel.isPending} onClick={() => setMode('view')}>
              {t('keep')}
            </Button>
          </div>
        ) : (
          <>
            {movedTo && <Alert tone="success">{t('moved', { when: when(language, movedTo) })}</Alert>}
            {view.selfServiceBlock === null ? (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('deadline', { deadline: when(language, view.changeDeadline) })}</p>
                <Button onClick={() => setMode('reschedule')}>{t('reschedule')}</Button>
              </>
            ) : (
              // Moving closed 24 hours before; cancelling stays open until 2 hours before (decision 066).
              <Alert tone="info">{t('tooLateToMove', { phone, deadline: when(language, view.cancelDeadline) })}</Alert>
            )}
            <Button variant="outline" onClick={() => setMode('cancel')}>
              {t('cancel')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Reschedule from the Manage link: a day, then its free starts for this booking's own job (the server leaves
 * out the start it already has); one tap on a start moves it under the same self-service rule as the account.
 */
function ManageReschedule({ token, booking, onDone, onBack }: { token: string; booking: ManagedBooking; onDone: (scheduledDate: string) => void; onBack: () => void }) {
  const t = useT(messageLinkWords);
  const client = useQueryClient();
  // Today as the picker opened: a render must not read the clock.
  const [today] = useState(() => pacificDateKey(Date.now()));
  const [date, setDate] = useState(() => {
    const current = pacificDateKey(new Date(booking.scheduledDate));
    return current > today ? current : addDaysToKey(today, 1);
  });
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today;
  const slots = useQuery({ ...managedSlotsQuery(token, date), enabled: validDate });
  const move = useMutation({
    mutationFn: (slotId: string) => rescheduleManagedBooking(token, slotId),
    onSuccess: (result) => {
      client.setQueryData(managedBookingQuery(token).queryKey, result.booking);
      onDone(result.booking.scheduledDate);
    },
  });
  return (
    <div className="flex flex-col gap-3" role="group" aria-label={t('reschedule')}>
      <div className="flex flex-col gap-1">
        <Label htmlFor="manage-date">{t('newDay')}</Label>
        <Input id="manage-date" type="date" min={today} value={date} onChange={(event) => setDate(event.target.value)} />
      </div>
      <p className="text-sm font-medium">{t('freeStarts')}</p>
      {slots.isLoading ? (
        <Spinner />
      ) : slots.isError ? (
        <Alert tone="error">{errorMessage(slots.error, t('linkProblem'))}</Alert>
      ) : slots.data?.length ? (
        <ul className="grid grid-cols-2 gap-2" aria-label={t('freeStarts')}>
          {slots.data.map((slot) => (
            <li key={slot.id}>
              <Button variant="outline" className="w-full" disabled={move.isPending} aria-label={t('moveTo', { time: formatTime12(slot.startTime) })} onClick={() => move.mutate(slot.id)}>
                {formatTime12(slot.startTime)}
              </Button>
            </li>
          ))}
        </ul>
      ) : validDate ? (
        <Alert tone="info">{t('noStarts')}</Alert>
      ) : null}
      <p className="text-xs text-slate-500">{t('pacificNote')}</p>
      {move.isPending && <p>{t('moving')}</p>}
      {move.isError && <Alert tone="error">{errorMessage(move.error, t('linkProblem'))}</Alert>}
      <Button variant="ghost" disabled={move.isPending} onClick={onBack}>
        {t('back')}
      </Button>
    </div>
  );
}
