/**
 * The face of services: The service catalogue and its admin.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { servicesRoutes } from './services.routes';
export { servicesAdminRoutes } from './services-admin.routes';
export { addOnsAdminRoutes } from './add-ons.routes';
export { serviceFacts, type ServiceFacts } from './services.cache';
export { activeAddOnsOf, getService, listActiveServices } from './services.repository';
export { recomputeServiceRating } from './services.repository';
