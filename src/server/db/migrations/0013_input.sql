ALTER TABLE "bookings" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "holder_network" text;--> statement-breakpoint
CREATE INDEX "bookings_live_holder_idx" ON "bookings" USING btree ("holder") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bookings_live_holder_network_idx" ON "bookings" USING btree ("holder_network") WHERE "bookings"."status" = 'pending';