DROP TABLE "service_availability" CASCADE;--> statement-breakpoint
DROP TABLE "time_slots" CASCADE;