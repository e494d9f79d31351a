import { Link } from '@tanstack/react-router';
import { PackageOpen } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { useMyBookings } from '../api';
import { BookingCard } from '../components/booking-card';
import { SignedIn } from '../components/signed-in';
import { accountMessages } from '../messages';

export function BookingsPage() {
  return <SignedIn>{() => <OrderHistory />}</SignedIn>;
}

/** Order history: the customer's bookings, newest first, a page at a time. */
function OrderHistory() {
  const t = useT(accountMessages);
  const bookings = useMyBookings();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('myBookings')}</h1>
      {bookings.isLoading ? (
        <Spinner />
      ) : bookings.isError ? (
        <Alert tone="error" title={t('loadFailed')}>
          {errorMessage(bookings.error, t('tryAgain'))}
        </Alert>
      ) : bookings.items.length === 0 ? (
        <EmptyState icon={<PackageOpen className="size-10 text-slate-400" aria-hidden />} title={t('noOrders')}>
          <Button asChild>
            <Link to="/">{t('bookAService')}</Link>
          </Button>
        </EmptyState>
      ) : (
        <>
          {bookings.items.map((booking) => (
            <BookingCard key={booking.id} booking={booking} />
          ))}
          {bookings.hasNextPage && (
            <Button variant="outline" onClick={() => void bookings.fetchNextPage()} disabled={bookings.isFetchingNextPage}>
              {bookings.isFetchingNextPage ? t('loading') : t('loadMore')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
