import { Activity, CreditCard, MousePointerClick, TrendingDown, TrendingUp } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import type { Page } from '@shared/schemas/common';
import { rangeOfDays, useAnalyticsEvents, useAnalyticsSessions, useDaily, useFunnel, type AnalyticsRange } from '../analytics-api';
import { AdminLayout } from '../components/admin-layout';
import { Pager } from '../components/pager';
import { DailyChart, FunnelChart } from '../components/charts';

const RANGES = [7, 30, 90] as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', dateStyle: 'medium', timeStyle: 'short' });

/** /admin/analytics: the funnel, recent events and sessions, and a daily chart (the offer is under Marketing). */
export function AdminAnalyticsPage() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const range = useMemo(() => rangeOfDays(days), [days]);
  return (
    <AdminLayout
      title="Analytics Dashboard"
      actions={
        <div role="group" aria-label="Range" className="flex gap-1">
          {RANGES.map((d) => (
            <Button key={d} size="sm" variant={d === days ? 'default' : 'outline'} aria-pressed={d === days} onClick={() => setDays(d)}>
              {d} days
            </Button>
          ))}
        </div>
      }
    >
      <div className="flex flex-col gap-6">
        <Kpis range={range} />
        <Daily range={range} />
        <Tabs defaultValue="funnel">
          <TabsList>
            <TabsTrigger value="funnel">Conversion Funnel</TabsTrigger>
            <TabsTrigger value="events">Recent Events</TabsTrigger>
            <TabsTrigger value="sessions">User Sessions</TabsTrigger>
          </TabsList>
          <TabsContent value="funnel" className="mt-4">
            <Funnel range={range} />
          </TabsContent>
          <TabsContent value="events" className="mt-4">
            <Events range={range} />
          </TabsContent>
          <TabsContent value="sessions" className="mt-4">
            <Sessions range={range} />
          </TabsContent>
        </Tabs>
      </div>
    </AdminLayout>
  );
}

function Kpi({ icon: Icon, label, value, hint, tone }: { icon: typeof Activity; label: string; value: string; hint?: string; tone?: 'up' | 'down' }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 pt-4">
        <span className="flex items-center gap-2 text-sm text-slate-500">
          <Icon className="size-4" aria-hidden /> {label}
        </span>
        <span className={`text-2xl font-bold ${tone === 'up' ? 'text-emerald-700' : tone === 'down' ? 'text-red-700' : ''}`}>{value}</span>
        {hint && <span className="text-xs text-slate-500">{hint}</span>}
      </CardContent>
    </Card>
  );
}

function Kpis({ range }: { range: AnalyticsRange }) {
  const { data } = useFunnel(range);
  const overall = data?.conversion_rates.overall_conversion ?? 0;
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Kpi icon={Activity} label="Visitors" value={data ? String(data.page_visits) : '–'} hint="Sessions with a page visit" />
      <Kpi icon={MousePointerClick} label="Services selected" value={data ? String(data.service_selected) : '–'} hint={data ? `${data.conversion_rates.visitor_to_service}% of visitors` : undefined} />
      <Kpi icon={CreditCard} label="Payments completed" value={data ? String(data.payment_completed) : '–'} hint={data ? `${data.conversion_rates.payment_to_completion}% of payments started` : undefined} />
      <Kpi icon={overall > 5 ? TrendingUp : TrendingDown} label="Overall conversion" value={data ? `${overall}%` : '–'} tone={data ? (overall > 5 ? 'up' : 'down') : undefined} hint="Visitors who paid" />
      <p className="col-span-2 text-xs text-slate-500 lg:col-span-4" data-testid="payments-note">
        Payments completed counts card payments made on the website, so it is lower than the bookings: jobs paid on site, phone appointments paid later, store
        orders (paid in the online store) and bookings paid with a package credit take no card payment here.
      </p>
    </section>
  );
}

function Daily({ range }: { range: AnalyticsRange }) {
  const { data, error, isLoading } = useDaily(range);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Visits, bookings and revenue per day</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading && <Spinner />}
        {error && <Alert tone="error">{errorMessage(error, 'Failed to fetch daily figures')}</Alert>}
        {data && (data.days.length ? <DailyChart days={data.days} /> : <EmptyState title="No visits or bookings in this period" />)}
      </CardContent>
    </Card>
  );
}

