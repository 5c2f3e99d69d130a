CREATE TABLE "ledger_category_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"counterparty_key" text NOT NULL,
	"counterparty" text NOT NULL,
	"direction" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_corrections" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"original_category" text NOT NULL,
	"original_kind" text NOT NULL,
	"rule_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_category_rules" ADD CONSTRAINT "ledger_category_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_corrections" ADD CONSTRAINT "ledger_corrections_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_corrections" ADD CONSTRAINT "ledger_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_corrections" ADD CONSTRAINT "ledger_corrections_rule_id_ledger_category_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."ledger_category_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_rules_owner_counterparty_key" ON "ledger_category_rules" USING btree ("user_id","counterparty_key","direction");--> statement-breakpoint
CREATE INDEX "ledger_corrections_rule_idx" ON "ledger_corrections" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "ledger_corrections_owner_idx" ON "ledger_corrections" USING btree ("user_id");