import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';

/** The header's bell. The account work (notifications list, unread count) extends it. */
export function NotificationButton({ signedIn }: { signedIn: boolean }) {
  return (
    <Link
      to={signedIn ? '/bookings' : '/auth'}
      aria-label="Notifications"
      className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <Bell className="size-5" aria-hidden />
    </Link>
  );
}
