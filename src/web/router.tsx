import { createRouter } from '@tanstack/react-router';
import { accountRoutes } from './features/account/routes';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { bookingRoutes } from './features/booking/routes';
import { driverRoutes } from './features/driver/routes';
import { trackingRoutes } from './features/tracking/routes';
import { queryClient } from './lib/query-client';
import { rootRoute } from './root-route';

/** Each feature declares its own routes (features/<area>/routes.tsx); this file only puts them together. */
const routeTree = rootRoute.addChildren([...authRoutes, ...bookingRoutes, ...trackingRoutes, ...accountRoutes, ...driverRoutes, ...adminRoutes]);

export const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
