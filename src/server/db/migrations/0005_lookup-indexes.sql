ALTER TABLE "transaction_summaries" ADD COLUMN "acquirer_merchant_id" text;--> statement-breakpoint
ALTER TABLE "transaction_summaries" ADD COLUMN "acquirer_terminal_id" text;--> statement-breakpoint
CREATE INDEX "cycles_gateway_id_idx" ON "cycles" USING btree ("gateway_transaction_id");--> statement-breakpoint
CREATE INDEX "cycles_rrn_idx" ON "cycles" USING btree ("retrieval_reference_number");--> statement-breakpoint
CREATE INDEX "cycles_stan_idx" ON "cycles" USING btree ("system_trace_audit_number");--> statement-breakpoint
CREATE INDEX "cycles_authorization_code_idx" ON "cycles" USING btree ("authorization_code");--> statement-breakpoint
CREATE INDEX "events_org_transaction_idx" ON "events" USING btree ("organization_id","id","created_at_ns","event_id");--> statement-breakpoint
CREATE INDEX "events_org_rrn_idx" ON "events" USING btree ("organization_id","retrieval_reference_number");--> statement-breakpoint
CREATE INDEX "events_org_authorization_code_idx" ON "events" USING btree ("organization_id","authorization_code");--> statement-breakpoint
CREATE INDEX "summaries_gateway_id_idx" ON "transaction_summaries" USING btree ("gateway_transaction_id");