import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@web/root-route';

const page = <P extends string>(path: P, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(load as never, name as never) });

/** Every /admin page; all of them lazy, so nothing of the back office is in the customer's download. */
export const adminRoutes = [
  page('/admin', () => import('./pages/admin-login-page'), 'AdminLoginPage'),
  page('/admin/login', () => import('./pages/admin-login-page'), 'AdminLoginPage'),
  page('/admin/dashboard', () => import('./pages/admin-dashboard-page'), 'AdminDashboardPage'),
  page('/admin/services', () => import('./pages/admin-services-page'), 'AdminServicesPage'),
  page('/admin/schedule', () => import('./pages/admin-schedule-page'), 'AdminSchedulePage'),
  page('/admin/bookings', () => import('./pages/admin-bookings-page'), 'AdminBookingsPage'),
  page('/admin/customers', () => import('./pages/admin-customers-page'), 'AdminCustomersPage'),
  page('/admin/staff', () => import('./pages/admin-staff-page'), 'AdminStaffPage'),
  page('/admin/packages', () => import('./pages/admin-coming-page'), 'AdminComingPage'),
  page('/admin/package-purchases', () => import('./pages/admin-coming-page'), 'AdminComingPage'),
  page('/admin/analytics', () => import('./pages/admin-coming-page'), 'AdminComingPage'),
  page('/admin/shopify', () => import('./pages/admin-coming-page'), 'AdminComingPage'),
  page('/admin/fulfillment', () => import('./pages/admin-coming-page'), 'AdminComingPage'),
] as const;
