import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Clock, MapPin, MessageSquare, Navigation, PackageSearch, Radio, Receipt, RotateCcw, Share2, Star } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '@web/lib/toast';
import { bookingNumber } from '@shared/format';
import { formatUsd } from '@shared/money';
import type { DriverLocationResponse, FullTrackingView, LiveMessage, TrackingView } from '@shared/schemas/tracking';
import { bookAgainHref } from '@shared/self-service';
import { statusText } from '@shared/status-words';
import { statusLabel, usesPickupTimeline } from '@shared/tracking';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { inspectionsKey } from '@web/components/inspections/api';
import { InspectionsSideBySide } from '@web/components/inspections/inspections-side-by-side';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { JobLines } from '@web/components/job-lines';
import { usePublicConfig } from '@web/lib/public-config';
import { useCurrentUser } from '@web/lib/session';
import { useLanguage, useT } from '@web/lib/i18n';
import { updateText } from '@web/lib/update-words';
import { driverLocationKey, trackingKey, trackingQuery, useShareTrackingLink } from '../api';
import { AccountOffer } from '../components/account-offer';
import { AddToCalendar } from '../components/add-to-calendar';
import { LiveTrackDialog } from '../components/live-track-dialog';
import { MessageDialog } from '../components/message-dialog';
import { ProgressStepper } from '../components/progress-stepper';
import { TipCard } from '../components/tip-card';
import { formatPacificDateTime, formatPacificEta, formatPacificTime } from '../format';
import { useLiveSocket } from '../live-socket';
import { mergeUpdates, type LiveUpdate } from '../live-updates';
import { serviceTypeText, trackingMessages } from '../messages';

export function TrackingPage() {
  const { bookingId, token, account } = useSearch({ from: '/tracking' });
  const t = useT(trackingMessages);
  if (!bookingId) {
    return (
      <EmptyState icon={<PackageSearch className="size-10 text-slate-400" aria-hidden />} title={t('noBookingTitle')}>
        <p className="text-sm text-slate-500">{t('noBookingBody')}</p>
        <Button asChild>
          <Link to="/">{t('returnHome')}</Link>
        </Button>
      </EmptyState>
    );
  }
  return <TrackBooking key={bookingId} bookingId={bookingId} token={token} focusAccountOffer={account === '1'} />;
}

