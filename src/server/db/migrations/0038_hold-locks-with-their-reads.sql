-- Custom SQL migration file, put your code below! --
-- A hold's locks and the reads they protect, one call each (decision 077). Each function takes its advisory locks
-- (glint_lock_keys: one statement per key, in the order given), then reads with a statement of its own: a
-- VOLATILE function's every statement takes a new snapshot, so the read sees everything committed while the
-- caller waited for its locks, exactly as a separate select after the lock did.
CREATE OR REPLACE FUNCTION glint_lock_keys(lock_keys text[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lock_key text;
BEGIN
  FOREACH lock_key IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock(hashtext(lock_key));
  END LOOP;
END $$;
--> statement-breakpoint
-- The visitor's (and guest network's) locks, then their live holds (decision 031): two round trips before.
CREATE OR REPLACE FUNCTION glint_lock_visitor_live_holds(lock_keys text[], visitor_holder text, visitor_network text, at timestamptz)
RETURNS TABLE (id uuid, service_id uuid, holder text, holder_network text)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  PERFORM glint_lock_keys(lock_keys);
  RETURN QUERY
    SELECT b.id, b.service_id, b.holder, b.holder_network
    FROM bookings b
    WHERE b.status = 'pending' AND b.payment_status <> 'paid' AND b.hold_expires_at > at
      AND (b.holder = visitor_holder OR (visitor_network IS NOT NULL AND b.holder_network = visitor_network));
END $$;
--> statement-breakpoint
-- A guest contact's locks, then the live client of the e-mail (decision 039). A returning guest's booking finds
-- its client in this one round trip; a new guest's inserts it next, still under the locks (was: a look-up, the
-- locks, the look-up again, the insert).
CREATE OR REPLACE FUNCTION glint_lock_contact_live_client(lock_keys text[], contact_email text)
RETURNS TABLE (id uuid, user_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  PERFORM glint_lock_keys(lock_keys);
  RETURN QUERY SELECT c.id, c.user_id FROM clients c WHERE c.email = contact_email AND c.merged_into IS NULL;
END $$;
