CREATE TABLE "dashboard_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"token_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_sessions" ADD CONSTRAINT "dashboard_sessions_token_id_access_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_sessions_token_idx" ON "dashboard_sessions" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "dashboard_sessions_last_seen_idx" ON "dashboard_sessions" USING btree ("last_seen_at");