function TrackBooking({ bookingId, token, focusAccountOffer }: { bookingId: string; token?: string; focusAccountOffer: boolean }) {
  const t = useT(trackingMessages);
  const queryClient = useQueryClient();
  const query = useQuery(trackingQuery(bookingId, token));
  const { user } = useCurrentUser();
  const [liveUpdates, setLiveUpdates] = useState<LiveUpdate[]>([]);
  const [mapOpen, setMapOpen] = useState(false);
  const [messageOpen, setMessageOpen] = useState(false);
  const view = query.data;
  const full = view?.access === 'full' ? view : undefined;

  const onMessage = useCallback(
    (message: LiveMessage) => {
      switch (message.type) {
        case 'driver_assigned':
          // No line of its own: the stored 'Driver assigned: <name>' update arrives with the refetch.
          void queryClient.invalidateQueries({ queryKey: trackingKey(bookingId) });
          break;
        case 'booking_status_update':
        case 'booking_update': {
          const text = message.message ?? (message.status && full ? statusLabel(full.serviceType, message.status) : '');
          const kind = message.type === 'booking_status_update' ? message.kind : null;
          const params = message.type === 'booking_status_update' ? message.params : null;
          // An inspection is recorded as the car changes hands, next to a status step: look again now.
          void queryClient.invalidateQueries({ queryKey: inspectionsKey(bookingId) });
          if (text) setLiveUpdates((list) => [{ key: `${message.type}-${message.at}-${list.length}`, status: message.status, message: text, kind, params, at: message.at }, ...list].slice(0, 20));
          void queryClient.invalidateQueries({ queryKey: trackingKey(bookingId) });
          break;
        }
        case 'driver_location_update': {
          const location = { latitude: message.latitude, longitude: message.longitude, speed: message.speed, heading: message.heading, updatedAt: message.at };
          queryClient.setQueryData<DriverLocationResponse>(driverLocationKey(bookingId), (old) => (old ? { ...old, location, eta: message.eta } : old));
          queryClient.setQueryData<TrackingView>(trackingKey(bookingId), (old) => (old && old.access === 'full' ? { ...old, eta: message.eta } : old));
          break;
        }
      }
    },
    [bookingId, full, queryClient],
  );
  const onReconnect = useCallback(() => void queryClient.invalidateQueries({ queryKey: trackingKey(bookingId) }), [bookingId, queryClient]);
  // A guest with the link is offered an account; once offered it stays (to say it worked) after they are signed in.
  const [offerAccount, setOfferAccount] = useState(false);
  const canOfferAccount = Boolean(full && token && !user && !full.userId && full.guestEmail);
  useEffect(() => {
    if (canOfferAccount) setOfferAccount(true);
  }, [canOfferAccount]);
  const socket = useLiveSocket({ bookingId, token, enabled: Boolean(full) && (Boolean(token) || Boolean(user)), onMessage, onReconnect });

  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError || !view) {
    return (
      <EmptyState icon={<PackageSearch className="size-10 text-slate-400" aria-hidden />} title={t('notFoundTitle')}>
        <p className="break-all text-sm text-slate-500">{t('notFoundBody', { id: bookingId })}</p>
        <Button asChild>
          <Link to="/">{t('returnHome')}</Link>
        </Button>
      </EmptyState>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <Header view={view} live={socket === 'live'} />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('progress')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ProgressStepper serviceType={view.serviceType} status={view.status} label={t('progress')} />
        </CardContent>
      </Card>
      {view.status === 'completed' ? (
        <AfterTheJob view={view} own={Boolean(full && user && full.userId === user.id)} />
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <Button variant="outline" onClick={() => setMessageOpen(true)}>
            <MessageSquare aria-hidden /> {t('message')}
          </Button>
          {view.status !== 'cancelled' && (
            <Button onClick={() => setMapOpen(true)}>
              <Navigation aria-hidden /> {t('liveTrack')}
            </Button>
          )}
        </div>
      )}
      {full && view.status === 'completed' && (token || (user && full.userId === user.id)) && <TipCard bookingId={bookingId} token={token} />}
      {full && token && offerAccount && <AccountOffer view={full} token={token} focus={focusAccountOffer} />}
      {full ? <Details view={full} /> : <LimitedDetails scheduledDate={view.scheduledDate} />}
      {full && usesPickupTimeline(full.serviceType) && <InspectionsSideBySide bookingId={bookingId} token={token} allowConcern />}
      {full && <LiveUpdates view={full} live={liveUpdates} />}
      {full && user && full.userId === user.id && <ShareLink bookingId={bookingId} />}
      <MessageDialog open={messageOpen} onOpenChange={setMessageOpen} driverPhone={full?.driver?.phone ?? null} />
      <LiveTrackDialog open={mapOpen} onOpenChange={setMapOpen} bookingId={bookingId} token={token} allowed={Boolean(full)} driverAssigned={Boolean(full?.assignedDriverId)} />
    </div>
  );
}

/**
 * A finished job has nothing left to follow: no Live Track, but what comes after — a review and the receipt
 * (the account's pages, so for its signed-in owner) and the same service again.
 */
