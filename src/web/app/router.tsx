import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { queryClient } from '@web/lib/query-client';
import { rootRoute } from './root';
import { accountRoute } from './routes/account';
import { addressesRoute } from './routes/addresses';
import { adminRoute } from './routes/admin';
import { adminAnalyticsRoute } from './routes/admin/analytics';
import { adminBookingsRoute } from './routes/admin/bookings';
import { adminCustomerRoute } from './routes/admin/customer';
import { adminCustomersRoute } from './routes/admin/customers';
import { adminDashboardRoute } from './routes/admin/dashboard';
import { adminDispatchRoute } from './routes/admin/dispatch';
import { adminFulfillmentRoute } from './routes/admin/fulfillment';
import { orderLookupRoute, orderScheduleRoute } from './routes/shopify-order-schedule';
import { adminLoginRoute } from './routes/admin/login';
import { adminMarketingOfferRoute, adminMarketingRoute } from './routes/admin/marketing';
import { adminMembersRoute } from './routes/admin/members';
import { adminPromoCodesRoute } from './routes/admin/promo-codes';
import { adminPackagePurchasesRoute } from './routes/admin/package-purchases';
import { adminPackagesRoute } from './routes/admin/packages';
import { adminScheduleRoute } from './routes/admin/schedule';
import { adminServicesRoute } from './routes/admin/services';
import { adminShopifyRoute } from './routes/admin/shopify';
import { adminStaffRoute } from './routes/admin/staff';
import { adminWebhooksRoute } from './routes/admin/webhooks';
import { adminMessagesRoute } from './routes/admin/messages';
import { authRoute } from './routes/auth';
import { bookingRoute } from './routes/booking';
import { bookingDetailsRoute } from './routes/booking-details';
import { bookingsRoute } from './routes/bookings';
import { checkoutRoute } from './routes/checkout';
import { driverRoute } from './routes/driver';
import { driverDashboardRoute } from './routes/driver/dashboard';
import { forgotPasswordRoute } from './routes/forgot-password';
import { helpRoute } from './routes/help';
import { indexRoute } from './routes/index';
import { myPackagesRoute } from './routes/my-packages';
import { packagesRoute } from './routes/packages';
import { paymentMethodsRoute } from './routes/payment-methods';
import { profileRoute } from './routes/profile';
import { receiptRoute } from './routes/receipt';
import { resetPasswordRoute } from './routes/reset-password';
import { claimBookingRoute } from './routes/claim-booking';
import { manageRoute, rateRoute, weatherRoute } from './routes/manage';
import { reviewsRoute } from './routes/reviews';
import { settingsRoute } from './routes/settings';
import { swwOfferRoute } from './routes/sww-offer';
import { testBookingRoute } from './routes/test-booking';
import { trackingRoute } from './routes/tracking';
import { payRoute } from './routes/pay';
import { vehiclesRoute } from './routes/vehicles';
import { verifyEmailRoute } from './routes/verify-email';

/** One route module per URL (app/routes/); each composes its feature's page and preloads its queries. */
const routeTree = rootRoute.addChildren([
  indexRoute,
  authRoute,
  verifyEmailRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  claimBookingRoute,
  manageRoute,
  rateRoute,
  weatherRoute,
  bookingRoute,
  bookingDetailsRoute,
  checkoutRoute,
  testBookingRoute,
  swwOfferRoute,
  trackingRoute,
  payRoute,
  bookingsRoute,
  accountRoute,
  profileRoute,
  addressesRoute,
  vehiclesRoute,
  paymentMethodsRoute,
  reviewsRoute,
  helpRoute,
  settingsRoute,
  receiptRoute,
  packagesRoute,
  myPackagesRoute,
  orderScheduleRoute,
  orderLookupRoute,
  driverRoute,
  driverDashboardRoute,
  adminRoute,
  adminLoginRoute,
  adminDashboardRoute,
  adminDispatchRoute,
  adminServicesRoute,
  adminScheduleRoute,
  adminBookingsRoute,
  adminCustomersRoute,
  adminCustomerRoute,
  adminStaffRoute,
  adminPackagesRoute,
  adminPackagePurchasesRoute,
  adminAnalyticsRoute,
  adminMarketingRoute,
  adminMarketingOfferRoute,
  adminPromoCodesRoute,
  adminMembersRoute,
  adminShopifyRoute,
  adminFulfillmentRoute,
  adminWebhooksRoute,
  adminMessagesRoute,
]);

/**
 * The app's router over the route table, made once when the app boots (main.tsx) over the browser's history,
 * and once per page at build time (server-render.tsx) over a memory history.
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}
export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
