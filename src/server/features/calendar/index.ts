/**
 * The face of calendar: Calendar feeds (ICS) for customers and staff.
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { calendarRoutes } from './calendar.routes';
