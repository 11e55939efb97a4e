CREATE TABLE "access_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"merchant_id" text,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"authentication_data" jsonb NOT NULL,
	"identity_key" text NOT NULL,
	"additional_data" jsonb,
	"status" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cycles" (
	"id" text PRIMARY KEY NOT NULL,
	"summary_id" text NOT NULL,
	"seq" smallint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"authorization_code" text,
	"response_code" text,
	"response_message" text,
	"retrieval_reference_number" text,
	"system_trace_audit_number" text,
	"gateway_transaction_id" text NOT NULL,
	"device_fingerprint_id" text,
	"device_ip_address" text,
	"device_latitude" double precision,
	"device_longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"organization_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"created_at_ns" bigint NOT NULL,
	"created_at_text" text NOT NULL,
	"updated_at_text" text NOT NULL,
	"terminal_id" text NOT NULL,
	"event_status" text NOT NULL,
	"event_type" text NOT NULL,
	"acquirer_name" text NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_status" text NOT NULL,
	"terminal_serial_number" text NOT NULL,
	"merchant_tax_id" text NOT NULL,
	"acquirer_merchant_identifier" text NOT NULL,
	"acquirer_terminal_identifier" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"installments" integer,
	"installment_interest" boolean,
	"authorization_code" text,
	"product_aid" text,
	"retrieval_reference_number" text,
	"acquirer_response_code" text,
	"card_data" jsonb,
	"terminal_data" jsonb NOT NULL,
	"metadata" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"token_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint NOT NULL,
	"response_body" jsonb NOT NULL,
	"location" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_token_id_key_pk" PRIMARY KEY("token_id","key")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"tax_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tax_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"capture_type" text NOT NULL,
	"authentication_fields" jsonb NOT NULL,
	CONSTRAINT "providers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "transaction_summaries" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"acquirer" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"installments" integer NOT NULL,
	"gateway_transaction_id" text NOT NULL,
	"card_brand" text,
	"card_first_digits" text,
	"card_last_digits" text,
	"card_holder_name" text,
	"card_expiration_month" smallint,
	"card_expiration_year" smallint
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_summary_id_transaction_summaries_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."transaction_summaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_token_id_access_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."access_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_summaries" ADD CONSTRAINT "transaction_summaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_summaries" ADD CONSTRAINT "transaction_summaries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_org_idx" ON "access_tokens" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_identity_uq" ON "credentials" USING btree ("organization_id","merchant_id","provider_id","test_mode","identity_key");--> statement-breakpoint
CREATE INDEX "cycles_summary_idx" ON "cycles" USING btree ("summary_id","seq");--> statement-breakpoint
CREATE INDEX "events_org_created_idx" ON "events" USING btree ("organization_id","created_at_ns","event_id");--> statement-breakpoint
CREATE INDEX "events_org_merchant_created_idx" ON "events" USING btree ("organization_id","merchant_id","created_at_ns","event_id");--> statement-breakpoint
CREATE INDEX "events_org_status_created_idx" ON "events" USING btree ("organization_id","event_status","created_at_ns","event_id");--> statement-breakpoint
CREATE INDEX "events_org_type_created_idx" ON "events" USING btree ("organization_id","event_type","created_at_ns","event_id");--> statement-breakpoint
CREATE INDEX "merchants_org_idx" ON "merchants" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "summaries_org_created_idx" ON "transaction_summaries" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "summaries_org_merchant_created_idx" ON "transaction_summaries" USING btree ("organization_id","merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "summaries_org_acquirer_idx" ON "transaction_summaries" USING btree ("organization_id","acquirer","created_at","id");--> statement-breakpoint
CREATE INDEX "summaries_org_method_idx" ON "transaction_summaries" USING btree ("organization_id","payment_method","created_at","id");--> statement-breakpoint
CREATE INDEX "summaries_org_status_idx" ON "transaction_summaries" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "summaries_org_amount_idx" ON "transaction_summaries" USING btree ("organization_id","amount_minor","id");--> statement-breakpoint
CREATE INDEX "summaries_org_brand_idx" ON "transaction_summaries" USING btree ("organization_id","card_brand","created_at","id");--> statement-breakpoint
CREATE INDEX "summaries_org_first_digits_idx" ON "transaction_summaries" USING btree ("organization_id","card_first_digits" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "summaries_org_last_digits_idx" ON "transaction_summaries" USING btree ("organization_id","card_last_digits","created_at","id");