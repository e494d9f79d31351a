import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { CheckCircle2, LogOut, Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState, Spinner } from '@web/components/ui/feedback';
import { useCurrentUser, useLogout } from '@web/features/auth/api';
import { rememberRedirect } from '@web/lib/guest-mode';
import { activeBookingsQuery, completedBookingsQuery, driverStatusQuery } from '../api';
import { BookingActions } from '../components/booking-actions';
import { BookingCard } from '../components/booking-card';
import { DriverStatusCard } from '../components/driver-status-card';
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

function Dashboard({ name, email }: { name: string; email: string }) {
  const logout = useLogout();
  const status = useQuery(driverStatusQuery);
  const active = useQuery(activeBookingsQuery);
  const completed = useQuery(completedBookingsQuery);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const activeItems = active.data?.items ?? [];
  // The job being worked (the server's current booking), else the one picked, else the next one due.
  const selected =
    activeItems.find((b) => b.id === selectedId) ??
    activeItems.find((b) => b.id === status.data?.currentBookingId) ??
    activeItems.find((b) => b.status !== 'confirmed' && b.status !== 'pickup_scheduled') ??
    activeItems[0] ??
    null;
  const sharingBookingId = status.data?.currentBookingId ?? selected?.id ?? null;
  const sharing = useLocationSharing(Boolean(status.data?.isLocationSharing), sharingBookingId);

  return (
    <div className="mx-auto flex min-h-dvh max-w-2xl flex-col gap-4 bg-slate-50 px-4 py-4 dark:bg-slate-950">
      <header className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-white">
          <Truck className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-bold leading-tight">Driver Dashboard</h1>
          <p className="truncate text-sm text-slate-500">
            {name} · {email}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden /> Logout
        </Button>
      </header>

      {status.data ? <DriverStatusCard status={status.data} sharing={sharing} /> : <Spinner />}

      <section aria-labelledby="active-heading" className="flex flex-col gap-3">
        <h2 id="active-heading" className="text-base font-semibold">
          Active Bookings {active.data ? `(${active.data.total})` : ''}
        </h2>
        {active.isPending ? (
          <Spinner />
        ) : activeItems.length === 0 ? (
          <EmptyState icon={<CheckCircle2 className="size-10 text-slate-400" aria-hidden />} title="No active bookings">
            <p className="text-sm text-slate-500">Bookings assigned to you appear here.</p>
          </EmptyState>
        ) : (
          activeItems.map((booking) => <BookingCard key={booking.id} booking={booking} selected={booking.id === selected?.id} onSelect={() => setSelectedId(booking.id)} />)
        )}
      </section>

      {selected && status.data && <BookingActions key={selected.id} booking={selected} status={status.data} />}

      <Card>
        <CardHeader>
          <CardTitle>Recent Completed</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {completed.data?.items.length ? (
            completed.data.items.map((booking) => <BookingCard key={booking.id} booking={booking} />)
          ) : (
            <p className="text-sm text-slate-500">No completed bookings yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
