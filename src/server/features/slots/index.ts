/**
 * The face of slots: the public list of open starts with room left. Capacity is claimed by the bookings
 * verbs (decision 036); the day's model and slot maths this list reads are on the bookings face.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { slotsRoutes } from './slots.routes';
// The same lists for a job whose length another feature works out (a store order's, decision 044).
export { openStarts } from './slots.service';
export { openDays } from './available-days';
