CREATE TABLE "saved_views" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"merchant_id" text,
	"name" text NOT NULL,
	"page" text NOT NULL,
	"filters" jsonb NOT NULL,
	"order_by" text,
	"order_direction" text,
	"columns" text[],
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_name_uq" UNIQUE NULLS NOT DISTINCT("organization_id","page","merchant_id","name")
);
--> statement-breakpoint
CREATE TABLE "summary_rollup" (
	"organization_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"status" text NOT NULL,
	"acquirer" text NOT NULL,
	"payment_method" text NOT NULL,
	"card_brand" text NOT NULL,
	"count" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "summary_rollup_pk" PRIMARY KEY("organization_id","merchant_id","hour","status","acquirer","payment_method","card_brand")
);
--> statement-breakpoint
CREATE TABLE "summary_rollup_daily" (
	"organization_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"status" text NOT NULL,
	"acquirer" text NOT NULL,
	"payment_method" text NOT NULL,
	"card_brand" text NOT NULL,
	"count" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "summary_rollup_daily_pk" PRIMARY KEY("organization_id","merchant_id","day","status","acquirer","payment_method","card_brand")
);
--> statement-breakpoint
CREATE TABLE "summary_rollup_status" (
	"organization_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "summary_rollup_status_pk" PRIMARY KEY("organization_id","merchant_id","hour","status")
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Exact bigint sum with a bigint accumulator: int8pl raises on overflow instead of wrapping. sum(bigint) accumulates
-- in numeric, several times slower (PGlite's WebAssembly build has no 128-bit integers).
CREATE AGGREGATE sum_int8(bigint) (sfunc = int8pl, stype = bigint, combinefunc = int8pl, parallel = safe);
--> statement-breakpoint
-- The rollups are kept by these triggers in the transaction that writes transaction_summaries: one grouped
-- upsert per rollup per statement (a bulk COPY adds its whole chunk at once), ordered by key so concurrent
-- writers lock rollup rows in the same order. Each summary counts twice: under its merchant and under '*'.
CREATE FUNCTION summary_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE done int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (SELECT organization_id, merchant_id, created_at AS t, status, acquirer, payment_method, coalesce(card_brand, '') AS card_brand, amount_minor, 1::bigint AS sign FROM new_rows),
  x AS (SELECT d.*, m.id AS m FROM delta d CROSS JOIN LATERAL (VALUES (d.merchant_id), ('*')) AS m(id)),
  i0 AS (
    INSERT INTO summary_rollup AS r (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  i1 AS (
    INSERT INTO summary_rollup_daily AS r (organization_id, merchant_id, day, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, (x.t at time zone 'UTC')::date, x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_daily_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  i2 AS (
    INSERT INTO summary_rollup_status AS r (organization_id, merchant_id, hour, status, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT summary_rollup_status_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor)
  SELECT 1 INTO STRICT done;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (SELECT organization_id, merchant_id, created_at AS t, status, acquirer, payment_method, coalesce(card_brand, '') AS card_brand, amount_minor, -1::bigint AS sign FROM old_rows),
  x AS (SELECT d.*, m.id AS m FROM delta d CROSS JOIN LATERAL (VALUES (d.merchant_id), ('*')) AS m(id)),
  d0 AS (
    INSERT INTO summary_rollup AS r (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  d1 AS (
    INSERT INTO summary_rollup_daily AS r (organization_id, merchant_id, day, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, (x.t at time zone 'UTC')::date, x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_daily_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  d2 AS (
    INSERT INTO summary_rollup_status AS r (organization_id, merchant_id, hour, status, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT summary_rollup_status_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor)
  SELECT 1 INTO STRICT done;
  ELSE
    WITH delta AS (SELECT organization_id, merchant_id, created_at AS t, status, acquirer, payment_method, coalesce(card_brand, '') AS card_brand, amount_minor, 1::bigint AS sign FROM new_rows UNION ALL SELECT organization_id, merchant_id, created_at AS t, status, acquirer, payment_method, coalesce(card_brand, '') AS card_brand, amount_minor, -1::bigint AS sign FROM old_rows),
  x AS (SELECT d.*, m.id AS m FROM delta d CROSS JOIN LATERAL (VALUES (d.merchant_id), ('*')) AS m(id)),
  u0 AS (
    INSERT INTO summary_rollup AS r (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  u1 AS (
    INSERT INTO summary_rollup_daily AS r (organization_id, merchant_id, day, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, (x.t at time zone 'UTC')::date, x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_daily_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  u2 AS (
    INSERT INTO summary_rollup_status AS r (organization_id, merchant_id, hour, status, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT summary_rollup_status_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor)
  SELECT 1 INTO STRICT done;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION summary_rollup_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM summary_rollup;
  DELETE FROM summary_rollup_daily;
  DELETE FROM summary_rollup_status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER summary_rollup_insert AFTER INSERT ON transaction_summaries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_rollup_add();
--> statement-breakpoint
CREATE TRIGGER summary_rollup_update AFTER UPDATE ON transaction_summaries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_rollup_add();
--> statement-breakpoint
CREATE TRIGGER summary_rollup_delete AFTER DELETE ON transaction_summaries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_rollup_add();
--> statement-breakpoint
CREATE TRIGGER summary_rollup_truncate AFTER TRUNCATE ON transaction_summaries FOR EACH STATEMENT EXECUTE FUNCTION summary_rollup_clear();
--> statement-breakpoint
-- fire during bulk loads too (the seed sets session_replication_role = replica to skip foreign-key triggers)
ALTER TABLE transaction_summaries ENABLE ALWAYS TRIGGER summary_rollup_insert;
--> statement-breakpoint
ALTER TABLE transaction_summaries ENABLE ALWAYS TRIGGER summary_rollup_update;
--> statement-breakpoint
ALTER TABLE transaction_summaries ENABLE ALWAYS TRIGGER summary_rollup_delete;
--> statement-breakpoint
ALTER TABLE transaction_summaries ENABLE ALWAYS TRIGGER summary_rollup_truncate;
--> statement-breakpoint
-- the rows that exist already, added in key order (so each rollup's heap starts in its primary key's order)
DO $$
DECLARE done int;
BEGIN
  WITH delta AS (SELECT organization_id, merchant_id, created_at AS t, status, acquirer, payment_method, coalesce(card_brand, '') AS card_brand, amount_minor, 1::bigint AS sign FROM transaction_summaries),
  x AS (SELECT d.*, m.id AS m FROM delta d CROSS JOIN LATERAL (VALUES (d.merchant_id), ('*')) AS m(id)),
  b0 AS (
    INSERT INTO summary_rollup AS r (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  b1 AS (
    INSERT INTO summary_rollup_daily AS r (organization_id, merchant_id, day, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, (x.t at time zone 'UTC')::date, x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_daily_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  b2 AS (
    INSERT INTO summary_rollup_status AS r (organization_id, merchant_id, hour, status, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT summary_rollup_status_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor)
  SELECT 1 INTO STRICT done;
END $$;
--> statement-breakpoint
ANALYZE summary_rollup, summary_rollup_daily, summary_rollup_status;
