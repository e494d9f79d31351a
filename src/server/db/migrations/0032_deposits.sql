ALTER TABLE "services" ADD COLUMN "deposit" jsonb DEFAULT '{"kind":"none","value":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "policy_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;