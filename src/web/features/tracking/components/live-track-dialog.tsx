import { formatUsPhone } from '@shared/contact';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { lastUpdated, speedMph } from '@shared/tracking';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { telHref } from '@web/lib/public-config';
import { useT } from '@web/lib/i18n';
import { driverLocationQuery } from '../api';
import { trackingMessages } from '../messages';

const LiveMap = lazy(() => import('./live-map'));
const GoogleMap = lazy(() => import('./google-map'));

interface LiveTrackDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  bookingId: string;
  token?: string;
  /** false for the limited view (no token, not the owner). */
  allowed: boolean;
  driverAssigned: boolean;
}

/** 'Live Driver Tracking': the map, driver, phone, speed and freshness; polled every 10 s while open. */
export function LiveTrackDialog({ open, onOpenChange, bookingId, token, allowed, driverAssigned }: LiveTrackDialogProps) {
  const t = useT(trackingMessages);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('mapTitle')}>
        {!allowed ? (
          <Alert tone="info">{t('limitedNote')}</Alert>
        ) : !driverAssigned ? (
          <Alert tone="warning">{t('driverNotAssigned')}</Alert>
        ) : open ? (
          <DriverLocationPanel bookingId={bookingId} token={token} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DriverLocationPanel({ bookingId, token }: { bookingId: string; token?: string }) {
  const t = useT(trackingMessages);
  const query = useQuery(driverLocationQuery(bookingId, token, true));
  const now = useNow(15_000);

  useEffect(() => {
    if (query.isError) toast.error(t('failedLocation'));
  }, [query.isError, t]);

  if (query.isPending) return <Spinner />;
  if (query.isError) return <Alert tone="error">{t('failedLocation')}</Alert>;
  const { location, driver, map, destination } = query.data;
  const ago = location ? lastUpdated(location.updatedAt, now) : null;
  const agoText = !ago ? '' : ago.unit === 'now' ? t('justNow') : ago.unit === 'minutes' ? t('minutesAgo', { n: ago.value }) : t('hoursAgo', { n: ago.value });

  return (
    <div className="flex flex-col gap-3">
      {location ? (
        <Suspense fallback={<Spinner label={t('mapLoading')} className="h-64" />}>
          {map.provider === 'google' ? (
            <GoogleMap
              apiKey={map.apiKey}
              latitude={location.latitude}
              longitude={location.longitude}
              driverName={driver?.fullName ?? t('driver')}
              loadFailedText={t('mapLoadFailed')}
              initFailedText={t('mapFailed')}
            />
          ) : (
            <LiveMap
              latitude={location.latitude}
              longitude={location.longitude}
              driverName={driver?.fullName ?? t('driver')}
              failedText={t('mapFailed')}
              tileUrl={map.tileUrl}
              destination={destination}
              destinationLabel={t('destination')}
              tilesFailedText={t('mapTilesFailed')}
            />
          )}
        </Suspense>
      ) : (
        <Alert tone="info">{t('locationNotYet')}</Alert>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {driver && (
          <>
            <dt className="text-slate-500">{t('driver')}</dt>
            <dd className="font-medium">{driver.fullName}</dd>
            {driver.phone && (
              <>
                <dt className="text-slate-500">{t('phone')}</dt>
                <dd>
                  <a className="font-medium text-brand-700 underline" href={telHref(driver.phone)}>
                    {formatUsPhone(driver.phone)}
                  </a>
                </dd>
              </>
            )}
          </>
        )}
        {location && (
          <>
            <dt className="text-slate-500">{t('speed')}</dt>
            <dd className="font-medium" data-testid="driver-speed">
              {t('speedValue', { mph: speedMph(location.speed) })}
            </dd>
            <dt className="text-slate-500">{t('lastUpdated')}</dt>
            <dd className="font-medium" data-testid="driver-last-updated">
              {agoText}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** The current time, refreshed every `ms` so "5 min ago" keeps counting. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
