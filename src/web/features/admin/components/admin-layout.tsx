import { Link } from '@tanstack/react-router';
import {
  BarChart3,
  CalendarDays,
  ClipboardList,
  LayoutDashboard,
  LogOut,
  Megaphone,
  MessageSquare,
  Navigation,
  Package,
  PackageCheck,
  Repeat,
  ShoppingBag,
  Sparkles,
  Truck,
  Users,
  UserCog,
  Webhook,
  Wrench,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { EmailText } from '@web/components/ui/email-text';
import { usePublicConfig } from '@web/lib/public-config';
import { useLogout } from '@web/lib/logout';
import { useCurrentUser } from '@web/lib/session';
import { useStaffLive } from '../live';
import { AdminGuard } from './admin-guard';

export const ADMIN_NAV = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/dispatch', label: 'Dispatch', icon: Navigation },
  { to: '/admin/schedule', label: 'Schedule', icon: CalendarDays },
  { to: '/admin/bookings', label: 'Bookings', icon: ClipboardList },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/services', label: 'Services', icon: Sparkles },
  { to: '/admin/staff', label: 'Staff', icon: UserCog },
  { to: '/admin/packages', label: 'Packages', icon: Package },
  { to: '/admin/package-purchases', label: 'Package Purchases', icon: PackageCheck },
  { to: '/admin/members', label: 'Members', icon: Repeat },
  { to: '/admin/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/admin/marketing', label: 'Marketing', icon: Megaphone },
  { to: '/admin/shopify', label: 'Shopify', icon: ShoppingBag },
  { to: '/admin/fulfillment', label: 'Fulfillment', icon: Truck },
  { to: '/admin/messages', label: 'Messages', icon: MessageSquare },
  { to: '/admin/webhooks', label: 'Webhooks', icon: Webhook },
] as const;

/** The back office's frame: a sidebar on wide screens, a scrolling tab row on phones; always behind the guard. */
export function AdminLayout({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <AdminGuard>
      <AdminFrame title={title} actions={actions}>
        {children}
      </AdminFrame>
    </AdminGuard>
  );
}

function AdminFrame({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const config = usePublicConfig();
  const { user } = useCurrentUser();
  const logout = useLogout('/admin/login');
  const live = useStaffLive(user?.role === 'admin');
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950 lg:flex">
      <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-center gap-2 px-5 py-4">
          <Wrench className="size-5 text-brand-700" aria-hidden />
          <span className="text-lg font-extrabold text-brand-700">{config?.businessName ?? 'Glint'} Admin</span>
        </div>
        <nav aria-label="Admin" className="flex flex-1 flex-col gap-0.5 px-3">
          {ADMIN_NAV.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
              activeProps={{ className: 'bg-brand-50 font-semibold text-brand-800 dark:bg-slate-800 dark:text-white' }}
            >
              <item.icon className="size-4" aria-hidden />
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="border-t border-slate-200 p-3 text-sm dark:border-slate-800">
          <p className="break-normal font-medium">{user?.fullName}</p>
          <p className="text-xs text-slate-500">{user?.email && <EmailText email={user.email} />}</p>
          <Button variant="ghost" size="sm" className="mt-2 w-full justify-start" onClick={() => logout.mutate()}>
            <LogOut aria-hidden /> Logout
          </Button>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white lg:hidden dark:border-slate-800 dark:bg-slate-900">
          <div className="flex items-center gap-2 px-4 py-2">
            <span className="font-extrabold text-brand-700">{config?.businessName ?? 'Glint'} Admin</span>
            <Button variant="ghost" size="sm" className="ml-auto" onClick={() => logout.mutate()} aria-label="Logout">
              <LogOut aria-hidden /> Logout
            </Button>
          </div>
          <nav aria-label="Admin sections" className="flex gap-1 overflow-x-auto px-3 pb-2">
            {ADMIN_NAV.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className="flex shrink-0 items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1.5 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300"
                activeProps={{ className: 'border-brand-700 bg-brand-700 font-semibold text-white dark:text-white' }}
              >
                <item.icon className="size-3.5" aria-hidden />
                {item.label}
              </Link>
            ))}
          </nav>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-5 lg:px-8 lg:py-8">
          <div className="mb-5 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <span
              className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs ${live === 'live' ? 'bg-green-50 text-green-800' : 'bg-slate-100 text-slate-500'}`}
              data-testid="staff-live"
              data-state={live}
              title={live === 'live' ? 'This page updates by itself' : 'Reconnecting…'}
            >
              <span className={`size-1.5 rounded-full ${live === 'live' ? 'bg-green-600' : 'bg-slate-400'}`} aria-hidden />
              {live === 'live' ? 'Live' : 'Offline'}
            </span>
            {actions && <div className="ml-auto flex flex-wrap gap-2">{actions}</div>}
          </div>
          {children}
        </main>
      </div>
    </div>
  );
}
