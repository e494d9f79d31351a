import { Link, useNavigate } from '@tanstack/react-router';
import { CalendarClock, Phone, Receipt, RotateCcw, Truck, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { bookingNumber } from '@shared/format';
import { formatUsd } from '@shared/money';
import type { AccountBooking } from '@shared/schemas/bookings-account';
import { bookAgainHref, isTrackable, SELF_SERVICE_STATUSES } from '@shared/self-service';
import { historyLabel } from '@shared/tracking';
import { formatTime12, pacificDateKey, pacificTimeOfDay } from '@shared/time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { telHref, usePublicConfig } from '@web/lib/public-config';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { useCancelBooking, useCancelPreview } from '../api';
import { useLateFeeText } from '@web/components/policy/cancellation-policy';
import { policyMessages } from '@web/components/policy/messages';
import { formatDate, formatDateTime, statusKey } from '../format';
import { accountMessages } from '../messages';
import { RescheduleDialog } from './reschedule-dialog';
import { Stars } from './stars';

const TONES = { Completed: 'green', 'In Progress': 'blue', Confirmed: 'purple', Cancelled: 'red', Pending: 'yellow' } as const;

/** One order in the history: what was booked, its state, and what the customer can do with it now. */
export function BookingCard({ booking }: { booking: AccountBooking }) {
  const t = useT(accountMessages);
  const { language } = useLanguage();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [rescheduleOpen, setRescheduleOpen] = useState(false);
  const cancel = useCancelBooking();
  const tp = useT(policyMessages);
  // Inside the free-cancellation window the dialog says the fee first, and Cancel sends it (decision 057).
  const preview = useCancelPreview(booking.id, cancelOpen);
  const feeCents = preview.data?.feeCents ?? 0;
  const lateFeeText = useLateFeeText(preview.data);
  const label = historyLabel(booking.status);
  const changeable = booking.selfServiceBlock === null;
  // Cancelling stays open until 2 hours before the start, the fee shown first inside the window (decision 066).
  const cancellable = booking.cancelBlock === null;
  const tooLate = booking.selfServiceBlock === 'too_late' && SELF_SERVICE_STATUSES.has(booking.status);

  const now = useHoldClock(booking.status === 'pending' ? booking.holdExpiresAt : null);
  // An abandoned checkout whose hold still runs: "Not paid", its time left, and Continue to payment resumes it.
  const unpaidHold = booking.status === 'pending' && booking.paymentStatus === 'unpaid' && booking.holdExpiresAt !== null && Date.parse(booking.holdExpiresAt) > now;
  const minutesLeft = unpaidHold ? Math.max(1, Math.ceil((Date.parse(booking.holdExpiresAt!) - now) / 60_000)) : 0;
  const payNow = () => {
    const start = new Date(booking.scheduledDate);
    const end = new Date(start.getTime() + booking.durationMinutes * 60_000);
    const date = pacificDateKey(start);
    const address = booking.serviceType === 'serviceLocation' || !booking.address ? '' : `${booking.address.street}, ${booking.address.city}, ${booking.address.state} ${booking.address.zipCode}`;
    const search = new URLSearchParams({
      serviceId: booking.serviceId,
      serviceType: booking.serviceType,
      address,
      date,
      time: `${formatTime12(pacificTimeOfDay(start))} - ${formatTime12(pacificTimeOfDay(end))}`,
      slotId: `${date}T${pacificTimeOfDay(start)}`,
      bookingId: booking.id,
    });
    void navigate({ href: `/checkout?${search.toString()}` });
  };

  const bookAgain = () => void navigate({ href: bookAgainHref(booking) });

  const confirmCancel = () =>
    cancel.mutate({ id: booking.id, acceptFeeCents: feeCents || undefined }, {
      onSuccess: (result) => {
        setCancelOpen(false);
        const said = result.refunded ? t('cancelledRefunded') : result.creditReturned ? t('cancelledCreditReturned') : t('cancelledNoCharge');
        toast.success(t('cancelledTitle'), { description: result.feeCents > 0 ? `${tp('feeKept', { fee: formatUsd(result.feeCents / 100) })} ${said}` : said });
      },
      onError: (error) => toast.error(t('cancelFailed'), { description: errorMessage(error, t('tryAgain')) }),
    });

  return (
    <Card data-testid="booking-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{booking.serviceName}</CardTitle>
          {unpaidHold ? <Badge tone="yellow">{t('notPaid')}</Badge> : <Badge tone={TONES[label]}>{t(statusKey(label))}</Badge>}
        </div>
        <p className="text-sm text-slate-500">
          {t('bookedOn', { date: formatDate(booking.createdAt, language) })} · #{bookingNumber(booking.id)}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-sm">
        <p className="flex items-center gap-2">
          <CalendarClock className="size-4 text-slate-500" aria-hidden />
          {formatDateTime(booking.scheduledDate, language)}
        </p>
        {booking.paymentStatus === 'package' ? (
          <p className="font-semibold" data-testid="paid-with-credit">
            {t('paidWithCredit')}
          </p>
        ) : (
          <p className="text-lg font-semibold">{formatUsd(booking.totalAmount)}</p>
        )}
        {unpaidHold && (
          <p className="text-amber-800 dark:text-amber-200" data-testid="hold-time-left">
            {t('holdTimeLeft', { minutes: minutesLeft })}
          </p>
        )}
        {booking.status === 'completed' && booking.rating !== null && <Stars rating={booking.rating} label={t('ratedStars', { n: booking.rating })} />}
        {tooLate && !unpaidHold && (
          <p className="mt-1 rounded-lg bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t(cancellable ? 'tooLateToMove' : 'tooLate')}{' '}
            {config && (
              <a className="inline-flex items-center gap-1 font-semibold underline" href={telHref(config.businessPhone)}>
                <Phone className="size-3.5" aria-hidden /> {config.businessPhone}
              </a>
            )}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-wrap">
        {unpaidHold && (
          <Button size="sm" onClick={payNow}>
            {t('payNow')}
          </Button>
        )}
        {isTrackable(booking.status) && (
          <Button asChild size="sm">
            <Link to="/tracking" search={{ bookingId: booking.id } as never}>
              <Truck aria-hidden /> {t('trackOrder')}
            </Link>
          </Button>
        )}
        {changeable && (
          <Button size="sm" variant="outline" onClick={() => setRescheduleOpen(true)}>
            <CalendarClock aria-hidden /> {t('reschedule')}
          </Button>
        )}
        {cancellable && (
          <Button size="sm" variant="outline" onClick={() => setCancelOpen(true)}>
            <XCircle aria-hidden /> {t('cancelBooking')}
          </Button>
        )}
        {booking.status === 'completed' && (
          <>
            {booking.rating === null && (
              <Button asChild size="sm" variant="outline">
                <Link to="/reviews">{t('rateService')}</Link>
              </Button>
            )}
            <Button asChild size="sm" variant="outline">
              <Link to="/bookings/$bookingId/receipt" params={{ bookingId: booking.id }}>
                <Receipt aria-hidden /> {t('viewReceipt')}
              </Link>
            </Button>
            <Button size="sm" variant="secondary" onClick={bookAgain}>
              <RotateCcw aria-hidden /> {t('bookAgain')}
            </Button>
          </>
        )}
      </CardFooter>

      <Dialog open={cancelOpen} onOpenChange={setCancelOpen}>
        <DialogContent
          title={t('cancelTitle')}
          description={
            lateFeeText ??
            (booking.paymentStatus === 'paid' ? t('cancelRefundNote', { amount: formatUsd(booking.totalAmount) }) : booking.paymentStatus === 'package' ? t('cancelCreditNote') : t('cancelNoChargeNote'))
          }
        >
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button variant="destructive" onClick={confirmCancel} disabled={cancel.isPending || preview.isLoading}>
              {cancel.isPending ? t('cancelling') : feeCents > 0 ? tp('confirmWithFee', { fee: formatUsd(feeCents / 100) }) : t('confirmCancel')}
            </Button>
            <Button variant="outline" onClick={() => setCancelOpen(false)}>
              {t('keepBooking')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      {rescheduleOpen && <RescheduleDialog booking={booking} onClose={() => setRescheduleOpen(false)} />}
    </Card>
  );
}

/** The time now, ticking every 15 seconds while a hold runs, so its time left counts down and it ends on time. */
function useHoldClock(holdExpiresAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!holdExpiresAt || Date.parse(holdExpiresAt) <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [holdExpiresAt]);
  return now;
}
