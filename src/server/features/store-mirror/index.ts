/**
 * The face of store-mirror: our copy of the online store's customers, products and orders (the shopify_*
 * tables), kept by the sync and the store's webhooks; the verbs by which other features change what it holds.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { storeMirrorRoutes } from './store-mirror.routes';
export { storeMirrorJobs } from './store-mirror.jobs';
export { runSync, syncDemoStoreOnFirstStart } from './sync.service';
export { forgetStoreCustomer } from './forget-customer';
export { linkOrderToBooking, lockStoreOrder, recordFulfilmentFailure, recordOrderFulfilled, requestOrderFulfilment } from './order-bookings.repository';
export { demoWebhookSecret } from './demo-webhook-secret';
export { productMappingsOf } from './product-mappings.repository';

import { onAccountRegistered } from '../../events/account-registered';
import { linkRegisteredAccount } from './mirror.repository';

// A new account is linked to the store customer with its e-mail. The route registry and the job list load this
// face, so every app subscribes before it serves a registration.
onAccountRegistered(linkRegisteredAccount);
