import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { track } from '@web/lib/analytics';
import { CalendarCheck, HelpCircle, Home, MapPin, User } from 'lucide-react';
import { initials } from '@shared/format';
import { LanguagePicker } from '@web/components/layout/language-picker';
import { ToastHost } from '@web/components/layout/toast-host';
import { NotificationButton } from '@web/features/notifications/components/notification-button';
import { isGuestMode } from '@web/lib/guest-mode';
import { useT } from '@web/lib/i18n';
import { usePublicConfig } from '@web/lib/public-config';
import { useCurrentUser } from '@web/lib/session';
import { cn } from '@web/lib/utils';
import { appMessages } from './messages';

/** Header, page and bottom navigation; staff areas (admin, driver) bring their own chrome. */
export function AppShell() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const staffArea = pathname.startsWith('/admin') || pathname.startsWith('/driver');
  // A page_visit per customer route (staff areas are not the funnel).
  useEffect(() => {
    if (!staffArea) track('page_visit');
  }, [pathname, staffArea]);
  return (
    <>
      {staffArea ? <Outlet /> : <CustomerShell />}
      <ToastHost />
    </>
  );
}

function CustomerShell() {
  const t = useT(appMessages);
  const config = usePublicConfig();
  const { user } = useCurrentUser();
  const guest = !user && isGuestMode();
  const nav = user
    ? [
        { to: '/', label: t('home'), icon: Home },
        { to: '/bookings', label: t('bookings'), icon: CalendarCheck },
        { to: '/account', label: t('account'), icon: User },
      ]
    : guest
      ? [
          { to: '/', label: t('home'), icon: Home },
          { to: '/help', label: t('help'), icon: HelpCircle },
        ]
      : [{ to: '/', label: t('home'), icon: Home }];

  return (
    <div className="mx-auto flex min-h-dvh max-w-2xl flex-col">
      <header className="sticky top-0 z-40 flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-950">
        {/* The city under the name, not beside it: beside the language picker and the Guest button on a phone it was cut ("San Jos…"). */}
        <div className="flex min-w-0 flex-col leading-tight">
          <Link to="/" className="text-xl font-extrabold tracking-tight text-brand-700 dark:text-brand-500">
            {config?.businessName ?? 'Glint'}
          </Link>
          <span className="flex items-center gap-1 whitespace-nowrap text-xs text-slate-500" data-testid="header-city">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            {config?.businessCity ?? 'San Jose'}, CA
          </span>
        </div>
        <div className="ml-auto flex items-center gap-1">
          {!user && <LanguagePicker />}
          <NotificationButton signedIn={Boolean(user)} />
          <Link
            to={user ? '/account' : '/auth'}
            aria-label={t('profile')}
            className="inline-flex h-10 min-w-10 items-center justify-center rounded-full bg-brand-100 px-2 text-sm font-bold text-brand-800"
          >
            {user ? initials(user.fullName || user.username) : t('guest')}
          </Link>
        </div>
      </header>
      <main className="flex-1 px-4 pb-24 pt-4">
        <Outlet />
      </main>
      <nav aria-label="Main" data-covers-bottom="nav" className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-950">
        <ul className="mx-auto flex max-w-2xl">
          {nav.map((item) => (
            <li key={item.to} className="flex-1">
              <Link
                to={item.to}
                activeOptions={{ exact: item.to === '/' }}
                className="flex flex-col items-center gap-0.5 py-2 text-xs text-slate-500"
                activeProps={{ className: cn('text-brand-700 font-semibold dark:text-brand-500') }}
              >
                <item.icon className="size-5" aria-hidden />
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
