import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2, LogOut, Truck, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { bookingNumber } from '@shared/format';
import type { Language } from '@shared/domain';
import type { BookingView } from '@shared/schemas/bookings';
import type { DriverStatusView } from '@shared/schemas/drivers';
import type { DriverJobEvent } from '@shared/schemas/tracking';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState, Spinner } from '@web/components/ui/feedback';
import { LanguagePicker } from '@web/components/layout/language-picker';
import { useLanguage, useT, type Translate } from '@web/lib/i18n';
import { useLogout } from '@web/lib/logout';
import { useCurrentUser } from '@web/lib/session';
import { rememberRedirect } from '@web/lib/guest-mode';
import { isEnRouteStatus } from '@shared/tracking';
import { activeBookingsQuery, completedBookingsQuery, driverBookingsKey, driverStatusKey, driverStatusQuery, myHoursQuery, settingsQuery, useSaveLanguage } from '../api';
import { DriverStatusCard } from '../components/driver-status-card';
import { JobCard } from '../components/job-card';
import { RouteCard } from '../components/route-card';
import { formatPacific } from '../format';
import { driverMessages } from '../messages';
import { groupByDay } from '../navigation';
import { useDriverLive } from '../use-driver-live';
import { useLocationSharing } from '../use-location-sharing';

/** /driver and /driver/dashboard: for drivers and admins; anyone else signs in first and comes back here. */
export function DriverDashboardPage() {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const router = useRouter();
  const allowed = user?.role === 'driver' || user?.role === 'admin';

  useEffect(() => {
    if (isLoading || allowed) return;
    // Logging out clears the user while the app is already on its way to '/': only a visitor still on
    // /driver is sent to sign in.
    if (!router.state.location.pathname.startsWith('/driver')) return;
    rememberRedirect('/driver');
    void navigate({ to: '/auth', replace: true });
  }, [isLoading, allowed, navigate, router]);

  if (isLoading || !user || !allowed) return <Spinner />;
  return <Dashboard name={user.fullName || user.username} email={user.email} />;
}

/** A job is under way once the driver set off (anything after confirmed / pickup scheduled). */
const underWay = (booking: BookingView) => booking.status !== 'confirmed' && booking.status !== 'pickup_scheduled';

/** What the office did to a job, kept as facts so the notice reads in whatever language is chosen later. */
interface Notice {
  key: string;
  change: 'cancelled' | 'unassigned';
  number: string;
  job: { service: string; scheduledDate: string } | null;
}

/**
 * The account's saved language wins over the browser's (as on the customer pages); a choice in the
 * dashboard's picker is saved with the account so the next phone speaks it too.
 */
