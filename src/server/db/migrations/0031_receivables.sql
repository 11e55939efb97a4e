-- Issue 25: the receivables schedule (docs/receivables.md). One row per installment of every approved capture,
-- plus negative adjustments for refunds of what was already paid. Plain columns, read by reconciliation (issue 26):
-- the unit (UR) is receiver_tax_id + arrangement (brand, product) + acquirer + due_date.
CREATE TABLE "receivables" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"summary_id" text NOT NULL,
	"source_cycle_id" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('installment', 'adjustment')),
	"installment" smallint NOT NULL,
	"installments" smallint NOT NULL,
	"receiver_tax_id" text NOT NULL,
	"acquirer" text NOT NULL,
	"payment_method" text NOT NULL,
	"brand" text NOT NULL,
	"product" text NOT NULL CHECK ("product" IN ('debit', 'credit', 'pix')),
	"gross_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"cost_fee_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"fee_rate_bps" integer NOT NULL,
	"cost_rate_bps" integer NOT NULL,
	"price_plan_id" text,
	"price_plan_version" integer,
	"cost_plan_id" text,
	"cost_plan_version" integer,
	"captured_on" date NOT NULL,
	"due_date" date NOT NULL,
	"original_due_date" date NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('scheduled', 'settled', 'cancelled', 'adjusted')),
	"settled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CHECK ("gross_minor" - "fee_minor" = "net_minor")
);--> statement-breakpoint
CREATE INDEX "receivables_org_due_idx" ON "receivables" USING btree ("organization_id","due_date","id","merchant_id");--> statement-breakpoint
CREATE INDEX "receivables_org_merchant_due_idx" ON "receivables" USING btree ("organization_id","merchant_id","due_date","id");--> statement-breakpoint
CREATE INDEX "receivables_org_acquirer_due_idx" ON "receivables" USING btree ("organization_id","acquirer","due_date","id","merchant_id");--> statement-breakpoint
CREATE INDEX "receivables_org_brand_due_idx" ON "receivables" USING btree ("organization_id","brand","due_date","id","merchant_id");--> statement-breakpoint
CREATE INDEX "receivables_org_method_due_idx" ON "receivables" USING btree ("organization_id","payment_method","due_date","id","merchant_id");--> statement-breakpoint
CREATE INDEX "receivables_org_status_due_idx" ON "receivables" USING btree ("organization_id","status","due_date","id","merchant_id");--> statement-breakpoint
CREATE INDEX "receivables_summary_idx" ON "receivables" USING btree ("summary_id");--> statement-breakpoint
-- Per day totals for GET /v1/receivables/calendar and the margin: kept by the statement triggers below in the
-- transaction that writes receivables (a backfill's multi-row insert adds its whole batch in one grouped upsert).
CREATE TABLE "receivable_daily" (
	"organization_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"due_date" date NOT NULL,
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
	CONSTRAINT "receivable_daily_pk" PRIMARY KEY("organization_id","due_date","merchant_id","acquirer","brand","product","payment_method","status")
);--> statement-breakpoint
CREATE INDEX "receivable_daily_merchant_idx" ON "receivable_daily" USING btree ("organization_id","merchant_id","due_date");--> statement-breakpoint
CREATE FUNCTION receivable_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, 1::bigint AS sign, gross_minor, fee_minor, cost_fee_minor, net_minor FROM new_rows)
    INSERT INTO receivable_daily AS r (organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
    SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, sum_int8(sign), sum_int8(gross_minor), sum_int8(fee_minor), sum_int8(cost_fee_minor), sum_int8(net_minor)
      FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT receivable_daily_pk DO UPDATE SET count = r.count + excluded.count, gross_minor = r.gross_minor + excluded.gross_minor,
      fee_minor = r.fee_minor + excluded.fee_minor, cost_fee_minor = r.cost_fee_minor + excluded.cost_fee_minor, net_minor = r.net_minor + excluded.net_minor;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, -1::bigint AS sign, -gross_minor AS gross_minor, -fee_minor AS fee_minor, -cost_fee_minor AS cost_fee_minor, -net_minor AS net_minor FROM old_rows)
    INSERT INTO receivable_daily AS r (organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
    SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, sum_int8(sign), sum_int8(gross_minor), sum_int8(fee_minor), sum_int8(cost_fee_minor), sum_int8(net_minor)
      FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT receivable_daily_pk DO UPDATE SET count = r.count + excluded.count, gross_minor = r.gross_minor + excluded.gross_minor,
      fee_minor = r.fee_minor + excluded.fee_minor, cost_fee_minor = r.cost_fee_minor + excluded.cost_fee_minor, net_minor = r.net_minor + excluded.net_minor;
  ELSE
    WITH delta AS (SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, 1::bigint AS sign, gross_minor, fee_minor, cost_fee_minor, net_minor FROM new_rows UNION ALL SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, -1::bigint AS sign, -gross_minor AS gross_minor, -fee_minor AS fee_minor, -cost_fee_minor AS cost_fee_minor, -net_minor AS net_minor FROM old_rows)
    INSERT INTO receivable_daily AS r (organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor)
    SELECT organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, sum_int8(sign), sum_int8(gross_minor), sum_int8(fee_minor), sum_int8(cost_fee_minor), sum_int8(net_minor)
      FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT receivable_daily_pk DO UPDATE SET count = r.count + excluded.count, gross_minor = r.gross_minor + excluded.gross_minor,
      fee_minor = r.fee_minor + excluded.fee_minor, cost_fee_minor = r.cost_fee_minor + excluded.cost_fee_minor, net_minor = r.net_minor + excluded.net_minor;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER receivable_daily_insert AFTER INSERT ON receivables REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION receivable_daily_apply();--> statement-breakpoint
CREATE TRIGGER receivable_daily_update AFTER UPDATE ON receivables REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION receivable_daily_apply();--> statement-breakpoint
CREATE TRIGGER receivable_daily_delete AFTER DELETE ON receivables REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION receivable_daily_apply();
