-- Issue 24: a merchant operator acts for one or more merchants. The set is a relation (a person, and so an
-- invitation, which is an invited person, to each merchant), moved over from people.merchant_id. A person's access
-- token no longer carries a merchant: the session reads the person's set (src/server/auth/token-store.ts); machine
-- tokens keep their single access_tokens.merchant_id.
CREATE TABLE "person_merchants" (
	"person_id" text NOT NULL REFERENCES "people"("id") ON DELETE cascade,
	"merchant_id" text NOT NULL REFERENCES "merchants"("id"),
	CONSTRAINT "person_merchants_pk" PRIMARY KEY ("person_id","merchant_id")
);
--> statement-breakpoint
INSERT INTO "person_merchants" ("person_id", "merchant_id") SELECT "id", "merchant_id" FROM "people" WHERE "merchant_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "access_tokens" SET "merchant_id" = NULL WHERE "kind" = 'person';
--> statement-breakpoint
ALTER TABLE "people" DROP COLUMN "merchant_id";