function Funnel({ range }: { range: AnalyticsRange }) {
  const { data, error, isLoading } = useFunnel(range);
  if (isLoading) return <Spinner />;
  if (error || !data) return <Alert tone="error" title="Failed to fetch funnel data">{errorMessage(error, 'Please refresh the page')}</Alert>;
  const steps = [
    { label: 'Page visits', value: data.page_visits },
    { label: 'Service selected', value: data.service_selected },
    { label: 'Payment initiated', value: data.payment_initiated },
    { label: 'Payment completed', value: data.payment_completed },
  ];
  const rates = data.conversion_rates;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Conversion Funnel</CardTitle>
        <p className="text-sm text-slate-500">Per session, in order: a session counts at a step only after the steps before it.</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FunnelChart steps={steps} />
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          {(
            [
              ['Accounts created', `${data.account_created} (${rates.visitor_to_account}%)`],
              ['Guest checkouts', `${data.guest_checkout} (${rates.visitor_to_guest}%)`],
              ['Visitor → service', `${rates.visitor_to_service}%`],
              ['Service → payment', `${rates.service_to_payment}%`],
              ['Payment → completion', `${rates.payment_to_completion}%`],
              ['Overall conversion', `${rates.overall_conversion}%`],
            ] as const
          ).map(([k, v]) => (
            <div key={k} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800">
              <dt className="text-slate-500">{k}</dt>
              <dd className="font-semibold">{v}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** A page of the range's events or sessions, as a table with a pager (back to page 1 when the range changes). */
function RangeTable<T extends { id: string }>({ range, usePage, noun, columns }: { range: AnalyticsRange; usePage: (range: AnalyticsRange, page: number) => UseQueryResult<Page<T>>; noun: 'events' | 'sessions'; columns: Column<T>[] }) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [range]);
  const { data, error, isLoading } = usePage(range, page);
  if (isLoading) return <Spinner />;
  if (error || !data) return <Alert tone="error" title={`Failed to fetch ${noun}`}>{errorMessage(error, 'Please refresh the page')}</Alert>;
  if (!data.items.length) return <EmptyState title={`No ${noun} found for this time period`} />;
  return (
    <Card>
      <CardContent className="overflow-x-auto pt-4">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              {columns.map((column, i) => (
                <th key={column.header} className={cn('py-1 font-medium', i < columns.length - 1 && 'pr-3')}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.id} className="border-t border-slate-100 dark:border-slate-800">
                {columns.map((column, i) => (
                  <td key={column.header} className={cn('py-1.5', i < columns.length - 1 && 'pr-3', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <Pager page={page} pages={Math.ceil(data.total / data.pageSize)} onPage={setPage} />
      </CardContent>
    </Card>
  );
}

function Events({ range }: { range: AnalyticsRange }) {
  return (
    <RangeTable
      range={range}
      usePage={useAnalyticsEvents}
      noun="events"
      columns={[
        { header: 'Time', cell: (e) => when(e.createdAt), className: 'whitespace-nowrap' },
        { header: 'Event', cell: (e) => e.eventType, className: 'font-medium' },
        { header: 'Page', cell: (e) => e.path ?? '–' },
        { header: 'Session', cell: (e) => e.sessionId.slice(-8), className: 'font-mono text-xs' },
        { header: 'Visitor', cell: (e) => `${e.userId ? 'Signed in' : 'Guest'} · ${e.ipAddress ?? '–'}`, className: 'text-xs text-slate-500' },
      ]}
    />
  );
}

function Sessions({ range }: { range: AnalyticsRange }) {
  return (
    <RangeTable
      range={range}
      usePage={useAnalyticsSessions}
      noun="sessions"
      columns={[
        { header: 'Started', cell: (s) => when(s.startedAt), className: 'whitespace-nowrap' },
        { header: 'Last activity', cell: (s) => when(s.lastActivity), className: 'whitespace-nowrap' },
        { header: 'Landing page', cell: (s) => s.landingPage ?? '–' },
        { header: 'Events', cell: (s) => s.events },
        { header: 'Visitor', cell: (s) => `${s.isGuest ? 'Guest' : 'Signed in'} · ${s.ipAddress ?? '–'}${s.referrer ? ` · from ${s.referrer}` : ''}`, className: 'text-xs text-slate-500' },
      ]}
    />
  );
}
