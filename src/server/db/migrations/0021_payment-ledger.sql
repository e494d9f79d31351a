ALTER TABLE "booking_payments" ALTER COLUMN "provider" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ALTER COLUMN "intent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "kind" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "refund_of" uuid;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_refund_of_booking_payments_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."booking_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_idempotency_uq" ON "booking_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "booking_payments_booking_idx" ON "booking_payments" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_payments_created_idx" ON "booking_payments" USING btree ("created_at");--> statement-breakpoint
-- Hand-written backfill (decision 049): every booking that was paid before the ledger gets its payment as a
-- row (a card charge, or the store or a package credit per how it was paid), then every charge that was given
-- back gets its refund as a row of its own, and the charge row stays `succeeded`.
INSERT INTO "booking_payments" ("booking_id", "kind", "method", "provider", "intent_id", "amount_cents", "status", "created_at", "updated_at")
SELECT b."id", 'full',
       CASE b."payment_status" WHEN 'package' THEN 'package_credit' WHEN 'store' THEN 'store' ELSE 'card' END,
       CASE WHEN b."payment_status" IN ('paid', 'refunded', 'partially_refunded') THEN coalesce(b."payment_provider", 'test') END,
       CASE WHEN b."payment_status" IN ('paid', 'refunded', 'partially_refunded') THEN b."payment_intent_id" END,
       round(b."total_amount" * 100)::int,
       CASE WHEN b."payment_status" = 'refunded' THEN 'refunded' ELSE 'succeeded' END,
       b."created_at", b."updated_at"
FROM "bookings" b
WHERE b."is_blocked" = false
  AND b."payment_status" IN ('paid', 'refunded', 'partially_refunded', 'store', 'package')
  AND NOT EXISTS (SELECT 1 FROM "booking_payments" p WHERE p."booking_id" = b."id" AND p."status" IN ('succeeded', 'refunded'))
ON CONFLICT ("provider", "intent_id") DO UPDATE SET "status" = EXCLUDED."status";
--> statement-breakpoint
INSERT INTO "booking_payments" ("booking_id", "kind", "method", "provider", "amount_cents", "status", "refund_of", "created_at", "updated_at")
SELECT p."booking_id", 'refund', p."method", p."provider", p."amount_cents", 'succeeded', p."id", p."updated_at", p."updated_at"
FROM "booking_payments" p
WHERE p."status" = 'refunded';
--> statement-breakpoint
UPDATE "booking_payments" SET "status" = 'succeeded' WHERE "status" = 'refunded' AND "kind" <> 'refund';
