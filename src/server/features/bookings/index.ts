/**
 * The face of bookings: Bookings: the lifecycle verbs (which claim a slot's capacity themselves), checkout, the
 * customer's bookings, booking mail and read models (the day's capacity among them).
 * Other features import only this file (docs/decisions/033-feature-faces.md); its own files import each other.
 */
export { bookingsRoutes } from './bookings.routes';
export { bookingsAccountRoutes } from './bookings-account.routes';
export { assertBookingOpen, assertTippable, bookingVerbs, issueTrackingToken, SYSTEM, type BookingActor, type BookingDraft, type DispatchMove, type PlacementCheck } from './lifecycle';
export { createBooking, RELEASE_HOLDS_JOB, releaseExpiredHolds } from './bookings.service';
export { jobMinutes, priceAppointment } from './job-pricing';
// The self-service rule and mail, shared by the account's pages and the Manage link (decision 050).
export { assertChangeable, countMoves, mailSelfServiceCancellation, mailSelfServiceMove } from './bookings-account.service';
export { findBookingView, listBookingUpdates, listBookingViews, toUpdateView } from './bookings.repository';
export { findBooking } from './checkout.repository';
// The ledger's read side (decision 049): a booking's rows and summary, and revenue summed from the rows.
export { ledgerView, revenueByBooking, revenueCents, summaryOf, tipsByTechnician, toEntryView } from './ledger';
export { notLapsedHoldSql } from './hold-sql';
export { buildCalendar, type CalendarEvent } from './ics';
export { manageUrl, PAY_LINK_DAYS, payUrl, trackingUrl } from './confirmation-mail';
// The language a booking's customer is written to in: the account's, or the one a guest booked in (decision 050).
export { bookingLanguage } from './mail-language';
export { emailBalanceFailed } from './payment-mail';
export { cancellationIcs } from './cancellation-ics';
// The cancellation policy's money (decision 057): what a customer's cancellation costs now.
export { cancelQuote } from './policy-fees';
export { blockNotes, blockReasonOf } from './blocked-time';
// The day's capacity model, read by the slot lists and the schedule grid; only the verbs claim (decision 036).
export { slotsForDay, slotsOfDay } from './slot-capacity';
export { loadDay as loadSlotDay, openWindows, type DayView as SlotDay } from './slot-day.repository';
// Who can get where on a day (decision 055): the slot list's cached view and rule, the claim's twin.
export { loadReachDay, provideTechnicianDays, reachableMinutes, type ReachDay } from './reach-day';

import { subscribe } from '../../events/booking-events';
import { customerMailSubscriber } from './customer-mail';

// The customer's e-mails follow the booking's events. The route registry and the job list load this face,
// so every app and every worker subscribes before it writes or delivers an event.
subscribe(customerMailSubscriber);
