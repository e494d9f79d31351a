ALTER TABLE "offers" ADD COLUMN "subtitle" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "faq" jsonb;