/**
 * The face of store-orders: Store orders turned into bookings, and their fulfilment.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { storeOrdersRoutes } from './store-orders.routes';
export { fulfilmentJobs } from './fulfilment';

import { subscribe } from '../../events/booking-events';
import { storeFulfilmentSubscriber } from './fulfilment';

// A completed booking linked to an order asks for the order's fulfilment, as a subscriber of the booking's
// events. The route registry and the job list load this face, so every app and every worker subscribes.
subscribe(storeFulfilmentSubscriber);
