/**
 * The face of inspections: chain of custody for pickup jobs — the vehicle inspected at pickup and at return,
 * its photos in the file store, and the customer's concerns (docs/decisions/048).
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { inspectionRoutes } from './inspections.routes';
// The owner's dashboard lists upcoming bookings with a flagged concern.
export { bookingsWithConcerns } from './inspections.repository';
