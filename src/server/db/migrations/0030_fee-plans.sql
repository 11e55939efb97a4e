-- Issue 25: fee plans. A plan is a price (what a merchant pays the platform, MDR per card product and brand, Pix,
-- anticipation) or a cost (what an acquirer connection charges the platform), versioned by effective date: a
-- version applies to sales captured from its effective_from (Brasília date). Versions are never changed or
-- deleted (the history); fee_plans.version is the latest one and the ETag of If-Match edits.
CREATE TABLE "fee_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organizations"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('price', 'cost')),
	"name" text NOT NULL,
	"acquirer" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CHECK (("kind" = 'cost') = ("acquirer" IS NOT NULL))
);--> statement-breakpoint
CREATE INDEX "fee_plans_org_idx" ON "fee_plans" USING btree ("organization_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_plans_default_price_uq" ON "fee_plans" USING btree ("organization_id") WHERE "kind" = 'price' AND "is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "fee_plans_cost_acquirer_uq" ON "fee_plans" USING btree ("organization_id","acquirer") WHERE "kind" = 'cost';--> statement-breakpoint
CREATE TABLE "fee_plan_versions" (
	"plan_id" text NOT NULL REFERENCES "fee_plans"("id"),
	"version" integer NOT NULL,
	"effective_from" date NOT NULL,
	"rates" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "fee_plan_versions_pk" PRIMARY KEY("plan_id","version")
);--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "fee_plan_id" text REFERENCES "fee_plans"("id");
