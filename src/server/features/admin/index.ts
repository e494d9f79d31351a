/**
 * The face of admin: The back office (all of admin/*: bookings, customers, dashboard, dispatch, schedule, staff, safety).
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { adminRoutes } from './admin.routes';
export { findCustomerIdByEmail } from './schedule/schedule.repository';
