/**
 * The face of analytics: First-party analytics: events, bots, reports.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { analyticsRoutes } from './analytics.routes';
export { analyticsJobs } from './analytics.jobs';
export { recordPaymentCompleted, recordServerEvent } from './analytics.service';
export { forgetUser } from './analytics.repository';
