CREATE TABLE "analytics_funnel_days" (
	"day" date PRIMARY KEY NOT NULL,
	"page_visits" integer NOT NULL,
	"account_created" integer NOT NULL,
	"guest_checkout" integer NOT NULL,
	"service_selected" integer NOT NULL,
	"payment_initiated" integer NOT NULL,
	"payment_completed" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"service_id" uuid,
	"ends_at" timestamp with time zone NOT NULL,
	"prices" jsonb NOT NULL,
	"store_variants" jsonb,
	"is_live" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "path" text;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_funnel_idx" ON "analytics_events" USING btree ("event_type","created_at","session_id");--> statement-breakpoint
CREATE INDEX "analytics_events_booking_idx" ON "analytics_events" USING btree (("event_data"->>'bookingId')) WHERE "analytics_events"."event_type" = 'booking_created';--> statement-breakpoint
CREATE INDEX "analytics_sessions_activity_idx" ON "analytics_sessions" USING btree ("last_activity");