ALTER TABLE "booking_payments" ADD COLUMN "technician_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_payments_tips_idx" ON "booking_payments" USING btree ("created_at") WHERE "booking_payments"."kind" = 'tip';--> statement-breakpoint
-- Tips recorded before (collected by hand) belong to the booking's technician.
UPDATE "booking_payments" SET "technician_id" = b."assigned_driver_id" FROM "bookings" b WHERE b."id" = "booking_payments"."booking_id" AND "booking_payments"."kind" = 'tip' AND "booking_payments"."technician_id" IS NULL;
