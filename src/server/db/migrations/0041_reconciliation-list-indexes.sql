-- Issue 26: the exceptions list filtered by outcome, acquirer or merchant reads its page in (day, id) order from these
CREATE INDEX "reconciliation_exceptions_org_outcome_idx" ON "reconciliation_exceptions" ("organization_id", "status", "outcome", "day", "id");
--> statement-breakpoint
CREATE INDEX "reconciliation_exceptions_org_acquirer_idx" ON "reconciliation_exceptions" ("organization_id", "status", "acquirer", "day", "id");
--> statement-breakpoint
CREATE INDEX "reconciliation_exceptions_org_merchant_idx" ON "reconciliation_exceptions" ("organization_id", "status", "merchant_id", "day", "id");
