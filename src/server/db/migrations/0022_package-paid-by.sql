ALTER TABLE "package_purchases" ADD COLUMN "paid_by" text DEFAULT 'complimentary' NOT NULL;--> statement-breakpoint
-- Backfill: a purchase with a provider payment was paid by card; every earlier manual assignment was complimentary (the default).
UPDATE "package_purchases" SET "paid_by" = 'card' WHERE "payment_intent_id" IS NOT NULL;
