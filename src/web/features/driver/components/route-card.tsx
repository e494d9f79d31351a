import { useQuery } from '@tanstack/react-query';
import { Navigation } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useT } from '@web/lib/i18n';
import { todaysRouteQuery } from '../api';
import { driverMessages } from '../messages';
import { navigationHref, routeStopLine } from '../navigation';

/** Today's route: the driver's jobs in order, the drive to each, and a link that opens the phone's maps app. */
export function RouteCard() {
  const t = useT(driverMessages);
  const { data } = useQuery(todaysRouteQuery);
  if (!data) return null;
  return (
    <Card role="region" aria-labelledby="route-heading" data-testid="todays-route">
      <CardHeader>
        <CardTitle id="route-heading">{t('todaysRoute')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {data.stops.length === 0 ? (
          <p className="text-slate-500">{t('routeEmpty')}</p>
        ) : (
          <>
            <ol className="flex flex-col gap-2">
              {data.stops.map((stop, index) => (
                <li key={stop.bookingId} className="flex items-start gap-2" data-testid="route-stop">
                  <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                    {routeStopLine(t, stop, index)}
                    <span className="ml-1 text-slate-500">· {stop.service}</span>
                  </span>
                  {stop.address && (
                    <a
                      className="flex shrink-0 items-center gap-1 rounded-md border border-brand-600 px-2 py-1 font-medium text-brand-700"
                      href={navigationHref(stop.address, stop, typeof navigator === 'undefined' ? '' : navigator.userAgent)}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={t('navigateTo', { address: stop.address })}
                    >
                      <Navigation className="size-3.5" aria-hidden /> {t('navigate')}
                    </a>
                  )}
                </li>
              ))}
            </ol>
            <p className="text-slate-600">{t('routeTotal', { minutes: data.totalDriveMinutes })}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
