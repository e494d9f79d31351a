-- Read caches (docs/decisions/018): every change that can alter a day's slots or the catalogue is sent
-- on the glint_cache channel when its transaction commits, whoever wrote it. Payloads name the days.
CREATE OR REPLACE FUNCTION glint_notify_booking_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('glint_cache', json_build_object('type', 'slots', 'dates', json_build_array(NEW.business_date))::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('glint_cache', json_build_object('type', 'slots', 'dates', json_build_array(OLD.business_date))::text);
  ELSIF OLD.business_date = NEW.business_date THEN
    PERFORM pg_notify('glint_cache', json_build_object('type', 'slots', 'dates', json_build_array(NEW.business_date))::text);
  ELSE
    PERFORM pg_notify('glint_cache', json_build_object('type', 'slots', 'dates', json_build_array(OLD.business_date, NEW.business_date))::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_notify_days_write AFTER INSERT OR DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION glint_notify_booking_days();
--> statement-breakpoint
CREATE TRIGGER bookings_notify_days_update AFTER UPDATE ON bookings FOR EACH ROW
  WHEN (OLD.business_date IS DISTINCT FROM NEW.business_date OR OLD.scheduled_date IS DISTINCT FROM NEW.scheduled_date
    OR OLD.duration_minutes IS DISTINCT FROM NEW.duration_minutes OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.is_blocked IS DISTINCT FROM NEW.is_blocked OR OLD.hold_expires_at IS DISTINCT FROM NEW.hold_expires_at)
  EXECUTE FUNCTION glint_notify_booking_days();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION glint_notify_availability_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('glint_cache', json_build_object('type', 'slots', 'dates', json_build_array(NEW.date))::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('glint_cache', json_build_object('type', 'slots', 'dates', json_build_array(OLD.date))::text);
  ELSE
    PERFORM pg_notify('glint_cache', json_build_object('type', 'slots', 'dates', json_build_array(OLD.date, NEW.date))::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER business_availability_notify_days AFTER INSERT OR UPDATE OR DELETE ON business_availability FOR EACH ROW EXECUTE FUNCTION glint_notify_availability_days();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION glint_notify_all_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('glint_cache', '{"type":"slots","dates":null}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER business_hours_notify_days AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_hours FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_all_days();
--> statement-breakpoint
CREATE TRIGGER business_closures_notify_days AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_closures FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_all_days();
--> statement-breakpoint
CREATE TRIGGER bookings_notify_days_truncate AFTER TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_all_days();
--> statement-breakpoint
CREATE TRIGGER business_availability_notify_truncate AFTER TRUNCATE ON business_availability FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_all_days();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION glint_notify_services() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('glint_cache', '{"type":"services"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER services_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_services();
