import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarDays, DollarSign, Sparkles, Users } from 'lucide-react';
import { formatUsd } from '@shared/money';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useDashboard } from '../api';
import { ADMIN_NAV, AdminLayout } from '../components/admin-layout';
import { BackupStatus } from '../components/backup-status';
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

          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat icon={Sparkles} label="Services" value={String(data.services)} hint={`${data.activeServices} active`} />
            <Stat icon={CalendarDays} label="Bookings" value={String(data.bookings)} />
            <Stat icon={DollarSign} label="Revenue" value={formatUsd(data.revenue)} hint="Received, net of refunds" />
            <Stat icon={Users} label="Customers" value={String(data.customers)} hint="Distinct" />
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

function Stat({ icon: Icon, label, value, hint }: { icon: typeof Users; label: string; value: string; hint?: string }) {
  return (
    <Card className="p-4">
      <div className="flex items-center gap-2 text-sm text-slate-500">
        <Icon className="size-4" aria-hidden /> {label}
      </div>
      <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`stat-${label.toLowerCase()}`}>
        {value}
      </p>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </Card>
  );
}
