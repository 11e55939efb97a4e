-- Audit trail (issue 24): append-only. UPDATE and TRUNCATE are refused by triggers; DELETE only of entries older
-- than the retention period in audit_retention (the sweep), which itself cannot go below 30 days.
CREATE TABLE "audit_retention" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("only"),
	"keep_days" integer DEFAULT 1826 NOT NULL CHECK ("keep_days" >= 30)
);
--> statement-breakpoint
INSERT INTO "audit_retention" ("only", "keep_days") VALUES (true, 1826);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"organization_id" text,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"address" text,
	"user_agent" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"outcome" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_org_occurred_idx" ON "audit_entries" USING btree ("organization_id","occurred_at","id");
--> statement-breakpoint
CREATE INDEX "audit_entries_occurred_idx" ON "audit_entries" USING btree ("occurred_at");
--> statement-breakpoint
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND OLD.occurred_at < now() - make_interval(days => (SELECT keep_days FROM audit_retention)) THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_update" BEFORE UPDATE OR DELETE ON "audit_entries" FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries" FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
