-- Migration 0007's rollup arithmetic, written once: a delta is one summary counted (+1) or uncounted (-1), added under
-- its merchant and under '*' to the hourly cube, the daily cube and the hourly per-status rollup, grouped, keys that
-- net to nothing skipped, in key order (concurrent writers lock rollup rows in the same order).
CREATE TYPE summary_rollup_delta AS (organization_id text, merchant_id text, created_at timestamptz, status text, acquirer text, payment_method text, card_brand text, amount_minor bigint, sign bigint);
--> statement-breakpoint
CREATE FUNCTION summary_rollup_apply(deltas summary_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE done int;
BEGIN
  WITH x AS (
    SELECT d.organization_id, m.id AS m, d.created_at AS t, d.status, d.acquirer, d.payment_method, coalesce(d.card_brand, '') AS card_brand, d.amount_minor, d.sign
      FROM unnest(deltas) AS d CROSS JOIN LATERAL (VALUES (d.merchant_id), ('*')) AS m(id)),
  i0 AS (
    INSERT INTO summary_rollup AS r (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum_int8(x.sign) <> 0 OR sum_int8(x.sign * x.amount_minor) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  i1 AS (
    INSERT INTO summary_rollup_daily AS r (organization_id, merchant_id, day, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT x.organization_id, x.m, (x.t at time zone 'UTC')::date, x.status, x.acquirer, x.payment_method, x.card_brand, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum_int8(x.sign) <> 0 OR sum_int8(x.sign * x.amount_minor) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_daily_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor),
  i2 AS (
    INSERT INTO summary_rollup_status AS r (organization_id, merchant_id, hour, status, count, amount_minor)
    SELECT x.organization_id, x.m, date_trunc('hour', x.t, 'UTC'), x.status, sum_int8(x.sign), sum_int8(x.sign * x.amount_minor)
      FROM x GROUP BY 1, 2, 3, 4 HAVING sum_int8(x.sign) <> 0 OR sum_int8(x.sign * x.amount_minor) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT summary_rollup_status_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor)
  SELECT 1 INTO STRICT done;
END $$;
--> statement-breakpoint
-- The triggers add each statement's rows, unless the transaction set acq.summary_rollup = 'caller': the event worker
-- (src/server/processing/) then adds its whole batch's deltas in one summary_rollup_apply just before it commits, so
-- the hot rows (the '*' merchant's current hour and day) stay locked for that last statement only, and two workers
-- never lock them in different orders.
CREATE OR REPLACE FUNCTION summary_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('acq.summary_rollup', true) = 'caller' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM summary_rollup_apply(array(
      SELECT (organization_id, merchant_id, created_at, status, acquirer, payment_method, card_brand, amount_minor, 1)::summary_rollup_delta FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM summary_rollup_apply(array(
      SELECT (organization_id, merchant_id, created_at, status, acquirer, payment_method, card_brand, amount_minor, -1)::summary_rollup_delta FROM old_rows));
  ELSE
    PERFORM summary_rollup_apply(array(
      SELECT (organization_id, merchant_id, created_at, status, acquirer, payment_method, card_brand, amount_minor, 1)::summary_rollup_delta FROM new_rows
      UNION ALL
      SELECT (organization_id, merchant_id, created_at, status, acquirer, payment_method, card_brand, amount_minor, -1)::summary_rollup_delta FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
