/**
 * The face of memberships: monthly plans whose paid months grant package credits (decision 059).
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { membershipsRoutes } from './memberships.routes';
export { membershipJobs } from './memberships.jobs';
export { applySubscriptionEvent, renewDueMemberships } from './billing';
