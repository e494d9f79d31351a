CREATE TABLE "weather_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"job_date" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"precipitation_percent" integer NOT NULL,
	"slot_ids" text[] NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"moved_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "weather_offers" ADD CONSTRAINT "weather_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weather_offers_booking_day_uq" ON "weather_offers" USING btree ("booking_id","job_date");--> statement-breakpoint
CREATE INDEX "weather_offers_state_idx" ON "weather_offers" USING btree ("state");