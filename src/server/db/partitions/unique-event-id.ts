/**
 * eventId stays unique across the months of partitioned events. A partitioned table's primary key must hold the
 * partition key, so events' is (event_id, created_at_ns), which alone would let a repeat with another createdAt
 * in. This trigger closes that: per new row it takes a transaction lock on the eventId (hashed into 1 024 slots,
 * so a bulk COPY holds at most that many locks), then refuses the row if any month already has the eventId, with
 * the error a unique constraint raises (SQLSTATE 23505). Two concurrent repeats queue on the lock, and the second
 * sees the first once it commits (READ COMMITTED: each statement of the function takes a fresh snapshot).
 * The notification ingestion treats 23505 like its ON CONFLICT DO NOTHING: the eventId is already stored.
 */
const lockClass = 0x45564944; // "EVID"

export const uniqueEventIdSql = `
CREATE OR REPLACE FUNCTION events_event_id_unique() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(${lockClass}, hashtext(NEW.event_id) & 1023);
  IF EXISTS (SELECT 1 FROM events WHERE event_id = NEW.event_id) THEN
    RAISE EXCEPTION 'duplicate key value violates unique constraint "events_pkey"'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'events_pkey', TABLE = 'events', DETAIL = format('Key (event_id)=(%s) already exists.', NEW.event_id);
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS events_event_id_unique ON events;
CREATE TRIGGER events_event_id_unique BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_event_id_unique();`;
