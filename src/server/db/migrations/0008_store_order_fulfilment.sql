ALTER TABLE "shopify_orders" ADD COLUMN "fulfillment_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD COLUMN "fulfillment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD COLUMN "fulfillment_error" text;