CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"purpose" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "short_links_target_path" CHECK (left("short_links"."target", 1) = '/' and substr("short_links"."target", 2, 1) not in ('/', '\'))
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_once_uq" ON "short_links" USING btree ("booking_id","purpose","target");--> statement-breakpoint
CREATE INDEX "short_links_expires_idx" ON "short_links" USING btree ("expires_at");