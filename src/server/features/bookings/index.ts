/**
 * The face of bookings: Bookings: the lifecycle verbs (which claim a slot's capacity themselves), checkout, the
 * customer's bookings, booking mail and read models (the day's capacity among them).
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { bookingsRoutes } from './bookings.routes';
export { bookingsAccountRoutes } from './bookings-account.routes';
export { assertBookingOpen, bookingVerbs, issueTrackingToken, SYSTEM, type BookingActor, type BookingDraft } from './lifecycle';
export { createBooking, RELEASE_HOLDS_JOB, releaseExpiredHolds } from './bookings.service';
export { emailDriverAssigned, emailStatusChange } from './booking-updates';
export { findBookingView, listBookingUpdates, listBookingViews, toUpdateView } from './bookings.repository';
export { findBooking } from './checkout.repository';
export { sendConfirmationMail } from './confirmation-mail';
export { notLapsedHoldSql } from './hold-sql';
export { buildCalendar, type CalendarEvent } from './ics';
// The day's capacity model, read by the slot lists and the schedule grid; only the verbs claim (decision 036).
export { slotsForDay, slotsOfDay } from './slot-capacity';
export { loadDay as loadSlotDay, openWindows } from './slot-day.repository';
