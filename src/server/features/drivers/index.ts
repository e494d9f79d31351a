/**
 * The face of drivers: The driver's day: jobs, shifts, location.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { driverRoutes } from './drivers.routes';
export { driverJobs } from './drivers.jobs';
export { findBookingAssignment } from './drivers.repository';
export { ensureDriverStatus, findLastKnownPosition, setOffline } from './drivers.repository';
