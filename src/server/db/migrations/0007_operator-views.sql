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
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"acquirer" text NOT NULL,
	"payment_method" text NOT NULL,
	"card_brand" text NOT NULL,
	"count" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "summary_rollup_pk" PRIMARY KEY("organization_id","merchant_id","hour","status","acquirer","payment_method","card_brand")
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- summary_rollup is kept by these triggers in the transaction that writes transaction_summaries: one grouped
-- upsert per statement (a bulk COPY adds its whole chunk at once), ordered by key so concurrent writers lock
-- rollup rows in the same order. Each summary counts twice: under its merchant and under '*' (all merchants).
CREATE FUNCTION summary_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO summary_rollup AS r (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT o.organization_id, m.id, date_trunc('hour', o.created_at, 'UTC'), o.status, o.acquirer, o.payment_method, coalesce(o.card_brand, ''),
           -count(*), -sum(o.amount_minor)::bigint
      FROM old_rows o CROSS JOIN LATERAL (VALUES (o.merchant_id), ('*')) AS m(id)
     GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO summary_rollup AS r (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor)
    SELECT n.organization_id, m.id, date_trunc('hour', n.created_at, 'UTC'), n.status, n.acquirer, n.payment_method, coalesce(n.card_brand, ''),
           count(*), sum(n.amount_minor)::bigint
      FROM new_rows n CROSS JOIN LATERAL (VALUES (n.merchant_id), ('*')) AS m(id)
     GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT summary_rollup_pk
    DO UPDATE SET count = r.count + excluded.count, amount_minor = r.amount_minor + excluded.amount_minor;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION summary_rollup_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM summary_rollup;
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
INSERT INTO summary_rollup (organization_id, merchant_id, hour, status, acquirer, payment_method, card_brand, count, amount_minor)
SELECT s.organization_id, m.id, date_trunc('hour', s.created_at, 'UTC'), s.status, s.acquirer, s.payment_method, coalesce(s.card_brand, ''),
       count(*), sum(s.amount_minor)::bigint
  FROM transaction_summaries s CROSS JOIN LATERAL (VALUES (s.merchant_id), ('*')) AS m(id)
 GROUP BY 1, 2, 3, 4, 5, 6, 7;
