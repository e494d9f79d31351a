import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** The admin's package purchases. */
export const adminPackagePurchasesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/package-purchases',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-package-purchases-page'), 'AdminPackagePurchasesPage'),
});
