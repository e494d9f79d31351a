import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@web/root-route';

const page = <P extends string>(path: P, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(load as never, name as never) });

export const accountRoutes = [
  page('/bookings', () => import('./pages/bookings-page'), 'BookingsPage'),
  page('/account', () => import('./pages/account-page'), 'AccountPage'),
  page('/profile', () => import('./pages/profile-page'), 'ProfilePage'),
  page('/addresses', () => import('./pages/addresses-page'), 'AddressesPage'),
  page('/payment-methods', () => import('./pages/payment-methods-page'), 'PaymentMethodsPage'),
  page('/reviews', () => import('./pages/reviews-page'), 'ReviewsPage'),
  page('/help', () => import('./pages/help-page'), 'HelpPage'),
  page('/settings', () => import('./pages/settings-page'), 'SettingsPage'),
  page('/bookings/$bookingId/receipt', () => import('./pages/receipt-page'), 'ReceiptPage'),
] as const;
