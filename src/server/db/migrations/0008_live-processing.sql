CREATE SEQUENCE "public"."events_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "signing_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"last_four" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "merchant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "failure_detail" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "next_attempt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "processed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "summary_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "connection_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "change_seq" bigint DEFAULT nextval('events_change_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_secrets" ADD CONSTRAINT "signing_secrets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_secrets_org_idx" ON "signing_secrets" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "events_due_idx" ON "events" USING btree ("next_attempt_at") WHERE event_status = 'pending' and next_attempt_at is not null;--> statement-breakpoint
CREATE INDEX "events_org_change_idx" ON "events" USING btree ("organization_id","change_seq");--> statement-breakpoint
CREATE INDEX "summaries_org_gateway_idx" ON "transaction_summaries" USING btree ("organization_id","gateway_transaction_id");