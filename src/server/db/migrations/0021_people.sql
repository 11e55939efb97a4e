-- People (issue 24): accounts with Argon2id passwords, TOTP and recovery codes; each person acts through an
-- access token of kind 'person' (its scopes are the role's), so sessions, idempotency keys and credential history
-- keep pointing at access_tokens. Machine tokens ('api') record the person who made them and their last use.
CREATE TABLE "people" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organizations"("id"),
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"merchant_id" text REFERENCES "merchants"("id"),
	"password_hash" text,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp (3) with time zone,
	"last_sign_in_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_uq" ON "people" USING btree (lower("email"));
--> statement-breakpoint
CREATE INDEX "people_org_idx" ON "people" USING btree ("organization_id","email");
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"person_id" text NOT NULL REFERENCES "people"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	PRIMARY KEY ("person_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL REFERENCES "people"("id") ON DELETE cascade,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"key" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_key_at_idx" ON "sign_in_failures" USING btree ("key","at");
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "kind" text DEFAULT 'api' NOT NULL;
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "person_id" text REFERENCES "people"("id");
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "created_by" text REFERENCES "people"("id");
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "last_used_at" timestamp (3) with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_person_uq" ON "access_tokens" USING btree ("person_id") WHERE "kind" = 'person';
--> statement-breakpoint
ALTER TABLE "dashboard_sessions" ADD COLUMN "address" text;
--> statement-breakpoint
ALTER TABLE "dashboard_sessions" ADD COLUMN "user_agent" text;
