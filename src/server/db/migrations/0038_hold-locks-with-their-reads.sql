-- Custom SQL migration file, put your code below! --
-- A hold's first statements in its transaction were the visitor's advisory locks, then the visitor's live holds
-- (decision 031), two round trips; this is both in one call (decision 077). The locks are taken in the order
-- given, one statement each, and the holds are read by a statement of their own: a VOLATILE function's every
-- statement takes a new snapshot, so the read sees every hold committed while this one waited for its locks,
-- exactly as the separate select did.
CREATE OR REPLACE FUNCTION glint_lock_visitor_live_holds(lock_keys text[], visitor_holder text, visitor_network text, at timestamptz)
RETURNS TABLE (id uuid, service_id uuid, holder text, holder_network text)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  lock_key text;
BEGIN
  FOREACH lock_key IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock(hashtext(lock_key));
  END LOOP;
  RETURN QUERY
    SELECT b.id, b.service_id, b.holder, b.holder_network
    FROM bookings b
    WHERE b.status = 'pending' AND b.payment_status <> 'paid' AND b.hold_expires_at > at
      AND (b.holder = visitor_holder OR (visitor_network IS NOT NULL AND b.holder_network = visitor_network));
END $$;
--> statement-breakpoint
-- A guest's client (decision 039): the contact's advisory locks, then the live client of the e-mail, in one call
-- (decision 077). A returning guest's booking finds its client in this one round trip; a new guest's inserts it
-- next, still under the locks (was: a look-up, the locks, the look-up again, the insert).
CREATE OR REPLACE FUNCTION glint_lock_contact_live_client(lock_keys text[], contact_email text)
RETURNS TABLE (id uuid, user_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  lock_key text;
BEGIN
  FOREACH lock_key IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock(hashtext(lock_key));
  END LOOP;
  RETURN QUERY SELECT c.id, c.user_id FROM clients c WHERE c.email = contact_email AND c.merged_into IS NULL;
END $$;
