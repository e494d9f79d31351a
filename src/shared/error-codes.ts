/**
 * Every code the API answers an error with, and its HTTP status: the one table both sides read. A code
 * names what went wrong in the domain (`SLOT_FULL`, `HOLD_EXPIRED`); its params carry the values a message
 * needs (`{ zip }`). The server's English `message` is for API users and logs; the web renders its own
 * words from code + params, per language (codes on the wire, words on the client).
 *
 * The generic codes at the top are what a failure is called until it has a domain name; new code adds a
 * domain code below instead of reusing a generic one.
 */
export const ERROR_STATUS = {
  // Generic
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  /** The database dropped or refused the connection (restart, failover): retry in a moment. */
  DATABASE_UNAVAILABLE: 503,
  /** Request input that fails its schema; params.field names the first bad field. */
  INVALID_INPUT: 400,
  /** Text holding a NUL character or half of a surrogate pair, anywhere in the request. params.field names it. */
  INVALID_TEXT: 400,
  // Booking and checkout
  SLOT_FULL: 409,
  /** A visitor already holds the most live checkouts allowed (params: { max }); finish or wait for one. */
  HOLD_LIMIT_REACHED: 429,
  /** Not a start the day offers (closed, outside the hours, or too soon). */
  SLOT_INVALID: 400,
  BOOKING_NOT_FOUND: 404,
  SERVICE_NOT_FOUND: 404,
  /** The service exists but is switched off. */
  SERVICE_UNAVAILABLE: 404,
  /** params: { service, serviceType } */
  SERVICE_TYPE_NOT_OFFERED: 400,
  SLOT_REQUIRED: 400,
  GUEST_EMAIL_REQUIRED: 400,
  GUEST_EMAIL_INVALID: 400,
  ADDRESS_REQUIRED: 400,
  ADDRESS_INCOMPLETE: 400,
  ADDRESS_NOT_FOUND: 404,
  SIGN_IN_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  /** params: { from, to } */
  TRANSITION_NOT_ALLOWED: 409,
  NOT_YOUR_BOOKING: 403,
  /** The booking is no longer one a driver works on. */
  BOOKING_NOT_ACTIVE: 409,
  /** Completing a job before its day needs a reason (the status message). */
  EARLY_COMPLETION_REASON_REQUIRED: 400,
  /** params: { action, reason: 'cancelled' | 'completed' | 'under_way' | 'too_late', phone? } */
  SELF_SERVICE_CLOSED: 409,
  SAME_TIME: 400,
  REVIEW_NOT_ALLOWED: 409,
  ALREADY_REVIEWED: 409,
  RECEIPT_NOT_READY: 409,
  HOLD_EXPIRED: 410,
  ALREADY_PAID: 409,
  /** Cancelled, finished, or paid another way (on site): no card payment is taken for it. */
  BOOKING_NOT_PAYABLE: 409,
  PAYMENT_MISMATCH: 400,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_METHOD_NOT_FOUND: 404,
  PAYMENT_NOT_COMPLETED: 409,
  PAYMENT_IN_PROGRESS: 409,
  /** params: { reason } (the provider's decline text) */
  PAYMENT_DECLINED: 402,
  PAYMENT_UNAVAILABLE: 503,
  TEST_PAYMENTS_DISABLED: 404,
  /** params: { reason } */
  CARD_INVALID: 400,
  /** params: { phone } */
  PAID_ELSEWHERE: 409,
  REFUND_FAILED: 503,
  WEBHOOK_SIGNATURE_INVALID: 400,
  /** params: { day } — the admin picked a time the day does not offer; day: 'past' | 'closed' | 'open' */
  TIME_NOT_OPEN: 400,
  /** params: { reason } — the admin's time overlaps blocked time (its typed reason, or 'Blocked time'). */
  TIME_BLOCKED: 409,
  // The back office's schedule and bookings
  SERVICE_REQUIRED: 400,
  /** The admin picked an address that is not one of the booking customer's. */
  ADDRESS_NOT_CUSTOMERS: 400,
  DRIVER_NOT_AVAILABLE: 400,
  /**
   * The dispatch rule refused a technician's assignment or move (decision 056); the owner may confirm an
   * override. params: { kind: overlap | drive_before | drive_after | outside_hours | service, technicianName,
   * customerName?, time?, service?, driveMinutes?, overridable: 'conflict' }
   */
  ASSIGNMENT_CONFLICT: 409,
  /** Plan day's order no longer matches the technician's day (a job changed meanwhile): plan again. */
  PLAN_STALE: 409,
  APPOINTMENT_NOT_FOUND: 404,
  AVAILABILITY_NOT_FOUND: 404,
  CLOSURE_NOT_FOUND: 404,
  /** params: { maxDays } */
  RANGE_TOO_LONG: 400,
  WEEK_INCOMPLETE: 400,
  // Live tracking
  /** The driver's position is for the booking's owner, staff and the holder of the tracking link. */
  TRACKING_LINK_REQUIRED: 401,
  TRACKING_LINK_INVALID: 403,
  // Accounts and sign-in
  NOT_SIGNED_IN: 401,
  WRONG_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 403,
  EMAIL_TAKEN: 409,
  VERIFY_LINK_INVALID: 400,
  ALREADY_VERIFIED: 400,
  RESET_LINK_INVALID: 400,
  /** The e-mailed link that keeps a guest's booking in a new account: unknown, used or older than 24 hours. */
  CLAIM_LINK_INVALID: 400,
  CURRENT_PASSWORD_INCORRECT: 400,
  PASSWORD_INCORRECT: 400,
  SAME_PASSWORD: 400,
  STAFF_SELF_DELETE: 403,
  /** params.phone: the business's phone number. */
  UPCOMING_BOOKINGS_BLOCK_DELETION: 409,
  ADMIN_ONLY: 403,
  NO_ACCESS: 403,
  CROSS_ORIGIN_REFUSED: 403,
  // Saved addresses, cards and the address finder (ADDRESS_NOT_FOUND and PAYMENT_METHOD_NOT_FOUND above)
  /** params.max: how many addresses a customer may save. */
  ADDRESS_LIMIT_REACHED: 400,
  CARD_LIMIT_REACHED: 400,
  CARD_SETUP_NOT_COMPLETED: 409,
  /** params: { zip, phone } — the five-digit ZIP we do not serve, and the business's phone. */
  OUTSIDE_SERVICE_AREA: 400,
  /** params: { driveMinutes, maxMinutes, phone } — a served ZIP, but farther than the last travel band (decision 054). */
  BEYOND_SERVICE_AREA: 400,
  LOCATION_ADDRESS_NOT_FOUND: 404,
  ADDRESS_SEARCH_RATE_LIMITED: 429,
  LOCATION_LOOKUP_RATE_LIMITED: 429,
  CARD_REMOVAL_UNAVAILABLE: 503,
  // Back office: customers, staff, services and images (SERVICE_NOT_FOUND above)
  CUSTOMER_NOT_FOUND: 404,
  NO_ACCOUNT_FOR_EMAIL: 404,
  TARGET_ACCOUNT_DISABLED: 400,
  STAFF_NOT_FOUND: 404,
  STAFF_DISABLED: 400,
  // Technicians (decision 051)
  TECHNICIAN_PLACE_TOO_FAR: 400,
  TECHNICIAN_SERVICE_UNKNOWN: 400,
  TECHNICIAN_EXCEPTION_IN_PAST: 400,
  TECHNICIAN_EXCEPTION_NOT_FOUND: 404,
  SERVICE_FIELDS_MISSING: 400,
  ADMIN_ACCOUNT_MISSING: 404,
  IMAGE_NOT_MULTIPART: 400,
  IMAGE_MISSING: 400,
  IMAGE_TOO_LARGE: 400,
  IMAGE_TYPE_UNSUPPORTED: 400,
  IMAGE_NOT_FOUND: 404,
  ADD_ON_NOT_FOUND: 404,
  /** params: { addOnId } — the add-on is inactive or does not apply to that vehicle's service. */
  ADD_ON_NOT_AVAILABLE: 400,
  // A customer's saved vehicles
  VEHICLE_NOT_FOUND: 404,
  /** params.max: how many vehicles a customer may save. */
  VEHICLE_LIMIT_REACHED: 400,
  // Prepaid packages
  PACKAGE_NOT_FOUND: 404,
  PACKAGE_NOT_ACTIVE: 409,
  PACKAGE_EXPIRED: 409,
  PACKAGE_USED_UP: 409,
  /** params: { service } */
  PACKAGE_WRONG_SERVICE: 400,
  /** A package credit pays for one vehicle's service: no second vehicle, no add-ons. */
  PACKAGE_ONE_VEHICLE: 400,
  PACKAGE_FREE: 400,
  PACKAGE_ALREADY_REFUNDED: 409,
  PACKAGE_NOT_REFUNDABLE: 409,
  NOT_YOUR_PURCHASE: 403,
  // Memberships (decision 059)
  PLAN_NOT_FOUND: 404,
  MEMBERSHIP_NOT_FOUND: 404,
  /** The customer already has a live membership of this plan. */
  MEMBERSHIP_EXISTS: 409,
  /** params: { status } — the membership cannot do that in its state (pause a cancelled one…). */
  MEMBERSHIP_STATE: 409,
  /** Nothing is owed on this membership. */
  MEMBERSHIP_NOTHING_DUE: 409,
  MEMBERSHIP_PAY_WITH_SAVED_CARD: 409,
  /** The membership's plan offers no standing appointment (decision 066). */
  STANDING_NOT_OFFERED: 409,
  STANDING_NOT_FOUND: 404,
  // Analytics and the promotional offer
  OFFER_NOT_FOUND: 404,
  /** The offer is over or not live: book at the regular price. */
  OFFER_ENDED: 409,
  /** params: { vehicleType? } — the offer does not cover this service or vehicle type. */
  OFFER_NOT_APPLICABLE: 400,
  // The owner's day: safe actions, double submits, sign-in throttling
  /** A paid or customer-made booking is cancelled (and refunded), never deleted. */
  BOOKING_NOT_DELETABLE: 409,
  /** A cancelled or completed booking is neither moved nor edited. params: { status } */
  BOOKING_CLOSED: 409,
  /** Deleting a customer whose bookings lie ahead: cancel them first. params: { count } */
  CUSTOMER_HAS_UPCOMING_BOOKINGS: 409,
  /** params: { reason: 'same' | 'two_accounts' } — two clients that each have an account stay two. */
  CLIENT_MERGE_REFUSED: 409,
  BLOCKED_TIME_NOT_FOUND: 404,
  /** Blocked time is changed in its own editor, not the appointment form. */
  BLOCKED_TIME_EDITOR: 409,
  /** A refunded booking cannot be made active again; book a new appointment. */
  BOOKING_REFUNDED: 409,
  /** More than is left to pay of the booking (a tip is recorded as a tip). params: { balanceCents } */
  AMOUNT_OVER_BALANCE: 409,
  /** More than was paid and not yet refunded. params: { refundableCents } */
  REFUND_EXCEEDS_PAID: 409,
  /** A payment is recorded only on a live or finished booking (not a pending hold, cancelled or blocked time). params: { status } */
  BOOKING_NOT_COLLECTABLE: 409,
  /** A tip is taken only once the job is completed. params: { status } */
  TIP_NOT_ALLOWED: 409,
  /** A booking refunded in full takes no tip. */
  TIP_AFTER_REFUND: 409,
  PROMO_CODE_NOT_FOUND: 404,
  /** A code bookings used is kept (switched off), not deleted. */
  PROMO_CODE_IN_USE: 409,
  /** Checkout's promo code refusals. params: { code } */
  PROMO_CODE_UNKNOWN: 422,
  PROMO_CODE_EXPIRED: 422,
  PROMO_CODE_NOT_FOR_SERVICE: 422,
  PROMO_CODE_USED_UP: 409,
  PROMO_CODE_ALREADY_USED: 409,
  /** A promo code is not combined with a prepaid package or the offer. */
  PROMO_CODE_NOT_COMBINABLE: 409,
  /** A booking that takes a deposit needs the customer's consent to the cancellation policy and the saved card. */
  POLICY_CONSENT_REQUIRED: 422,
  /** Not a booking whose customer was absent: only a confirmed or under-way booking whose time has come. params: { status } */
  NO_SHOW_NOT_ALLOWED: 409,
  /** A cancellation inside the free-cancellation window keeps a fee: it is shown first and confirmed (`acceptFeeCents`). params: { feeCents, refundCents } */
  LATE_CANCEL_FEE_UNCONFIRMED: 409,
  /** A policy fee is charged only on a booking whose customer agreed to the cancellation policy. */
  NO_POLICY_CONSENT: 409,
  /** The same Idempotency-Key is still being processed. */
  REQUEST_IN_PROGRESS: 409,
  /** A unique value (an e-mail, a name) is taken. params: { field } when known */
  ALREADY_EXISTS: 409,
  /** The same availability window already exists on that day. params: { startTime, endTime, date } */
  AVAILABILITY_EXISTS: 409,
  /** Too many failed sign-ins for this account from this address. params: { minutes } */
  SIGN_IN_LOCKED: 429,
  /** A calendar feed token that is unknown or revoked. */
  CALENDAR_FEED_NOT_FOUND: 404,
  // The driver on the road
  /** Too many messages to the customer on one job in a short time. params: { limit, minutes } */
  DRIVER_NOTE_LIMIT: 429,
  // The online store: sync and webhooks
  /** A sync is running: a second start, or a reset, waits until it ends. */
  STORE_SYNC_RUNNING: 409,
  /** X-Shopify-Hmac-Sha256 is missing or does not match the body. Nothing was stored. */
  STORE_WEBHOOK_UNVERIFIED: 401,
  /** The store did not answer or refused the call (credentials, rate limit after back-off, outage). */
  STORE_UNAVAILABLE: 502,
  // Store orders that become bookings: fulfilment and public scheduling
  /** Wrong order number or wrong e-mail: the same answer, so nobody can probe for orders. */
  STORE_ORDER_NOT_FOUND: 404,
  /** params: { bookingId, status, scheduledDate } — one booking per order. */
  STORE_ORDER_ALREADY_BOOKED: 409,
  /** params: { financialStatus } — only paid, not cancelled orders can be scheduled. */
  STORE_ORDER_NOT_PAYABLE: 409,
  /** The service is not one the order's products map to. */
  STORE_SERVICE_NOT_IN_ORDER: 400,
  /** The slot is not on the day the customer chose. */
  STORE_SLOT_DATE_MISMATCH: 400,
  /** The product to map is not in the mirror (not synced yet, or deleted in the store). */
  STORE_PRODUCT_NOT_FOUND: 404,
  STORE_ORDER_LOOKUP_RATE_LIMITED: 429,
  // Offline address step and the guest's account offer
  /** The browser's position is outside the service county. params: { county } */
  LOCATION_OUTSIDE_AREA: 422,
  /** The guest tracking token is missing, wrong or not for this booking. */
  GUEST_LINK_INVALID: 403,
  /** This guest booking already belongs to an account. */
  BOOKING_ALREADY_LINKED: 409,
  // Chain of custody for pickup jobs (decision 048)
  INSPECTION_NOT_MULTIPART: 400,
  INSPECTION_DATA_FIRST: 400,
  INSPECTION_PART_UNKNOWN: 400,
  INSPECTION_TOO_MANY_PHOTOS: 400,
  INSPECTION_PHOTO_TOO_LARGE: 413,
  INSPECTION_PHOTO_TYPE_UNSUPPORTED: 415,
  INSPECTION_PHOTOS_MISSING: 400,
  INSPECTION_SIGNATURE_REQUIRED: 400,
  INSPECTION_NOT_PICKUP_JOB: 409,
  INSPECTION_NOT_NOW: 409,
  INSPECTION_ALREADY_RECORDED: 409,
  INSPECTION_CORRECTION_INVALID: 409,
  INSPECTION_PHOTO_NOT_FOUND: 404,
  INSPECTION_CONCERN_CUSTOMER_ONLY: 403,
  INSPECTION_CONCERN_NOT_OPEN: 409,
  INSPECTION_CONCERN_LIMIT: 409,
  // Customers' messages (decision 050)
  /** A Manage or Rate link that is altered, for another purpose or another booking. params: { reason } */
  MESSAGE_LINK_INVALID: 403,
  /** A Manage or Rate link past its end (the booking's start, or 30 days for a rating). */
  MESSAGE_LINK_EXPIRED: 410,
  /** A weather link whose booking has no offer to answer. */
  WEATHER_OFFER_NOT_FOUND: 404,
  /** The weather offer was already answered the other way (kept, or moved). params: { state } */
  WEATHER_OFFER_USED: 409,
  /** The weather offer no longer applies: the booking moved, was cancelled or has started. */
  WEATHER_OFFER_EXPIRED: 410,
  /** A move to a start the weather offer did not name. */
  WEATHER_SLOT_NOT_OFFERED: 400,
  /** X-Twilio-Signature is missing or does not match the request. Nothing was changed. */
  SMS_WEBHOOK_UNVERIFIED: 401,
  /** Twilio is not configured (TWILIO_*), so there is no inbound text to take. */
  SMS_NOT_CONFIGURED: 404,
  // Outbound webhooks (decision 052)
  /** A webhook URL that is not https in production, or whose host resolves to a private, loopback or link-local address. params: { host } */
  WEBHOOK_URL_REFUSED: 400,
  WEBHOOK_ENDPOINT_NOT_FOUND: 404,
  // Operations: metrics and backups
  /** /metrics from another machine without the right `Authorization: Bearer` METRICS_TOKEN. */
  METRICS_TOKEN_REQUIRED: 401,
  /** A backup was asked for, but BACKUP_DIR is not set for this server. */
  BACKUP_NOT_CONFIGURED: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Values a message needs; flat and JSON-safe so every language can interpolate them. */
export type ErrorParams = Record<string, string | number | boolean | null>;

/** The body of every error response. */
export interface ErrorBody {
  code: string;
  message: string;
  params?: ErrorParams;
  /** On 5xx answers: the request's id (also in the X-Request-Id header), as the server's log lines carry it. */
  requestId?: string;
}
