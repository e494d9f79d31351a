CREATE TABLE "business_settings" (
	"section" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technician_exceptions" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_exceptions_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "technician_hours" (
	"user_id" uuid NOT NULL,
	"day_of_week" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	CONSTRAINT "technician_hours_user_id_day_of_week_pk" PRIMARY KEY("user_id","day_of_week")
);
--> statement-breakpoint
CREATE TABLE "technician_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"works_jobs" boolean DEFAULT true NOT NULL,
	"start_label" text,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"end_label" text,
	"end_latitude" double precision,
	"end_longitude" double precision,
	"limited_services" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technician_services" (
	"user_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "technician_services_user_id_service_id_pk" PRIMARY KEY("user_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "travel_times" (
	"from_key" text NOT NULL,
	"to_key" text NOT NULL,
	"band" text NOT NULL,
	"minutes" integer NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "travel_times_pair_uq" UNIQUE("from_key","to_key","band","provider")
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_exceptions" ADD CONSTRAINT "technician_exceptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_hours" ADD CONSTRAINT "technician_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_profiles" ADD CONSTRAINT "technician_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_services" ADD CONSTRAINT "technician_services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_services" ADD CONSTRAINT "technician_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technician_services_service_idx" ON "technician_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "travel_times_created_idx" ON "travel_times" USING btree ("created_at");