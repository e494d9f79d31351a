ALTER TABLE "shopify_product_mappings" ALTER COLUMN "service_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_product_mappings" ADD COLUMN "add_on_id" uuid;--> statement-breakpoint
ALTER TABLE "shopify_product_mappings" ADD COLUMN "size_class" text;--> statement-breakpoint
ALTER TABLE "shopify_product_mappings" ADD COLUMN "variant_sizes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_product_mappings" ADD CONSTRAINT "shopify_product_mappings_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written backfill: a product the sync already mapped and tagged `vehicle:<size>` keeps that size.
UPDATE "shopify_product_mappings" m SET "size_class" = substring(p."tags" from 'vehicle:(sedan|suv|oversize)') FROM "shopify_products" p WHERE p."shopify_product_id" = m."shopify_product_id" AND m."size_class" IS NULL AND p."tags" ~ 'vehicle:(sedan|suv|oversize)';
