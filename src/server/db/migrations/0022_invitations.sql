-- Invitations (issue 24): an admin invites an email with a role; the person exists as 'invited' until they accept.
-- Only the SHA-256 of the link's token is stored; a link works once (accepted_at) and until expires_at (72 hours).
CREATE TABLE "invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL REFERENCES "people"("id") ON DELETE cascade,
	"invited_by" text REFERENCES "people"("id"),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "invitations_person_idx" ON "invitations" USING btree ("person_id");
