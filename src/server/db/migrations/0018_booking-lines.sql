CREATE TABLE "booking_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"vehicle_index" integer,
	"vehicle_id" uuid,
	"vehicle_label" text,
	"size_class" text,
	"kind" text NOT NULL,
	"item_id" uuid,
	"label" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_lines_booking_idx" ON "booking_lines" USING btree ("booking_id","position");--> statement-breakpoint
-- Every booking sold before lines existed becomes one sedan with its service, then its fee and tax (decision 043).
INSERT INTO "booking_lines" ("booking_id", "vehicle_index", "vehicle_label", "size_class", "kind", "item_id", "label", "amount_cents", "minutes", "position")
SELECT b."id", 0, NULLIF(b."vehicle", ''), 'sedan', 'service', b."service_id", s."name", round(b."service_price" * 100)::integer, b."duration_minutes", 0
FROM "bookings" b JOIN "services" s ON s."id" = b."service_id" WHERE NOT b."is_blocked";
--> statement-breakpoint
INSERT INTO "booking_lines" ("booking_id", "kind", "label", "amount_cents", "minutes", "position")
SELECT b."id", 'service_fee', 'Service fee', round(b."service_fee" * 100)::integer, 0, 1 FROM "bookings" b WHERE NOT b."is_blocked";
--> statement-breakpoint
INSERT INTO "booking_lines" ("booking_id", "kind", "label", "amount_cents", "minutes", "position")
SELECT b."id", 'tax', 'Tax', round(b."tax" * 100)::integer, 0, 2 FROM "bookings" b WHERE NOT b."is_blocked";
