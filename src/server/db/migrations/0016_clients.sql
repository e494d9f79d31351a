CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"phone_digits" text,
	"user_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"merged_into" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_merged_into_clients_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_user_uq" ON "clients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_live_email_uq" ON "clients" USING btree ("email") WHERE "clients"."merged_into" is null;--> statement-breakpoint
CREATE INDEX "clients_phone_digits_idx" ON "clients" USING btree ("phone_digits");--> statement-breakpoint
CREATE INDEX "clients_merged_into_idx" ON "clients" USING btree ("merged_into");--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_client_idx" ON "bookings" USING btree ("client_id","scheduled_date");--> statement-breakpoint
-- Backfill (docs/decisions/039-clients.md): every customer account is a client; then each booking finds its
-- client by account, then by e-mail, then by phone digits, and a new client is made per e-mail, then per phone.
INSERT INTO "clients" ("name", "email", "phone", "phone_digits", "user_id", "created_at")
SELECT u."full_name", lower(u."email"), u."phone", (CASE WHEN length(regexp_replace(coalesce(u."phone", ''), '\D', '', 'g')) >= 7 THEN right(regexp_replace(u."phone", '\D', '', 'g'), 10) END), u."id", u."created_at"
FROM "users" u WHERE u."role" = 'customer' AND u."deleted_at" IS NULL;
--> statement-breakpoint
UPDATE "bookings" b SET "client_id" = c."id" FROM "clients" c
WHERE c."user_id" = b."user_id" AND b."client_id" IS NULL AND NOT b."is_blocked";
--> statement-breakpoint
INSERT INTO "clients" ("name", "email", "phone", "phone_digits", "created_at")
SELECT DISTINCT ON (lower(b."guest_email")) b."guest_name", lower(b."guest_email"), b."guest_phone", (CASE WHEN length(regexp_replace(coalesce(b."guest_phone", ''), '\D', '', 'g')) >= 7 THEN right(regexp_replace(b."guest_phone", '\D', '', 'g'), 10) END), b."created_at"
FROM "bookings" b
WHERE b."client_id" IS NULL AND NOT b."is_blocked" AND coalesce(b."guest_email", '') <> ''
  AND NOT EXISTS (SELECT 1 FROM "clients" c WHERE c."email" = lower(b."guest_email"))
ORDER BY lower(b."guest_email"), b."created_at" DESC;
--> statement-breakpoint
UPDATE "bookings" b SET "client_id" = c."id" FROM "clients" c
WHERE c."email" = lower(b."guest_email") AND c."merged_into" IS NULL AND b."client_id" IS NULL AND NOT b."is_blocked";
--> statement-breakpoint
UPDATE "bookings" b SET "client_id" = (SELECT c."id" FROM "clients" c WHERE c."phone_digits" = (CASE WHEN length(regexp_replace(coalesce(b."guest_phone", ''), '\D', '', 'g')) >= 7 THEN right(regexp_replace(b."guest_phone", '\D', '', 'g'), 10) END) AND c."merged_into" IS NULL ORDER BY c."created_at" LIMIT 1)
WHERE b."client_id" IS NULL AND NOT b."is_blocked" AND (CASE WHEN length(regexp_replace(coalesce(b."guest_phone", ''), '\D', '', 'g')) >= 7 THEN right(regexp_replace(b."guest_phone", '\D', '', 'g'), 10) END) IS NOT NULL;
--> statement-breakpoint
INSERT INTO "clients" ("name", "phone", "phone_digits", "created_at")
SELECT DISTINCT ON ((CASE WHEN length(regexp_replace(coalesce(b."guest_phone", ''), '\D', '', 'g')) >= 7 THEN right(regexp_replace(b."guest_phone", '\D', '', 'g'), 10) END)) b."guest_name", b."guest_phone", (CASE WHEN length(regexp_replace(coalesce(b."guest_phone", ''), '\D', '', 'g')) >= 7 THEN right(regexp_replace(b."guest_phone", '\D', '', 'g'), 10) END), b."created_at"
FROM "bookings" b
WHERE b."client_id" IS NULL AND NOT b."is_blocked" AND (CASE WHEN length(regexp_replace(coalesce(b."guest_phone", ''), '\D', '', 'g')) >= 7 THEN right(regexp_replace(b."guest_phone", '\D', '', 'g'), 10) END) IS NOT NULL
ORDER BY (CASE WHEN length(regexp_replace(coalesce(b."guest_phone", ''), '\D', '', 'g')) >= 7 THEN right(regexp_replace(b."guest_phone", '\D', '', 'g'), 10) END), b."created_at" DESC;
--> statement-breakpoint
UPDATE "bookings" b SET "client_id" = c."id" FROM "clients" c
WHERE c."phone_digits" = (CASE WHEN length(regexp_replace(coalesce(b."guest_phone", ''), '\D', '', 'g')) >= 7 THEN right(regexp_replace(b."guest_phone", '\D', '', 'g'), 10) END) AND c."email" IS NULL AND c."user_id" IS NULL AND b."client_id" IS NULL AND NOT b."is_blocked";
