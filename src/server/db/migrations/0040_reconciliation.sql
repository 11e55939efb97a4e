-- Issue 26: acquirers' statement files (EDI) and their reconciliation against the platform's sales.
-- A file is imported once per organization (its SHA-256); its records keep the keys the matcher joins on,
-- normalised (leading zeros dropped, upper case) when they are read; exceptions are keyed by what they are about,
-- so a re-run updates them instead of adding more.
CREATE TABLE "statement_files" (
  "id" text PRIMARY KEY NOT NULL,
  "organization_id" text NOT NULL REFERENCES "organizations"("id"),
  "acquirer" text NOT NULL,
  "layout" text NOT NULL,
  "sha256" text NOT NULL,
  "name" text,
  "size_bytes" bigint NOT NULL,
  "lines" integer NOT NULL,
  "records" integer NOT NULL,
  "file_kind" text,
  "head_mid" text,
  "sequence" text,
  "generated_on" date,
  "period_start" date,
  "period_end" date,
  "imported_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  "imported_by" text NOT NULL,
  "sale_records" integer DEFAULT 0 NOT NULL,
  "matched_records" integer DEFAULT 0 NOT NULL,
  "exceptions" integer DEFAULT 0 NOT NULL,
  "gross_minor" bigint DEFAULT 0 NOT NULL,
  "fee_minor" bigint DEFAULT 0 NOT NULL,
  "net_minor" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "statement_files_sha_uq" UNIQUE ("organization_id", "sha256")
);
--> statement-breakpoint
CREATE INDEX "statement_files_org_imported_idx" ON "statement_files" ("organization_id", "imported_at", "id");
--> statement-breakpoint
CREATE TABLE "statement_records" (
  "file_id" text NOT NULL REFERENCES "statement_files"("id"),
  "line" integer NOT NULL,
  "organization_id" text NOT NULL,
  "acquirer" text NOT NULL,
  "kind" text NOT NULL,
  "record_type" text NOT NULL,
  "mid" text NOT NULL,
  "nsu" text,
  "authorization_code" text,
  "mid_key" text NOT NULL,
  "nsu_key" text,
  "auth_key" text,
  "capture_date" date,
  "payment_date" date,
  "installment" smallint,
  "installments" smallint,
  "gross_minor" bigint NOT NULL,
  "fee_minor" bigint NOT NULL,
  "net_minor" bigint NOT NULL,
  "sale_total_minor" bigint,
  "ur_key" text,
  "card_bin" text,
  "card_last4" text,
  "code" text,
  "summary_id" text,
  "manual" boolean DEFAULT false NOT NULL,
  CONSTRAINT "statement_records_pk" PRIMARY KEY ("file_id", "line")
);
--> statement-breakpoint
CREATE INDEX "statement_records_org_acquirer_idx" ON "statement_records" ("organization_id", "acquirer", "kind");
--> statement-breakpoint
CREATE INDEX "statement_records_summary_idx" ON "statement_records" ("summary_id") WHERE "summary_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "reconciliation_exceptions" (
  "id" text PRIMARY KEY NOT NULL,
  "organization_id" text NOT NULL REFERENCES "organizations"("id"),
  "key" text NOT NULL,
  "outcome" text NOT NULL,
  "acquirer" text NOT NULL,
  "merchant_id" text,
  "summary_id" text,
  "file_id" text,
  "line" integer,
  "day" date NOT NULL,
  "expected_minor" bigint,
  "reported_minor" bigint,
  "expected_date" date,
  "reported_date" date,
  "status" text DEFAULT 'open' NOT NULL,
  "note" text,
  "resolved_by" text,
  "resolved_at" timestamp(3) with time zone,
  "linked_summary_id" text,
  "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reconciliation_exceptions_key_uq" UNIQUE ("organization_id", "key")
);
--> statement-breakpoint
CREATE INDEX "reconciliation_exceptions_org_status_idx" ON "reconciliation_exceptions" ("organization_id", "status", "day", "id");
--> statement-breakpoint
CREATE INDEX "reconciliation_exceptions_org_file_idx" ON "reconciliation_exceptions" ("organization_id", "file_id");
