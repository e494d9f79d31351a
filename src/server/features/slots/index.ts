/**
 * The face of slots: Opening hours, slots and capacity.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { slotsRoutes } from './slots.routes';
export { claimCapacity, slotsForDay } from './slots.service';
export { closureOn, openWindows, type DayView } from './slots.repository';
