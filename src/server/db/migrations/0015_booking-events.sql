CREATE TABLE "booking_event_deliveries" (
	"event_id" uuid NOT NULL,
	"subscriber" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"retry_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_event_deliveries_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
--> statement-breakpoint
CREATE TABLE "booking_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "booking_event_deliveries" ADD CONSTRAINT "booking_event_deliveries_event_id_booking_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."booking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_event_deliveries_pending_idx" ON "booking_event_deliveries" USING btree ("subscriber","booking_id","seq") WHERE "booking_event_deliveries"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","seq");