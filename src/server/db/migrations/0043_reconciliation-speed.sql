-- Issue 26, speed: a statement file's records are written once, in bulk, by the import that inserts the file's row
-- in the same transaction (nothing else writes or deletes them): the per-row foreign-key check cost a third of
-- storing them, so it goes.
ALTER TABLE "statement_records" DROP CONSTRAINT IF EXISTS "statement_records_file_id_fkey";
--> statement-breakpoint
-- the exceptions list filtered by acquirer and merchant together reads its page in (day, id) order
CREATE INDEX "reconciliation_exceptions_org_acquirer_merchant_idx" ON "reconciliation_exceptions" ("organization_id", "status", "acquirer", "merchant_id", "day", "id");
--> statement-breakpoint
-- The ageing buckets read per-day counts and amounts at stake instead of every exception: statement triggers keep
-- them (one grouped upsert per statement, like receivable_daily). Null merchant and file are stored as ''.
CREATE TABLE "reconciliation_exception_days" (
  "organization_id" text NOT NULL,
  "status" text NOT NULL,
  "outcome" text NOT NULL,
  "acquirer" text NOT NULL,
  "merchant_id" text NOT NULL,
  "file_id" text NOT NULL,
  "day" date NOT NULL,
  "count" bigint NOT NULL,
  "amount_minor" bigint NOT NULL,
  CONSTRAINT "reconciliation_exception_days_pk" PRIMARY KEY ("organization_id", "status", "outcome", "acquirer", "merchant_id", "file_id", "day")
);
--> statement-breakpoint
CREATE FUNCTION reconciliation_exception_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a transition table exists only for the operations that have it: each branch reads the ones it can
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (SELECT organization_id, status, outcome, acquirer, coalesce(merchant_id, '') AS merchant_id, coalesce(file_id, '') AS file_id, day, 1::bigint AS n, abs(coalesce(reported_minor, 0) - coalesce(expected_minor, 0)) AS amount FROM new_rows)
    INSERT INTO reconciliation_exception_days AS d (organization_id, status, outcome, acquirer, merchant_id, file_id, day, count, amount_minor)
    SELECT organization_id, status, outcome, acquirer, merchant_id, file_id, day, sum(n)::bigint, sum(amount)::bigint FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT reconciliation_exception_days_pk DO UPDATE SET count = d.count + excluded.count, amount_minor = d.amount_minor + excluded.amount_minor;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (SELECT organization_id, status, outcome, acquirer, coalesce(merchant_id, '') AS merchant_id, coalesce(file_id, '') AS file_id, day, -1::bigint AS n, -abs(coalesce(reported_minor, 0) - coalesce(expected_minor, 0)) AS amount FROM old_rows)
    INSERT INTO reconciliation_exception_days AS d (organization_id, status, outcome, acquirer, merchant_id, file_id, day, count, amount_minor)
    SELECT organization_id, status, outcome, acquirer, merchant_id, file_id, day, sum(n)::bigint, sum(amount)::bigint FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT reconciliation_exception_days_pk DO UPDATE SET count = d.count + excluded.count, amount_minor = d.amount_minor + excluded.amount_minor;
  ELSE
    WITH delta AS (SELECT organization_id, status, outcome, acquirer, coalesce(merchant_id, '') AS merchant_id, coalesce(file_id, '') AS file_id, day, 1::bigint AS n, abs(coalesce(reported_minor, 0) - coalesce(expected_minor, 0)) AS amount FROM new_rows UNION ALL SELECT organization_id, status, outcome, acquirer, coalesce(merchant_id, '') AS merchant_id, coalesce(file_id, '') AS file_id, day, -1::bigint AS n, -abs(coalesce(reported_minor, 0) - coalesce(expected_minor, 0)) AS amount FROM old_rows)
    INSERT INTO reconciliation_exception_days AS d (organization_id, status, outcome, acquirer, merchant_id, file_id, day, count, amount_minor)
    SELECT organization_id, status, outcome, acquirer, merchant_id, file_id, day, sum(n)::bigint, sum(amount)::bigint FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT reconciliation_exception_days_pk DO UPDATE SET count = d.count + excluded.count, amount_minor = d.amount_minor + excluded.amount_minor;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reconciliation_exception_days_insert AFTER INSERT ON reconciliation_exceptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_exception_days_apply();
--> statement-breakpoint
CREATE TRIGGER reconciliation_exception_days_update AFTER UPDATE ON reconciliation_exceptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_exception_days_apply();
--> statement-breakpoint
CREATE TRIGGER reconciliation_exception_days_delete AFTER DELETE ON reconciliation_exceptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_exception_days_apply();
--> statement-breakpoint
INSERT INTO reconciliation_exception_days (organization_id, status, outcome, acquirer, merchant_id, file_id, day, count, amount_minor)
SELECT organization_id, status, outcome, acquirer, coalesce(merchant_id, ''), coalesce(file_id, ''), day, count(*), sum(abs(coalesce(reported_minor, 0) - coalesce(expected_minor, 0)))
FROM reconciliation_exceptions GROUP BY 1, 2, 3, 4, 5, 6, 7;
