import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orderScheduleSearch } from '@web/features/store-orders/search';
import { rootRoute } from '../root';

const OrderSchedulePage = lazyRouteComponent(() => import('@web/features/store-orders/pages/order-schedule-page'), 'OrderSchedulePage');

/** Scheduling a store order: public, proven by the order number and its e-mail. */
export const orderScheduleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shopify-order-schedule/$orderId',
  validateSearch: orderScheduleSearch,
  component: function OrderScheduleRoute() {
    const { orderId } = orderScheduleRoute.useParams();
    const { email } = orderScheduleRoute.useSearch();
    // A new order in the link starts over (the page keeps its state per order).
    return <OrderSchedulePage key={`${orderId}|${email ?? ''}`} orderSegment={orderId} email={email} />;
  },
});

/** Without an order number: the lookup card asks for it. */
export const orderLookupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shopify-order-schedule',
  validateSearch: orderScheduleSearch,
  component: function OrderLookupRoute() {
    const { email } = orderLookupRoute.useSearch();
    return <OrderSchedulePage email={email} />;
  },
});
