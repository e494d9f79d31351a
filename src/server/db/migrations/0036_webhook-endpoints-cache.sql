-- Custom SQL migration file, put your code below! --
-- The enabled webhook endpoints are read by every booking change in its transaction (decision 069): each
-- instance keeps them in a read cache, dropped on this NOTIFY whoever writes them (decision 018). A health
-- mark (failing_since) or a timestamp alone changes nothing the cache holds, so it sends nothing.
CREATE OR REPLACE FUNCTION glint_notify_webhook_endpoints() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('glint_cache', '{"type":"webhooks"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_notify_write AFTER INSERT OR DELETE OR TRUNCATE ON webhook_endpoints FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_webhook_endpoints();
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_notify_update AFTER UPDATE OF enabled, events ON webhook_endpoints FOR EACH STATEMENT EXECUTE FUNCTION glint_notify_webhook_endpoints();
