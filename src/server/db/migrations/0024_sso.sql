-- Single sign-on (issue 24): an organization's OpenID provider, and the short-lived state of a sign-in under way.
-- The client secret is sealed like the signing secrets ('aes-256-gcm:…' with SIGNING_SECRET_KEY, else 'plain:…').
CREATE TABLE "sso_configs" (
	"organization_id" text PRIMARY KEY NOT NULL REFERENCES "organizations"("id"),
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"scopes" text DEFAULT 'openid email profile' NOT NULL,
	"allowed_domains" text[] DEFAULT '{}' NOT NULL,
	"role_claim" text DEFAULT 'groups' NOT NULL,
	"role_map" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_role" text,
	"source" text DEFAULT 'api' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organizations"("id"),
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" USING btree ("expires_at");
