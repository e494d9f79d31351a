/** Business constants: taxes, fees, limits and timings both sides must agree on. */
export const TIME_ZONE = 'America/Los_Angeles';
/** Tax is 10% of the service price (never of the fee). */
export const TAX_RATE_PERCENT = 10;
export const DEFAULT_SERVICE_FEE = '5.00';
export const SLOT_MINUTES = 30;
export const DEFAULT_OPEN_TIME = '09:00';
export const DEFAULT_CLOSE_TIME = '17:00';
export const DEFAULT_BUSINESS_CAPACITY = 3;
export const MIN_NOTICE_MINUTES = 120;
export const HOLD_MINUTES = 15;
/** Live checkout holds one visitor (an account, or a guest's browser on its network) may keep at once. */
export const MAX_LIVE_HOLDS = 2;
export const DESCRIPTION_PREVIEW_LENGTH = 120;
export const MAX_ADDRESS_SUGGESTIONS = 5;
export const ADDRESS_SUGGEST_MIN_CHARS = 3;
export const MAX_INITIALS = 2;
export const BOOKING_NUMBER_LENGTH = 8;
export const MPH_PER_MPS = 2.237;
export const CANCEL_NOTICE_HOURS = 24;
/**
 * A customer cancels online up to 2 hours before the start (decision 066): inside the free-cancellation window
 * the policy's fee is shown and confirmed first; rescheduling keeps the 24-hour notice.
 */
export const ONLINE_CANCEL_CUTOFF_HOURS = 2;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const SESSION_IDLE_DAYS = 30;
export const ADMIN_SESSION_HOURS = 12;
export const RESET_TOKEN_MINUTES = 60;
export const VERIFY_TOKEN_HOURS = 48;
export const TRACKING_REFETCH_MS = 30_000;
export const DRIVER_LOCATION_REFETCH_MS = 10_000;
export const DRIVER_STATUS_REFETCH_MS = 30_000;
export const DRIVER_BOOKINGS_REFETCH_MS = 10_000;
/** The customer's car (make, model, colour) and the gate code / parking notes they leave for the driver. */
export const VEHICLE_MAX = 80;
export const ACCESS_NOTES_MAX = 200;
/** A driver's message to the customer (a note on the tracking page, no status change). */
export const DRIVER_NOTE_MAX = 280;
/** At most this many driver notes per booking in DRIVER_NOTE_WINDOW_MINUTES (counted from the stored updates). */
export const DRIVER_NOTE_LIMIT = 5;
export const DRIVER_NOTE_WINDOW_MINUTES = 10;
export const SLOTS_STALE_MS = 5 * 60_000;
/** /admin/shopify polls the sync status this often while a sync runs. */
export const SYNC_POLL_MS = 2_000;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** A saved vehicle's year runs from this to next year (next year's models are on sale the summer before). */
export const VEHICLE_YEAR_MIN = 1950;
export const VEHICLE_NOTES_MAX = 500;
