DROP INDEX "summaries_org_first_digits_idx";--> statement-breakpoint
DROP INDEX "summaries_org_last_digits_idx";--> statement-breakpoint
DROP INDEX "events_org_status_created_idx";--> statement-breakpoint
DROP INDEX "events_org_type_created_idx";--> statement-breakpoint
DROP INDEX "summaries_org_acquirer_idx";--> statement-breakpoint
DROP INDEX "summaries_org_method_idx";--> statement-breakpoint
DROP INDEX "summaries_org_status_idx";--> statement-breakpoint
DROP INDEX "summaries_org_amount_idx";--> statement-breakpoint
DROP INDEX "summaries_org_brand_idx";--> statement-breakpoint
CREATE INDEX "summaries_org_acquirer_sort_idx" ON "transaction_summaries" USING btree ("organization_id","acquirer" collate "C","id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_method_sort_idx" ON "transaction_summaries" USING btree ("organization_id","payment_method" collate "C","id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_status_sort_idx" ON "transaction_summaries" USING btree ("organization_id","status" collate "C","id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_brand_sort_idx" ON "transaction_summaries" USING btree ("organization_id","card_brand" collate "C","id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_first_digits_c_idx" ON "transaction_summaries" USING btree ("organization_id","card_first_digits" collate "C","id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_last_digits_c_idx" ON "transaction_summaries" USING btree ("organization_id","card_last_digits" collate "C","id","merchant_id");--> statement-breakpoint
CREATE INDEX "events_org_status_created_idx" ON "events" USING btree ("organization_id","event_status","created_at_ns","event_id","merchant_id");--> statement-breakpoint
CREATE INDEX "events_org_type_created_idx" ON "events" USING btree ("organization_id","event_type","created_at_ns","event_id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_acquirer_idx" ON "transaction_summaries" USING btree ("organization_id","acquirer","created_at","id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_method_idx" ON "transaction_summaries" USING btree ("organization_id","payment_method","created_at","id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_status_idx" ON "transaction_summaries" USING btree ("organization_id","status","created_at","id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_amount_idx" ON "transaction_summaries" USING btree ("organization_id","amount_minor","id","merchant_id");--> statement-breakpoint
CREATE INDEX "summaries_org_brand_idx" ON "transaction_summaries" USING btree ("organization_id","card_brand","created_at","id","merchant_id");