CREATE TABLE "inspection_concerns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"zone" text,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"odometer" integer NOT NULL,
	"fuel_eighths" integer NOT NULL,
	"damage" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_not_present" boolean DEFAULT false NOT NULL,
	"inspected_by" uuid,
	"latitude" double precision,
	"longitude" double precision,
	"finalised_at" timestamp with time zone NOT NULL,
	"corrects_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_concerns" ADD CONSTRAINT "inspection_concerns_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_inspected_by_users_id_fk" FOREIGN KEY ("inspected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_corrects_id_inspections_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."inspections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_concerns_booking_idx" ON "inspection_concerns" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "inspection_photos_inspection_idx" ON "inspection_photos" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "inspections_booking_idx" ON "inspections" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_original_uq" ON "inspections" USING btree ("booking_id","phase") WHERE "inspections"."corrects_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_corrects_uq" ON "inspections" USING btree ("corrects_id");--> statement-breakpoint
-- Hand-written (decision 048): a finalised inspection never changes; only a deleted user's id may be cleared.
CREATE FUNCTION inspections_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'inspections' THEN
    IF to_jsonb(NEW) -> 'inspected_by' = 'null'::jsonb AND (to_jsonb(NEW) - 'inspected_by') = (to_jsonb(OLD) - 'inspected_by') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'inspection records are final: a correction is a new record' USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER inspections_final BEFORE UPDATE ON inspections FOR EACH ROW EXECUTE FUNCTION inspections_refuse_update();
--> statement-breakpoint
CREATE TRIGGER inspection_photos_final BEFORE UPDATE ON inspection_photos FOR EACH ROW EXECUTE FUNCTION inspections_refuse_update();
