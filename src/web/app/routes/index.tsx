import { createRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Spinner } from '@web/components/ui/feedback';
import { isGuestMode } from '@web/lib/guest-mode';
import { text, type RawSearch } from '@web/lib/search';
import { useCurrentUser } from '@web/lib/session';
import { rootRoute } from '../root';
import { VEHICLE_TYPES } from '@shared/domain';

// The booking start carries the calendar, slots and address search: loaded only for those who book.
const BookingStart = lazy(() => import('@web/features/booking/components/booking-start').then((m) => ({ default: m.BookingStart })));

// The visitor's hero and sign-in forms, one chunk: loaded only for visitors (a customer's first load never
// carries them). main.tsx loads it before it renders over a prerendered `/`; once loaded it renders without a
// Suspense step.
let signedOutHome: typeof import('@web/features/auth/components/signed-out-home') | undefined;
export const loadSignedOutHome = () =>
  import('@web/features/auth/components/signed-out-home').then((m) => {
    signedOutHome = m;
    return m;
  });
const LazySignedOutHome = lazy(() => loadSignedOutHome().then((m) => ({ default: m.SignedOutHome })));

/** Book Again opens the booking start with the service, type and address filled in. */
export interface HomeSearch {
  serviceId?: string;
  serviceType?: string;
  address?: string;
  /** Back from an error screen also keeps the day and, where it is still wanted, the time. */
  date?: string;
  slotId?: string;
  /** From /sww-offer: the vehicle type whose offer price applies. */
  offer?: 'sedan' | 'suv' | 'oversize';
}
const homeSearch = (search: RawSearch): HomeSearch => ({
  serviceId: text(search, 'serviceId'),
  serviceType: text(search, 'serviceType'),
  address: text(search, 'address'),
  date: text(search, 'date'),
  slotId: text(search, 'slotId'),
  offer: VEHICLE_TYPES.find((v) => v === text(search, 'offer')),
});

/** `/`: the booking start for a customer or a guest, the sign-in hero for a visitor. */
function HomePage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner />;
  if (user || isGuestMode()) {
    return (
      <Suspense fallback={<Spinner />}>
        <BookingStart />
      </Suspense>
    );
  }
  if (signedOutHome) return <signedOutHome.SignedOutHome />;
  return (
    <Suspense fallback={<Spinner />}>
      <LazySignedOutHome />
    </Suspense>
  );
}

export const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', validateSearch: homeSearch, component: HomePage });
