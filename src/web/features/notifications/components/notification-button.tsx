import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useT } from '@web/lib/i18n';
import { unreadQuery } from '../api';
import { notificationMessages } from '../messages';
import { PreferencesSync } from './preferences-sync';

// The list opens on demand: its dialog and formatting stay out of the first download.
const NotificationPanel = lazy(() => import('./notification-panel').then((m) => ({ default: m.NotificationPanel })));

const bellClass =
  'relative inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

/** The header's bell: signed out it leads to sign-in; signed in it opens the customer's booking updates. */
export function NotificationButton({ signedIn }: { signedIn: boolean }) {
  const t = useT(notificationMessages);
  if (!signedIn) {
    return (
      <Link to="/auth" aria-label={t('notifications')} className={bellClass}>
        <Bell className="size-5" aria-hidden />
      </Link>
    );
  }
  return <SignedInBell />;
}

function SignedInBell() {
  const t = useT(notificationMessages);
  const [open, setOpen] = useState(false);
  const unread = useQuery(unreadQuery).data?.unreadCount ?? 0;
  return (
    <>
      {/* The account's saved theme and language follow the customer from device to device. */}
      <PreferencesSync />
      <button type="button" aria-label={unread ? t('unreadLabel', { n: unread }) : t('notifications')} className={bellClass} onClick={() => setOpen(true)}>
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span data-testid="unread-count" aria-hidden className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
