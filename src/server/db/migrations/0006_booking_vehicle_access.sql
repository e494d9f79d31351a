ALTER TABLE "bookings" ADD COLUMN "vehicle" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "access_notes" text;