import { Link } from '@tanstack/react-router';
import { AlertTriangle, ArrowRight, CalendarDays, CalendarClock, DollarSign, Sparkles, Users } from 'lucide-react';
import { bookingNumber } from '@shared/format';
import { formatUsd } from '@shared/money';
import type { DashboardSummary } from '@shared/schemas/admin-dashboard';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useDashboard } from '../api';
import { ADMIN_NAV, AdminLayout } from '../components/admin-layout';
import { BackupStatus } from '../components/backup-status';
import { formatPacificDateTime, formatPacificTime } from '../components/status';
import { DispatchBoard } from '../components/dispatch-board';

const DESCRIPTIONS: Record<string, string> = {
  '/admin/dashboard': 'This overview',
  '/admin/dispatch': 'Today and tomorrow, drivers, map',
  '/admin/schedule': 'Week grid, availability, closures, appointments',
  '/admin/bookings': 'Status, reschedule, drivers',
  '/admin/customers': 'Search, edit, reset passwords',
  '/admin/services': 'Catalogue, prices, pictures',
  '/admin/staff': 'Drivers and who is on shift',
  '/admin/packages': 'Prepaid service packages',
  '/admin/package-purchases': 'Packages customers bought',
  '/admin/analytics': 'Funnel, events, sessions',
  '/admin/shopify': 'Store synchronisation',
  '/admin/fulfillment': 'Turn store orders into bookings',
};

export function AdminDashboardPage() {
  const { data, isLoading, error } = useDashboard();
  return (
    <AdminLayout title="Admin Dashboard">
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load the dashboard">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && (
        <div className="flex flex-col gap-6">
          <BackupStatus />
          <section aria-labelledby="today-heading">
            <Card>
              <CardHeader className="flex-row items-center">
                <CardTitle id="today-heading">Today's bookings</CardTitle>
                <Link to="/admin/bookings" className="ml-auto text-sm text-brand-700 hover:underline">
                  All bookings
                </Link>
              </CardHeader>
              <CardContent>
                <DispatchBoard compact />
              </CardContent>
            </Card>
          </section>

          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Stat icon={DollarSign} label="Received today" testId="received-today" value={formatUsd(data.received.today)} hint="Bookings paid today, packages sold by card, cash or check" />
            <Stat icon={DollarSign} label="This week" testId="received-week" value={formatUsd(data.received.week)} hint={`Since Monday ${shortDate(data.received.weekStart)}`} />
            <Stat icon={CalendarDays} label="Bookings" value={String(data.bookings)} />
            <Stat icon={Sparkles} label="Services" value={String(data.services)} hint={`${data.activeServices} active`} />
            <Stat icon={Users} label="Customers" value={String(data.customers)} hint="Distinct" />
          </section>

          <section className="grid gap-3 lg:grid-cols-2">
            <Card aria-labelledby="tomorrow-heading">
              <CardHeader className="flex-row items-center gap-2">
                <CalendarClock className="size-4 text-slate-500" aria-hidden />
                <CardTitle id="tomorrow-heading">Tomorrow, {shortDate(data.tomorrow.date)}</CardTitle>
              </CardHeader>
              <CardContent className="text-sm" data-testid="tomorrow">
                {data.tomorrow.jobs === 0 ? (
                  <p className="text-slate-500">No jobs booked yet.</p>
                ) : (
                  <p>
                    <strong>{data.tomorrow.jobs}</strong> {data.tomorrow.jobs === 1 ? 'job' : 'jobs'}
                    {data.tomorrow.firstStart && <>, the first at {formatPacificTime(data.tomorrow.firstStart)}</>}
                    {data.tomorrow.unassigned > 0 ? `; ${data.tomorrow.unassigned} still without a driver.` : '; every job that goes out has a driver.'}
                  </p>
                )}
              </CardContent>
            </Card>
            <Card aria-labelledby="attention-heading">
              <CardHeader className="flex-row items-center gap-2">
                <AlertTriangle className="size-4 text-amber-600" aria-hidden />
                <CardTitle id="attention-heading">Needs attention</CardTitle>
              </CardHeader>
              <CardContent className="text-sm" data-testid="needs-attention">
                {attentionItems(data.attention).length === 0 ? (
                  <p className="text-slate-500">Nothing needs you right now.</p>
                ) : (
                  <ul className="flex flex-col gap-1">
                    {attentionItems(data.attention).map((item) => (
                      <li key={item.text}>
                        <Link to={item.to} search={item.search} className="text-brand-700 hover:underline">
                          {item.text}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </section>

          <section aria-label="Admin pages" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {ADMIN_NAV.filter((item) => item.to !== '/admin/dashboard').map((item) => (
              <Link key={item.to} to={item.to} className="group block min-w-0">
                <Card className="flex items-center gap-3 p-4 transition-colors group-hover:border-brand-500">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <item.icon className="size-5" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{item.label}</span>
                    <span className="block truncate text-xs text-slate-500">{DESCRIPTIONS[item.to]}</span>
                  </span>
                  <ArrowRight className="size-4 text-slate-400" aria-hidden />
                </Card>
              </Link>
            ))}
          </section>
        </div>
      )}
      {data === undefined && !isLoading && !error && <EmptyState title="Nothing to show" />}
    </AdminLayout>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Mon, Nov 30" for a Pacific date key. */
function shortDate(dateKey: string): string {
  return new Date(`${dateKey}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

type AttentionItem = { text: string; to: '/admin/dispatch' | '/admin/bookings' | '/admin/customers'; search?: { search: string } };

/** The attention list: only what is there, each leading to where it is dealt with (a flagged booking to itself). */
export function attentionItems(attention: DashboardSummary['attention']): AttentionItem[] {
  const items: AttentionItem[] = [];
  if (attention.unassigned) items.push({ text: `${plural(attention.unassigned, 'job', 'jobs')} of the next 7 days without a driver`, to: '/admin/dispatch' });
  if (attention.unpaid) items.push({ text: `${plural(attention.unpaid, 'past job', 'past jobs')} still unpaid`, to: '/admin/bookings' });
  if (attention.failedMessages) items.push({ text: `${plural(attention.failedMessages, 'e-mail', 'e-mails')} failed to send this week`, to: '/admin/customers' });
  for (const booking of attention.concernBookings) {
    items.push({
      text: `Inspection concern flagged on #${bookingNumber(booking.id)} (${formatPacificDateTime(booking.scheduledDate)})`,
      to: '/admin/bookings',
      search: { search: booking.id },
    });
  }
  const unlisted = attention.concerns - attention.concernBookings.length;
  if (unlisted > 0) items.push({ text: `${plural(unlisted, 'more booking', 'more bookings')} with a flagged inspection concern`, to: '/admin/bookings' });
  return items;
}

function Stat({ icon: Icon, label, value, hint, testId }: { icon: typeof Users; label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Card className="p-4">
      <div className="flex items-center gap-2 text-sm text-slate-500">
        <Icon className="size-4" aria-hidden /> {label}
      </div>
      <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`stat-${testId ?? label.toLowerCase()}`}>
        {value}
      </p>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </Card>
  );
}
