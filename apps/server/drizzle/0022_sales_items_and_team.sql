CREATE TABLE "ledger_category_names" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_category_names_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
CREATE TABLE "ledger_item_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"item_name" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_sale_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"local_date" date NOT NULL,
	"name" text,
	"variation" text,
	"item_key" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_pence" bigint NOT NULL,
	"category" text,
	"owner_category" text
);
--> statement-breakpoint
CREATE TABLE "ledger_team_members" (
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_team_members_user_id_provider_external_id_pk" PRIMARY KEY("user_id","provider","external_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "team_member_id" text;--> statement-breakpoint
ALTER TABLE "ledger_category_names" ADD CONSTRAINT "ledger_category_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_item_rules" ADD CONSTRAINT "ledger_item_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_sale_items" ADD CONSTRAINT "ledger_sale_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_sale_items" ADD CONSTRAINT "ledger_sale_items_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_team_members" ADD CONSTRAINT "ledger_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_item_rules_owner_item_key" ON "ledger_item_rules" USING btree ("user_id","item_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_sale_items_line_key" ON "ledger_sale_items" USING btree ("transaction_id","position");--> statement-breakpoint
CREATE INDEX "ledger_sale_items_owner_day_idx" ON "ledger_sale_items" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE INDEX "ledger_sale_items_owner_item_idx" ON "ledger_sale_items" USING btree ("user_id","item_key");--> statement-breakpoint
-- What was sold and who sold it, for the sales imported before Brade read them (docs/finance.md, "What was sold"):
-- every connected card processor with sales reads its imported history again, in the background after its next
-- regular run, through the backfill window the first import uses. Upserts make the second reading write each row once
-- more with its lines; until then those sales show on their processor's "without item detail" line.
UPDATE "connections" c SET
  "history_from" = coalesce(c."history_from", (SELECT min(l."occurred_at") FROM "ledger_transactions" l
    WHERE l."user_id" = c."user_id" AND l."provider" = c."provider")),
  "backfill_until" = now(),
  "backfill_cursor" = NULL
WHERE c."provider" IN ('stripe', 'square', 'sumup') AND c."status" = 'connected' AND c."credentials" IS NOT NULL
  AND c."last_synced_at" IS NOT NULL AND c."backfill_until" IS NULL
  AND EXISTS (SELECT 1 FROM "ledger_transactions" l
    WHERE l."user_id" = c."user_id" AND l."provider" = c."provider" AND l."kind" = 'sale');
