import { Car, ClipboardCheck, Clock, KeyRound, MapPin, MessageSquare, Navigation, Phone, StickyNote, User } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { inspectionPhaseAt } from '@shared/inspections';
import { toast } from '@web/lib/toast';
import { pacificDateKey } from '@shared/time';
import { DRIVER_NOTE_MAX } from '@shared/constants';
import { formatUsPhone } from '@shared/contact';
import { bookingNumber, formatDuration } from '@shared/format';
import type { BookingView } from '@shared/schemas/bookings';
import type { DriverStatusView } from '@shared/schemas/drivers';
import { statusText } from '@shared/status-words';
import { driverNextStatusFor, isEnRouteStatus } from '@shared/tracking';
import { JobLines } from '@web/components/job-lines';
import { BookingMoneyToggle } from '@web/components/payment/booking-money';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input, Label, Textarea } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { newIdempotencyKey } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { telHref } from '@web/lib/public-config';
import { driverBookingsKey, useAdvanceBooking, usePostNote, useSetDriverStatus } from '../api';
import { formatPacific } from '../format';
import { driverMessages } from '../messages';
import { addressLine, navigationHref } from '../navigation';

/** The walk-through (and signature_pad) load only when a driver opens one. */
const InspectionWalkthrough = lazy(() => import('./inspection-walkthrough'));
/** A job whose money the driver may record: under way or done, not a hold or a cancelled job (the server says so too). */
const collectable = (status: string) => status !== 'pending' && status !== 'cancelled';

const TYPE_NAMES = { pickup: 'typePickup', mobile: 'typeMobile', serviceLocation: 'typeServiceLocation' } as const;

/**
 * One job, with everything the driver needs on the road: when, where (tap to navigate), who (tap to call),
 * the car, the gate code and the customer's notes — and, for an active job, its actions: the one next step
 * (Complete asks first), a message to the customer that leaves the status as it is, and location sharing
 * while en route.
 */
