-- Issue 21: the notification's body as the acquirer sent it (UTF-8 JSON text; a full card number in it is masked to
-- BIN + last 4 first), kept with the event and read by the single-event API only. On monthly partitions (npm run
-- partition -- convert) ALTER TABLE on the partitioned table adds it to every month; detached months (retention)
-- keep the body with their events. NULL for events stored before this migration.
ALTER TABLE "events" ADD COLUMN "raw_body" text;
