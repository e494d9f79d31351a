import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** Language, theme, notifications. */
export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  loader: preloadFrom(accountApi, (m, client) => client.ensureQueryData(m.settingsQuery), 'signedIn'),
  component: lazyRouteComponent(() => import('@web/features/account/pages/settings-page'), 'SettingsPage'),
});