export function JobCard({ booking, status }: { booking: BookingView; status?: DriverStatusView }) {
  const t = useT(driverMessages);
  const queryClient = useQueryClient();
  const { language } = useLanguage();
  const name = booking.user?.fullName ?? booking.guestName ?? t('guest');
  const phone = booking.user?.phone ?? booking.guestPhone;
  const address = addressLine(booking);
  const number = bookingNumber(booking.id);
  return (
    <article aria-label={t('jobLabel', { number, service: booking.serviceName, name })} data-booking-id={booking.id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          {booking.serviceName} <span className="text-xs font-normal text-slate-500">#{number}</span>
        </h3>
        <Badge tone={booking.status === 'completed' ? 'green' : booking.status === 'confirmed' ? 'blue' : 'orange'}>{statusText(language, booking.serviceType, booking.status)}</Badge>
      </div>
      <ul className="mt-2 flex flex-col gap-1.5 text-sm text-slate-700 dark:text-slate-300">
        <li className="flex items-center gap-2">
          <Clock className="size-4 shrink-0 text-slate-400" aria-hidden /> {formatPacific(booking.scheduledDate, language)} · {formatDuration(booking.durationMinutes, language)}
        </li>
        {address && (
          <li className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
            <a
              className="min-w-0 font-medium text-brand-700 underline [overflow-wrap:anywhere]"
              href={navigationHref(address, booking, navigator.userAgent)}
              target="_blank"
              rel="noreferrer"
              aria-label={t('navigateTo', { address })}
              data-testid="navigate"
            >
              {address}
              <Navigation className="ml-1 inline size-3.5" aria-hidden />
            </a>
          </li>
        )}
        <li className="flex items-center gap-2">
          <User className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {name} · {t(TYPE_NAMES[booking.serviceType])}
          </span>
        </li>
        {phone && (
          <li className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
            <a className="font-medium text-brand-700 underline" href={telHref(phone)} aria-label={t('callCustomer', { name, phone: formatUsPhone(phone) })}>
              {formatUsPhone(phone)}
            </a>
          </li>
        )}
        {/* The job's lines name the vehicles they carry; the booking's vehicle text shows only when none does. */}
        {booking.vehicle && !booking.job.vehicles.some((v) => v.label) && (
          <li className="flex items-start gap-2">
            <Car className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="sr-only">{t('vehicle')}</span>
              {booking.vehicle}
            </span>
          </li>
        )}
        {booking.accessNotes && (
          <li className="flex items-start gap-2 rounded-md bg-amber-50 px-2 py-1 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-medium">{t('gate')}</span>
              {booking.accessNotes}
            </span>
          </li>
        )}
        {booking.notes && (
          <li className="flex items-start gap-2">
            <StickyNote className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
            <span className="min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]">
              <span className="sr-only">{t('notes')}</span>
              {booking.notes}
            </span>
          </li>
        )}
      </ul>
      <JobLines job={booking.job} className="mt-2 border-t border-slate-100 pt-2 dark:border-slate-800" />
      {status && <JobActions booking={booking} status={status} />}
      {collectable(booking.status) && !booking.isBlocked && (
        // Money taken in the driveway (cash, check, card reader) enters the booking's ledger (decision 049).
        <div className="mt-3 border-t border-slate-100 pt-3 dark:border-slate-800">
          <BookingMoneyToggle bookingId={booking.id} onChanged={() => void queryClient.invalidateQueries({ queryKey: driverBookingsKey })} />
        </div>
      )}
    </article>
  );
}

function JobActions({ booking, status }: { booking: BookingView; status: DriverStatusView }) {
  const t = useT(driverMessages);
  const { language } = useLanguage();
  const advance = useAdvanceBooking();
  const setStatus = useSetDriverStatus();
  const next = driverNextStatusFor(booking.serviceType, booking.status);
  const [writing, setWriting] = useState(false);
  const [inspecting, setInspecting] = useState(false);
  const phase = inspectionPhaseAt(booking.serviceType, booking.status);
  const [statusMessage, setStatusMessage] = useState('');
  const messageInput = useRef<HTMLInputElement>(null);

  const step = () => {
    if (!next) return;
    // Before its day a job is completed only with a reason (the server refuses it otherwise).
    if (next === 'completed' && booking.businessDate > pacificDateKey(new Date()) && !statusMessage.trim()) {
      toast.error(t('earlyCompleteReason'));
      messageInput.current?.focus();
      return;
    }
    if (next === 'completed' && !window.confirm(t('completeConfirm', { number: bookingNumber(booking.id) }))) return;
    const sent = statusMessage;
    // Clear only what was sent: words typed for the next step while this one saves are kept.
    advance.mutate({ bookingId: booking.id, status: next, message: sent.trim() || undefined }, { onSuccess: () => setStatusMessage((current) => (current === sent ? '' : current)) });
  };

  return (
    <div className="mt-3 flex flex-col gap-2 border-t border-slate-100 pt-3 dark:border-slate-800">
      {next && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={`status-message-${booking.id}`} className="text-xs text-slate-500">
            {t('statusMessage')}
          </Label>
          <Input ref={messageInput} id={`status-message-${booking.id}`} value={statusMessage} maxLength={500} placeholder={t('statusMessagePlaceholder')} onChange={(e) => setStatusMessage(e.target.value)} />
        </div>
      )}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {next ? (
          <Button className="h-auto min-h-10 whitespace-normal py-2 text-center" onClick={step} disabled={advance.isPending}>
            {t('markAs', { status: statusText(language, booking.serviceType, next) })}
          </Button>
        ) : (
          <p className="text-sm text-slate-500">{t('noAction')}</p>
        )}
        <Button variant="outline" aria-expanded={writing} onClick={() => setWriting((open) => !open)}>
          <MessageSquare aria-hidden /> {t('messageCustomer')}
        </Button>
      </div>
      {phase && !inspecting && (
        // The car changes hands here: the chain-of-custody walk-through (decision 048).
        <Button variant="outline" onClick={() => setInspecting(true)}>
          <ClipboardCheck aria-hidden /> {t(phase === 'pickup' ? 'inspectPickup' : 'inspectReturn')}
        </Button>
      )}
      {phase && inspecting && (
        <Suspense fallback={null}>
          <InspectionWalkthrough bookingId={booking.id} phase={phase} onClose={() => setInspecting(false)} />
        </Suspense>
      )}
      {writing && <NoteForm bookingId={booking.id} onSent={() => setWriting(false)} />}
      {isEnRouteStatus(booking.status) && (
        <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
          <Label htmlFor={`share-${booking.id}`}>{t('shareLocation')}</Label>
          <Switch id={`share-${booking.id}`} checked={status.isLocationSharing} disabled={setStatus.isPending} onCheckedChange={(checked) => setStatus.mutate({ isLocationSharing: checked })} />
        </div>
      )}
    </div>
  );
}

/** A short message to the customer's tracking page; the status stays as it is. One key per typed message. */
function NoteForm({ bookingId, onSent }: { bookingId: string; onSent: () => void }) {
  const t = useT(driverMessages);
  const post = usePostNote();
  const [message, setMessage] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const id = `note-${bookingId}`;
  const text = message.trim();
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text || post.isPending) return;
        post.mutate(
          { bookingId, message: text, idempotencyKey: key },
          {
            onSuccess: () => {
              setMessage('');
              setKey(newIdempotencyKey());
              onSent();
            },
          },
        );
      }}
    >
      <Label htmlFor={id}>{t('noteLabel')}</Label>
      <Textarea
        id={id}
        value={message}
        maxLength={DRIVER_NOTE_MAX}
        rows={2}
        placeholder={t('notePlaceholder')}
        onChange={(e) => {
          setMessage(e.target.value);
          setKey(newIdempotencyKey());
        }}
      />
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-slate-500">
          {message.length}/{DRIVER_NOTE_MAX}
        </span>
        <Button type="submit" size="sm" disabled={!text || post.isPending}>
          {t('sendMessage')}
        </Button>
      </div>
    </form>
  );
}
