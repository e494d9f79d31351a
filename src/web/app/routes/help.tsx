import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** How to reach the business. */
export const helpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/help',
  component: lazyRouteComponent(() => import('@web/features/account/pages/help-page'), 'HelpPage'),
});
