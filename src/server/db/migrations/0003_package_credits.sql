CREATE TABLE "package_credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_purchase_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"booking_id" uuid,
	"admin_user_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD COLUMN "expiry_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD COLUMN "refunded_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "package_purchases" ADD COLUMN "assigned_by" uuid;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "validity_months" integer;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "package_credit_ledger" ADD CONSTRAINT "package_credit_ledger_package_purchase_id_package_purchases_id_fk" FOREIGN KEY ("package_purchase_id") REFERENCES "public"."package_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_credit_ledger" ADD CONSTRAINT "package_credit_ledger_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_credit_ledger_purchase_idx" ON "package_credit_ledger" USING btree ("package_purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_credit_ledger_booking_kind_uq" ON "package_credit_ledger" USING btree ("booking_id","kind");--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_purchases_payment_intent_uq" ON "package_purchases" USING btree ("payment_intent_id");