/**
 * The face of tracking: The tracking page: tracking links, live view, a guest keeping the booking in an account.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { trackingRoutes } from './tracking.routes';
export { checkTrackingToken, TRACKING_TOKEN_TTL_DAYS, verifyTrackingToken } from './tracking-token';
export { etaFor, hasFullAccess } from './tracking.service';
export { destinationOf, findDriverContact, findTrackingFacts } from './tracking.repository';
