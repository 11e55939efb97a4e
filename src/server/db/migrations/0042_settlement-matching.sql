-- Issue 26: settlement records (Cielo D of a payment file, Getnet RV paid) matched against the receivables of issue 25.
-- payment_line: on a payment record its own line, on the sale lines it pays (the lines after it up to the next
-- settlement record) the payment record's line; null elsewhere. A receivable paid as expected keeps the statement
-- line that paid it; an exception about a receivable names it.
ALTER TABLE "statement_files" ADD COLUMN "covers_payments" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "statement_records" ADD COLUMN "payment_line" integer;
--> statement-breakpoint
CREATE INDEX "statement_records_payment_idx" ON "statement_records" ("organization_id", "acquirer", "summary_id", "installment") WHERE "payment_line" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "receivables" ADD COLUMN "settlement_file_id" text;
--> statement-breakpoint
ALTER TABLE "receivables" ADD COLUMN "settlement_line" integer;
--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD COLUMN "receivable_id" text;