function useDriverLanguage() {
  const saved = useQuery(settingsQuery).data?.language;
  const { language, setLanguage } = useLanguage();
  useEffect(() => {
    if (saved && saved !== language) setLanguage(saved);
    // Only a change of the saved value applies; the picker saves its own choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  return useSaveLanguage();
}

function noticeText(t: Translate<typeof driverMessages.en>, language: Language, notice: Notice): string {
  const job = notice.job
    ? t('jobWithDetails', { number: notice.number, service: notice.job.service, when: formatPacific(notice.job.scheduledDate, language) })
    : t('job', { number: notice.number });
  return t(notice.change === 'cancelled' ? 'jobCancelled' : 'jobUnassigned', { job });
}

function Dashboard({ name, email }: { name: string; email: string }) {
  const t = useT(driverMessages);
  const { language } = useLanguage();
  const saveLanguage = useDriverLanguage();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const status = useQuery(driverStatusQuery);
  const active = useQuery(activeBookingsQuery);
  const completed = useQuery(completedBookingsQuery);
  const [notices, setNotices] = useState<Notice[]>([]);

  const activeItems = active.data?.items ?? [];
  const current = activeItems.find((b) => b.id === status.data?.currentBookingId) ?? activeItems.find(underWay) ?? null;
  // Only a job still in the list: one the office took away or cancelled is never shared for (the server refuses it).
  const sharingBookingId = current?.id ?? activeItems[0]?.id ?? null;
  const sharing = useLocationSharing(Boolean(status.data?.isLocationSharing), sharingBookingId);
  // The jobs the driver is driving to stay pinned at the top, whatever their day.
  const onTheWay = activeItems.filter((b) => isEnRouteStatus(b.status));
  const { today, later } = groupByDay(
    activeItems.filter((b) => !isEnRouteStatus(b.status)),
    new Date(),
  );

  // The office changed one of this driver's jobs: refetch; a job taken away or cancelled says so and stays said.
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: driverBookingsKey }), [queryClient]);
  const onJob = useCallback(
    (event: DriverJobEvent) => {
      if (event.change === 'unassigned' || event.change === 'cancelled') {
        const job = queryClient.getQueryData(activeBookingsQuery.queryKey)?.items.find((b) => b.id === event.bookingId);
        const notice: Notice = {
          key: `${event.bookingId}-${event.at}`,
          change: event.change,
          number: bookingNumber(event.bookingId),
          job: job ? { service: job.serviceName, scheduledDate: job.scheduledDate } : null,
        };
        toast.warning(noticeText(t, language, notice), { duration: 10_000 });
        const same = (n: Notice) => n.number === notice.number && n.change === notice.change;
        setNotices((list) => [notice, ...list.filter((n) => !same(n))].slice(0, 5));
      } else if (event.change === 'assigned') {
        toast.info(t('jobAssigned', { number: bookingNumber(event.bookingId) }));
      }
      refetch();
      void queryClient.invalidateQueries({ queryKey: driverStatusKey });
    },
    [queryClient, refetch, t, language],
  );
  useDriverLive(onJob, refetch);

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-4 bg-slate-50 px-4 py-4 dark:bg-slate-950">
      <header className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
          <Truck className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-bold leading-tight">{t('pageTitle')}</h1>
          <p className="truncate text-sm text-slate-500">
            {name} · {email}
          </p>
        </div>
        {/* Stacked, so a longer word for Logout or a language name never squeezes the driver's name off a phone. */}
        <div className="flex shrink-0 flex-col items-end">
          <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOut aria-hidden /> {t('logout')}
          </Button>
          <LanguagePicker onChange={(next) => saveLanguage.mutate(next)} />
        </div>
      </header>

      {notices.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('noticesLabel')}>
          {notices.map((notice) => (
            <li key={notice.key} role="alert" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="min-w-0 flex-1">{noticeText(t, language, notice)}</span>
              <button type="button" className="shrink-0 rounded p-0.5 hover:bg-amber-100 dark:hover:bg-amber-900" aria-label={t('dismissNotice')} onClick={() => setNotices((list) => list.filter((n) => n.key !== notice.key))}>
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}

      <RouteCard />

      {status.data ? (
        <DriverStatusCard status={status.data} sharing={sharing} activeJob={current && underWay(current) ? t('activeJob', { number: bookingNumber(current.id), service: current.serviceName }) : null} />
      ) : (
        <Spinner />
      )}

      {active.isPending ? (
        <Spinner />
      ) : activeItems.length === 0 ? (
        <EmptyState icon={<CheckCircle2 className="size-10 text-slate-400" aria-hidden />} title={t('noActiveTitle')}>
          <p className="text-sm text-slate-500">{t('noActiveBody')}</p>
        </EmptyState>
      ) : (
        <>
          {onTheWay.length > 0 && (
            <section aria-labelledby="on-the-way-heading" className="flex flex-col gap-3 rounded-xl border-2 border-brand-600 p-2" data-testid="jobs-on-the-way">
              <h2 id="on-the-way-heading" className="px-1 text-base font-semibold">
                {t('onTheWay')}
              </h2>
              {onTheWay.map((booking) => (
                <JobCard key={booking.id} booking={booking} status={status.data} />
              ))}
            </section>
          )}
          <JobGroup group="today" jobs={today} status={status.data} />
          <JobGroup group="later" jobs={later} status={status.data} />
        </>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{t('recentCompleted')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {completed.data?.items.length ? (
            completed.data.items.map((booking) => <JobCard key={booking.id} booking={booking} />)
          ) : (
            <p className="text-sm text-slate-500">{t('noCompleted')}</p>
          )}
        </CardContent>
      </Card>
      <MyHoursCard />
    </div>
  );
}

/** The driver's week, the next days off or other hours, and where the day starts (read-only; the office edits it). */
function MyHoursCard() {
  const t = useT(driverMessages);
  const { data } = useQuery(myHoursQuery);
  if (!data) return null;
  const days = t('weekdays').split('|');
  return (
    <Card role="region" aria-labelledby="my-hours-heading">
      <CardHeader>
        <CardTitle id="my-hours-heading">{t('myHours')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {data.hours ? (
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1" data-testid="my-hours">
            {days.map((day, dayOfWeek) => {
              const h = data.hours!.find((x) => x.dayOfWeek === dayOfWeek);
              return (
                <li key={day} className="flex justify-between gap-2">
                  <span className="font-medium">{day}</span>
                  <span>{h ? `${h.startTime}–${h.endTime}` : t('notWorking')}</span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p data-testid="my-hours">{t('businessHours')}</p>
        )}
        {data.exceptions.length > 0 && (
          <>
            <h3 className="font-semibold">{t('upcomingChanges')}</h3>
            <ul>
              {data.exceptions.map((e) => (
                <li key={e.date}>
                  {e.date}: {e.startTime ? `${e.startTime}–${e.endTime}` : t('dayOff')}
                  {e.note ? ` · ${e.note}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="text-slate-600">{data.start ? t('startsAt', { place: data.start.label }) : t('startsAtBusiness')}</p>
      </CardContent>
    </Card>
  );
}

function JobGroup({ group, jobs, status }: { group: 'today' | 'later'; jobs: BookingView[]; status: DriverStatusView | undefined }) {
  const t = useT(driverMessages);
  const id = `${group}-heading`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid={`jobs-${group}`}>
      <h2 id={id} className="text-base font-semibold">
        {t('groupHeading', { title: t(group), count: jobs.length })}
      </h2>
      {jobs.length === 0 ? <p className="text-sm text-slate-500">{t(group === 'today' ? 'todayEmpty' : 'laterEmpty')}</p> : jobs.map((booking) => <JobCard key={booking.id} booking={booking} status={status} />)}
    </section>
  );
}
