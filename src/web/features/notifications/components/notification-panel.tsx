import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { bookingNumber } from '@shared/format';
import type { NotificationView } from '@shared/schemas/account';
import { statusText } from '@shared/status-words';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { useLanguage, useT, type Translate } from '@web/lib/i18n';
import { updateText } from '@web/lib/update-words';
import { cn } from '@web/lib/utils';
import { notificationsQuery, useMarkRead } from '../api';
import { notificationMessages } from '../messages';

/** The customer's booking updates, newest first; opening the list marks them read. */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const t = useT(notificationMessages);
  const { language } = useLanguage();
  const navigate = useNavigate();
  const list = useInfiniteQuery(notificationsQuery);
  const markRead = useMarkRead();
  const firstPage = list.data?.pages[0];

  useEffect(() => {
    // Marked once the list is on screen (the items keep their "New" mark until the panel closes).
    if (firstPage && firstPage.unreadCount > 0 && markRead.isIdle) markRead.mutate();
  }, [firstPage, markRead]);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const open = (item: NotificationView) => {
    onClose();
    void navigate({ to: '/tracking', search: { bookingId: item.bookingId } as never });
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent title={t('notifications')}>
        {list.isLoading ? (
          <Spinner />
        ) : list.isError ? (
          <Alert tone="error">{t('failed')}</Alert>
        ) : !items.length ? (
          <p className="py-6 text-center text-sm text-slate-500">{t('empty')}</p>
        ) : (
          <ul className="-mx-2 flex flex-col">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => open(item)}
                  className={cn('w-full rounded-lg px-2 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800', item.unread && 'bg-brand-50 dark:bg-slate-800')}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-medium">
                      {item.serviceName} · {statusText(language, item.serviceType, item.status)}
                    </span>
                    {item.unread && <span className="shrink-0 rounded-full bg-red-600 px-2 text-[11px] font-bold text-white">{t('new')}</span>}
                  </span>
                  {item.message && <span className="block text-sm text-slate-600 dark:text-slate-300">{updateText(language, item.serviceType, item)}</span>}
                  <span className="block text-xs text-slate-500">
                    #{bookingNumber(item.bookingId)} · {ago(item.createdAt, t)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-col gap-2">
          {list.hasNextPage && (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? t('loading') : t('loadMore')}
            </Button>
          )}
          <Button asChild variant="link">
            <Link to="/bookings" onClick={onClose}>
              {t('viewBookings')}
            </Link>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ago(iso: string, t: Translate<(typeof notificationMessages)['en']>): string {
  const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 60_000));
  if (minutes < 1) return t('justNow');
  if (minutes < 60) return t('minutesAgo', { n: minutes });
  if (minutes < 24 * 60) return t('hoursAgo', { n: Math.floor(minutes / 60) });
  return t('daysAgo', { n: Math.floor(minutes / 1440) });
}
