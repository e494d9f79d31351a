-- Custom SQL migration file, put your code below! --
-- Reachability (decision 055): a day's starts now depend on who drives where, so the slot caches hear about
-- a booking's technician, place and service (per date), and about technicians and the business settings
-- (every day), whoever writes them (decision 018).
DROP TRIGGER IF EXISTS bookings_notify_days_update ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_notify_days_update AFTER UPDATE ON bookings FOR EACH ROW
  WHEN (OLD.business_date IS DISTINCT FROM NEW.business_date OR OLD.scheduled_date IS DISTINCT FROM NEW.scheduled_date
    OR OLD.duration_minutes IS DISTINCT FROM NEW.duration_minutes OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.is_blocked IS DISTINCT FROM NEW.is_blocked OR OLD.hold_expires_at IS DISTINCT FROM NEW.hold_expires_at
    OR OLD.assigned_driver_id IS DISTINCT FROM NEW.assigned_driver_id OR OLD.service_id IS DISTINCT FROM NEW.service_id
    OR OLD.service_type IS DISTINCT FROM NEW.service_type OR OLD.latitude IS DISTINCT FROM NEW.latitude
    OR OLD.longitude IS DISTINCT FROM NEW.longitude)
  EXECUTE FUNCTION glint_notify_booking_days();
--> statement-breakpoint
CREATE TRIGGER technician_profiles_notify_days AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON technician_profiles FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_all_days();
--> statement-breakpoint
CREATE TRIGGER technician_hours_notify_days AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON technician_hours FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_all_days();
--> statement-breakpoint
CREATE TRIGGER technician_exceptions_notify_days AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON technician_exceptions FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_all_days();
--> statement-breakpoint
CREATE TRIGGER technician_services_notify_days AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON technician_services FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_all_days();
--> statement-breakpoint
CREATE TRIGGER business_settings_notify_days AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_settings FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_all_days();
--> statement-breakpoint
-- Who works jobs: a new or removed driver, a role, a disabled or deleted account, a name (the lanes' label).
CREATE OR REPLACE FUNCTION glint_notify_users_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.role IS NOT DISTINCT FROM NEW.role AND OLD.is_disabled IS NOT DISTINCT FROM NEW.is_disabled
    AND OLD.deleted_at IS NOT DISTINCT FROM NEW.deleted_at AND OLD.full_name IS NOT DISTINCT FROM NEW.full_name THEN
    RETURN NULL;
  END IF;
  IF (TG_OP = 'DELETE' AND OLD.role IN ('driver', 'admin')) OR (TG_OP <> 'DELETE' AND NEW.role IN ('driver', 'admin'))
    OR (TG_OP = 'UPDATE' AND OLD.role IN ('driver', 'admin')) THEN
    PERFORM pg_notify('glint_cache', '{"type":"slots","dates":null}');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_days AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION glint_notify_users_days();
