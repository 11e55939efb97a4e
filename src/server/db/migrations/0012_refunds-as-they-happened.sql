-- Issue 23: refunds as they happened. A sale keeps what was captured (the sum of its approved capture cycles) and what
-- was refunded (the sum of its approved refund cycles) beside its amount; a sale refunded for less than it captured
-- is 'partially_refunded', no longer 'refunded'. The stats rollups sum both amounts too, so gross volume (what was
-- captured) and refunds (their own amount) come from them as every other total does.
ALTER TABLE transaction_summaries ADD COLUMN captured_minor bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE transaction_summaries ADD COLUMN refunded_minor bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE summary_rollup ADD COLUMN captured_minor bigint DEFAULT 0 NOT NULL, ADD COLUMN refunded_minor bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE summary_rollup_daily ADD COLUMN captured_minor bigint DEFAULT 0 NOT NULL, ADD COLUMN refunded_minor bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE summary_rollup_status ADD COLUMN captured_minor bigint DEFAULT 0 NOT NULL, ADD COLUMN refunded_minor bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP FUNCTION summary_rollup_apply(summary_rollup_delta[]);
--> statement-breakpoint
DROP TYPE summary_rollup_delta;
--> statement-breakpoint
CREATE TYPE summary_rollup_delta AS (organization_id text, merchant_id text, created_at timestamptz, status text, acquirer text, payment_method text, card_brand text, amount_minor bigint, captured_minor bigint, refunded_minor bigint, sign bigint);
--> statement-breakpoint
-- 0009's function with the two new sums: a key is skipped when its count and all three amounts net to nothing.
CREATE FUNCTION summary_rollup_apply(deltas summary_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE done int;
BEGIN
  WITH x AS (
    SELECT d.organization_id, m.id AS m, d.created_at AS t, d.status, d.acquirer, d.payment_method, coalesce(d.card_brand, '') AS card_brand,
           d.amount_minor, d.captured_minor, d.refunded_minor, d.sign
      FROM unnest(deltas) AS d CROSS JOIN LATERAL (VALUES (d.merchant_id), ('*')) AS m(id)),
  i0 AS (
    INSERT INTO summary_rollup AS r (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor, captured_minor, refunded_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, x.acquirer, x.payment_method, x.card_brand,
           sum_int8(x.sign), sum_int8(x.sign * x.amount_minor), sum_int8(x.sign * x.captured_minor), sum_int8(x.sign * x.refunded_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum_int8(x.sign) <> 0 OR sum_int8(x.sign * x.amount_minor) <> 0 OR sum_int8(x.sign * x.captured_minor) <> 0 OR sum_int8(x.sign * x.refunded_minor) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor,
                  captured_minor = r.captured_minor + excluded.captured_minor, refunded_minor = r.refunded_minor + excluded.refunded_minor),
  i1 AS (
    INSERT INTO summary_rollup_daily AS r (organization_id, merchant_id, day, status, acquirer, payment_method, card_brand, count, amount_minor, captured_minor, refunded_minor)
    SELECT x.organization_id, x.m, (x.t at time zone 'UTC')::date, x.status, x.acquirer, x.payment_method, x.card_brand,
           sum_int8(x.sign), sum_int8(x.sign * x.amount_minor), sum_int8(x.sign * x.captured_minor), sum_int8(x.sign * x.refunded_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum_int8(x.sign) <> 0 OR sum_int8(x.sign * x.amount_minor) <> 0 OR sum_int8(x.sign * x.captured_minor) <> 0 OR sum_int8(x.sign * x.refunded_minor) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_daily_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor,
                  captured_minor = r.captured_minor + excluded.captured_minor, refunded_minor = r.refunded_minor + excluded.refunded_minor),
  i2 AS (
    INSERT INTO summary_rollup_status AS r (organization_id, merchant_id, hour, status, count, amount_minor, captured_minor, refunded_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status,
           sum_int8(x.sign), sum_int8(x.sign * x.amount_minor), sum_int8(x.sign * x.captured_minor), sum_int8(x.sign * x.refunded_minor)
      FROM x GROUP BY 1, 2, 3, 4
      HAVING sum_int8(x.sign) <> 0 OR sum_int8(x.sign * x.amount_minor) <> 0 OR sum_int8(x.sign * x.captured_minor) <> 0 OR sum_int8(x.sign * x.refunded_minor) <> 0
      ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT summary_rollup_status_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor,
                  captured_minor = r.captured_minor + excluded.captured_minor, refunded_minor = r.refunded_minor + excluded.refunded_minor)
  SELECT 1 INTO STRICT done;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION summary_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('acq.summary_rollup', true) = 'caller' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM summary_rollup_apply(array(
      SELECT (organization_id, merchant_id, created_at, status, acquirer, payment_method, card_brand, amount_minor, captured_minor, refunded_minor, 1)::summary_rollup_delta FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM summary_rollup_apply(array(
      SELECT (organization_id, merchant_id, created_at, status, acquirer, payment_method, card_brand, amount_minor, captured_minor, refunded_minor, -1)::summary_rollup_delta FROM old_rows));
  ELSE
    PERFORM summary_rollup_apply(array(
      SELECT (organization_id, merchant_id, created_at, status, acquirer, payment_method, card_brand, amount_minor, captured_minor, refunded_minor, 1)::summary_rollup_delta FROM new_rows
      UNION ALL
      SELECT (organization_id, merchant_id, created_at, status, acquirer, payment_method, card_brand, amount_minor, captured_minor, refunded_minor, -1)::summary_rollup_delta FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Existing sales: both amounts from their cycles, and 'refunded' kept only where the refunds reach what was captured.
-- The triggers stand aside (a million rows in one transition table would not fit), and the rollups are rebuilt below.
ALTER TABLE transaction_summaries DISABLE TRIGGER summary_rollup_update;
--> statement-breakpoint
UPDATE transaction_summaries t
   SET captured_minor = c.captured, refunded_minor = c.refunded,
       status = CASE WHEN t.status = 'refunded' AND c.refunded < c.captured THEN 'partially_refunded' ELSE t.status END
  FROM (SELECT summary_id,
               coalesce(sum_int8(amount_minor) FILTER (WHERE type = 'capture'), 0) AS captured,
               coalesce(sum_int8(amount_minor) FILTER (WHERE type = 'refund'), 0) AS refunded
          FROM cycles WHERE status = 'approved' AND type IN ('capture', 'refund') GROUP BY summary_id) c
 WHERE t.id = c.summary_id;
--> statement-breakpoint
ALTER TABLE transaction_summaries ENABLE TRIGGER summary_rollup_update;
--> statement-breakpoint
TRUNCATE summary_rollup, summary_rollup_daily, summary_rollup_status;
--> statement-breakpoint
-- the same grouping as db/rollups.ts, in one set-based pass (no array of a million deltas in memory)
WITH x AS (
  SELECT s.organization_id, m.id AS m, s.created_at AS t, s.status, s.acquirer, s.payment_method, coalesce(s.card_brand, '') AS card_brand,
         s.amount_minor, s.captured_minor, s.refunded_minor
    FROM transaction_summaries s CROSS JOIN LATERAL (VALUES (s.merchant_id), ('*')) AS m(id)),
i0 AS (
  INSERT INTO summary_rollup (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor, captured_minor, refunded_minor)
  SELECT organization_id, m, date_trunc('hour', t, 'UTC'), status, acquirer, payment_method, card_brand, count(*), sum_int8(amount_minor), sum_int8(captured_minor), sum_int8(refunded_minor)
    FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7),
i1 AS (
  INSERT INTO summary_rollup_daily (organization_id, merchant_id, day, status, acquirer, payment_method, card_brand, count, amount_minor, captured_minor, refunded_minor)
  SELECT organization_id, m, (t at time zone 'UTC')::date, status, acquirer, payment_method, card_brand, count(*), sum_int8(amount_minor), sum_int8(captured_minor), sum_int8(refunded_minor)
    FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7)
INSERT INTO summary_rollup_status (organization_id, merchant_id, hour, status, count, amount_minor, captured_minor, refunded_minor)
SELECT organization_id, m, date_trunc('hour', t, 'UTC'), status, count(*), sum_int8(amount_minor), sum_int8(captured_minor), sum_int8(refunded_minor)
  FROM x GROUP BY 1, 2, 3, 4;
