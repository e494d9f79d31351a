/**
 * The face of store: The online store: catalogue sync and webhooks.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { storeRoutes } from './store.routes';
export { storeJobs } from './store.jobs';
export { runSync, syncDemoStoreOnFirstStart } from './sync.service';
export { forgetStoreCustomer } from './forget-customer';