function AfterTheJob({ view, own }: { view: TrackingView; own: boolean }) {
  const t = useT(trackingMessages);
  const navigate = useNavigate();
  const full = view.access === 'full' ? view : undefined;
  return (
    <Card data-testid="after-the-job">
      <CardContent className="flex flex-col gap-3 p-4">
        <p className="text-sm font-medium">{t('serviceDone')}</p>
        <div className="flex flex-wrap gap-2">
          {own && full && full.rating === null && (
            <Button asChild size="sm">
              <Link to="/reviews">
                <Star aria-hidden /> {t('leaveReview')}
              </Link>
            </Button>
          )}
          {own && (
            <Button asChild size="sm" variant="outline">
              <Link to="/bookings/$bookingId/receipt" params={{ bookingId: view.id }}>
                <Receipt aria-hidden /> {t('viewReceipt')}
              </Link>
            </Button>
          )}
          {full && (
            <Button size="sm" variant="secondary" onClick={() => void navigate({ href: bookAgainHref(full) })}>
              <RotateCcw aria-hidden /> {t('bookAgain')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Header({ view, live }: { view: TrackingView; live: boolean }) {
  const t = useT(trackingMessages);
  const { language } = useLanguage();
  const label = statusText(language, view.serviceType, view.status);
  const eta = view.access === 'full' ? view.eta : null;
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h1 className="text-xl font-bold leading-tight">
            {view.serviceName} <span className="text-base font-medium text-slate-500">{serviceTypeText(language, view.serviceType)}</span>
          </h1>
          {live && (
            <span data-testid="live-indicator" className="inline-flex shrink-0 items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
              <Radio className="size-3.5 motion-safe:animate-pulse" aria-hidden /> {t('live')}
            </span>
          )}
        </div>
        <p className="text-sm text-slate-500">{t('bookingNumber', { number: bookingNumber(view.id) })}</p>
        <div>
          <Badge tone={view.status === 'cancelled' ? 'red' : view.status === 'completed' ? 'green' : 'blue'} data-testid="status-label">
            {label}
          </Badge>
        </div>
        {eta && (
          <p className="flex items-center gap-1.5 text-sm font-medium" data-testid="eta">
            <Clock className="size-4 text-brand-700" aria-hidden />
            {eta.kind === 'arrival' ? t('etaArrival', { time: formatPacificEta(eta.at, language), minutes: eta.minutes ?? 0 }) : t('etaCompletion', { time: formatPacificEta(eta.at, language) })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Details({ view }: { view: FullTrackingView }) {
  const t = useT(trackingMessages);
  const { language } = useLanguage();
  const config = usePublicConfig();
  const pickup = usesPickupTimeline(view.serviceType);
  const address = view.address ? `${view.address.street}, ${view.address.city}, ${view.address.state} ${view.address.zipCode}` : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('bookingDetails')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3 text-sm">
          {address && (
            <Row label={pickup ? t('pickupAddress') : t('serviceAddress')}>
              <span className="flex items-start gap-1">
                <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden /> <span className="min-w-0 [overflow-wrap:anywhere]">{address}</span>
              </span>
            </Row>
          )}
          {pickup && config?.businessAddress && <Row label={t('businessLocation')}>{config.businessAddress}</Row>}
          <Row label={t('scheduledTime')}>{formatPacificDateTime(view.scheduledDate, language)}</Row>
          {view.paymentStatus === 'package' ? (
            <Row label={t('payment')}>
              <span className="font-semibold">{t('paidWithCredit')}</span>
            </Row>
          ) : (
            <Row label={t('totalAmount')}>
              <span className="font-semibold">{formatUsd(view.totalAmount)}</span>
            </Row>
          )}
        </dl>
        <JobLines job={view.job} className="mt-3 border-t border-slate-100 pt-3 dark:border-slate-800" />
        {view.status !== 'cancelled' && view.status !== 'completed' && view.status !== 'pending' && (
          <div className="mt-3">
            <AddToCalendar view={view} businessName={config?.businessName ?? 'Glint'} place={address ?? config?.businessAddress ?? null} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function LimitedDetails({ scheduledDate }: { scheduledDate: string }) {
  const t = useT(trackingMessages);
  const { language } = useLanguage();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('bookingDetails')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <dl>
          <Row label={t('scheduledTime')}>{formatPacificDateTime(scheduledDate, language)}</Row>
        </dl>
        <Alert tone="info">{t('limitedNote')}</Alert>
      </CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The last 3 messages: what the socket brought, merged with the stored updates (same change shown once). */
function LiveUpdates({ view, live }: { view: FullTrackingView; live: LiveUpdate[] }) {
  const t = useT(trackingMessages);
  const { language } = useLanguage();
  const items = useMemo(() => {
    const stored: LiveUpdate[] = view.updates.map((u) => ({
      key: u.id,
      status: u.status,
      message: u.message ?? statusLabel(view.serviceType, u.status),
      kind: u.kind,
      params: u.params,
      at: u.createdAt,
    }));
    return mergeUpdates(stored, live);
  }, [view, live]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('liveUpdates')}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-slate-500">{t('noUpdates')}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="live-updates">
            {items.map((item) => {
              const text = item.kind ? updateText(language, view.serviceType, item) : item.message;
              // A status change already says its status: the small line repeats it only beside other words (a note).
              const status = item.status ? statusText(language, view.serviceType, item.status) : null;
              return (
                <li key={item.key} className="border-l-2 border-brand-700 pl-3">
                  <p className="text-sm">{text}</p>
                  <p className="text-xs text-slate-500">
                    {status && status !== text ? `${status} · ` : ''}
                    {formatPacificTime(item.at, language)}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ShareLink({ bookingId }: { bookingId: string }) {
  const t = useT(trackingMessages);
  const share = useShareTrackingLink(bookingId);
  const onShare = async () => {
    try {
      const { trackingUrl } = await share.mutateAsync();
      if (navigator.share) {
        await navigator.share({ url: trackingUrl }).catch(() => undefined);
        toast.success(t('linkReady'));
      } else {
        await navigator.clipboard.writeText(trackingUrl);
        toast.success(t('linkCopied'));
      }
    } catch {
      toast.error(t('linkFailed'));
    }
  };
  return (
    <Button variant="ghost" onClick={() => void onShare()} disabled={share.isPending}>
      <Share2 aria-hidden /> {t('shareLink')}
    </Button>
  );
}
