ALTER TABLE "booking_updates" ADD COLUMN "kind" text DEFAULT 'note' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_updates" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "service_price" numeric(10, 2);--> statement-breakpoint
-- The one time the service price is derived from the stored amounts: rows from before the breakdown was kept.
UPDATE "bookings" SET "service_price" = "total_amount" - "service_fee" - "tax";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "service_price" SET NOT NULL;--> statement-breakpoint
-- Payment status is a closed set: a declined card leaves the booking unpaid (the decline is an update),
-- and time booked by the business without a card payment is paid on site.
UPDATE "bookings" SET "payment_status" = 'unpaid' WHERE "payment_status" = 'failed';--> statement-breakpoint
UPDATE "bookings" SET "payment_status" = 'on_site' WHERE "payment_status" = 'manual';--> statement-breakpoint
-- Older updates keep their English sentence as the note (params.legacy) and get the kind it describes.
UPDATE "booking_updates" SET "kind" = CASE
    WHEN "message" LIKE 'Rescheduled%' OR "message" LIKE 'Appointment moved%' THEN 'rescheduled'
    WHEN "message" = 'Payment received. Your booking is confirmed.' THEN 'payment_received'
    WHEN "message" = 'The card payment was declined, so the time was released.' THEN 'payment_declined'
    WHEN "message" LIKE 'The booking was not paid within%' THEN 'hold_expired'
    WHEN "message" LIKE 'Payment arrived after the hold%' THEN 'late_payment_refunded'
    WHEN "message" LIKE 'Cancelled by the customer%' THEN 'cancelled'
    WHEN "message" LIKE 'Driver assigned:%' THEN 'driver_assigned'
    WHEN "message" = 'Driver unassigned' THEN 'driver_unassigned'
    WHEN "message" = 'Appointment booked by the business.' THEN 'created'
    WHEN "message" IN ('Booking details updated by the business.', 'Appointment details updated.') THEN 'details_updated'
    ELSE 'status_changed'
  END,
  "params" = jsonb_build_object('status', "status", 'legacy', true);
