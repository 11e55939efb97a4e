-- Issue 25 (speed): per-month totals beside the per-day ones (receivable_daily), kept by the same statement triggers
-- in the transaction that writes receivables. A count or a sum over many days (the list's X-Total-Count without a date
-- filter, the calendar's month totals and overdue) reads whole months here and only the partial months' days from
-- receivable_daily: about 20 times fewer rows (docs/receivables.md, "Speed").
CREATE TABLE "receivable_monthly" (
	"organization_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"month" date NOT NULL,
	"acquirer" text NOT NULL,
	"brand" text NOT NULL,
	"product" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"gross_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"cost_fee_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	CONSTRAINT "receivable_monthly_pk" PRIMARY KEY("organization_id","month","merchant_id","acquirer","brand","product","payment_method","status")
);--> statement-breakpoint
INSERT INTO "receivable_monthly" (organization_id, merchant_id, month, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
SELECT organization_id, merchant_id, date_trunc('month', due_date)::date, acquirer, brand, product, payment_method, status, sum_int8(count), sum_int8(gross_minor), sum_int8(fee_minor), sum_int8(cost_fee_minor), sum_int8(net_minor)
  FROM receivable_daily GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
-- one delta per statement, added to the day's rows and to the month's rows in the same statement
CREATE OR REPLACE FUNCTION receivable_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, count(*) AS count, sum_int8(gross_minor) AS gross_minor, sum_int8(fee_minor) AS fee_minor, sum_int8(cost_fee_minor) AS cost_fee_minor, sum_int8(net_minor) AS net_minor
        FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8),
    daily AS (INSERT INTO receivable_daily AS r (organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
      SELECT * FROM delta ORDER BY organization_id, due_date, merchant_id, acquirer, brand, product, payment_method, status
      ON CONFLICT ON CONSTRAINT receivable_daily_pk DO UPDATE SET count = r.count + excluded.count, gross_minor = r.gross_minor + excluded.gross_minor, fee_minor = r.fee_minor + excluded.fee_minor, cost_fee_minor = r.cost_fee_minor + excluded.cost_fee_minor, net_minor = r.net_minor + excluded.net_minor)
    INSERT INTO receivable_monthly AS r (organization_id, merchant_id, month, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
      SELECT organization_id, merchant_id, date_trunc('month', due_date)::date, acquirer, brand, product, payment_method, status, sum_int8(count), sum_int8(gross_minor), sum_int8(fee_minor), sum_int8(cost_fee_minor), sum_int8(net_minor)
        FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 2, 4, 5, 6, 7, 8
      ON CONFLICT ON CONSTRAINT receivable_monthly_pk DO UPDATE SET count = r.count + excluded.count, gross_minor = r.gross_minor + excluded.gross_minor, fee_minor = r.fee_minor + excluded.fee_minor, cost_fee_minor = r.cost_fee_minor + excluded.cost_fee_minor, net_minor = r.net_minor + excluded.net_minor;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, -count(*) AS count, -sum_int8(gross_minor) AS gross_minor, -sum_int8(fee_minor) AS fee_minor, -sum_int8(cost_fee_minor) AS cost_fee_minor, -sum_int8(net_minor) AS net_minor
        FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8),
    daily AS (INSERT INTO receivable_daily AS r (organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
      SELECT * FROM delta ORDER BY organization_id, due_date, merchant_id, acquirer, brand, product, payment_method, status
      ON CONFLICT ON CONSTRAINT receivable_daily_pk DO UPDATE SET count = r.count + excluded.count, gross_minor = r.gross_minor + excluded.gross_minor, fee_minor = r.fee_minor + excluded.fee_minor, cost_fee_minor = r.cost_fee_minor + excluded.cost_fee_minor, net_minor = r.net_minor + excluded.net_minor)
    INSERT INTO receivable_monthly AS r (organization_id, merchant_id, month, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
      SELECT organization_id, merchant_id, date_trunc('month', due_date)::date, acquirer, brand, product, payment_method, status, sum_int8(count), sum_int8(gross_minor), sum_int8(fee_minor), sum_int8(cost_fee_minor), sum_int8(net_minor)
        FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 2, 4, 5, 6, 7, 8
      ON CONFLICT ON CONSTRAINT receivable_monthly_pk DO UPDATE SET count = r.count + excluded.count, gross_minor = r.gross_minor + excluded.gross_minor, fee_minor = r.fee_minor + excluded.fee_minor, cost_fee_minor = r.cost_fee_minor + excluded.cost_fee_minor, net_minor = r.net_minor + excluded.net_minor;
  ELSE
    WITH delta AS (SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, sum_int8(sign) AS count, sum_int8(gross_minor) AS gross_minor, sum_int8(fee_minor) AS fee_minor, sum_int8(cost_fee_minor) AS cost_fee_minor, sum_int8(net_minor) AS net_minor
        FROM (SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, 1::bigint AS sign, gross_minor, fee_minor, cost_fee_minor, net_minor FROM new_rows UNION ALL SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, -1::bigint, -gross_minor, -fee_minor, -cost_fee_minor, -net_minor FROM old_rows) x GROUP BY 1, 2, 3, 4, 5, 6, 7, 8),
    daily AS (INSERT INTO receivable_daily AS r (organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
      SELECT * FROM delta ORDER BY organization_id, due_date, merchant_id, acquirer, brand, product, payment_method, status
      ON CONFLICT ON CONSTRAINT receivable_daily_pk DO UPDATE SET count = r.count + excluded.count, gross_minor = r.gross_minor + excluded.gross_minor, fee_minor = r.fee_minor + excluded.fee_minor, cost_fee_minor = r.cost_fee_minor + excluded.cost_fee_minor, net_minor = r.net_minor + excluded.net_minor)
    INSERT INTO receivable_monthly AS r (organization_id, merchant_id, month, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
      SELECT organization_id, merchant_id, date_trunc('month', due_date)::date, acquirer, brand, product, payment_method, status, sum_int8(count), sum_int8(gross_minor), sum_int8(fee_minor), sum_int8(cost_fee_minor), sum_int8(net_minor)
        FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 2, 4, 5, 6, 7, 8
      ON CONFLICT ON CONSTRAINT receivable_monthly_pk DO UPDATE SET count = r.count + excluded.count, gross_minor = r.gross_minor + excluded.gross_minor, fee_minor = r.fee_minor + excluded.fee_minor, cost_fee_minor = r.cost_fee_minor + excluded.cost_fee_minor, net_minor = r.net_minor + excluded.net_minor;
  END IF;
  RETURN NULL;
END $$;
