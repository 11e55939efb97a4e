CREATE TABLE "credential_history" (
	"id" text PRIMARY KEY NOT NULL,
	"credential_id" text NOT NULL,
	"token_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "mcc" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))) STORED;--> statement-breakpoint
ALTER TABLE "credential_history" ADD CONSTRAINT "credential_history_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_history" ADD CONSTRAINT "credential_history_token_id_access_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."access_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_history_credential_idx" ON "credential_history" USING btree ("credential_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credentials_org_mode_created_idx" ON "credentials" USING btree ("organization_id","test_mode","created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_org_tax_id_idx" ON "merchants" USING btree ("organization_id","tax_id");--> statement-breakpoint
CREATE INDEX "merchants_org_name_idx" ON "merchants" USING btree ("organization_id","name","id");