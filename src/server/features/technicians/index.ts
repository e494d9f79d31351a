/**
 * The face of technicians (decision 051): who does jobs, their hours and exceptions, where they start and end,
 * the services they do, and each one's day with its assigned jobs — what the slot engine, assignment and the
 * dispatch board ask `shared/reachability.ts` about.
 * Other features import only this file (docs/decisions/033-feature-faces.md).
 */
export { pointOf, technicianDays, technicianDaysColumn, technicianDaysOf } from './technician-days.repository';
export { technicianRoutes } from './technicians.routes';
