CREATE TABLE "ledger_daily_totals" (
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"revenue_pence" bigint NOT NULL,
	"expenses_pence" bigint NOT NULL,
	CONSTRAINT "ledger_daily_totals_user_id_local_date_pk" PRIMARY KEY("user_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "ledger_daily_totals" ADD CONSTRAINT "ledger_daily_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_owner_sale_clients_idx" ON "ledger_transactions" USING btree ("user_id","local_date","client_key") WHERE "ledger_transactions"."kind" = 'sale';--> statement-breakpoint
-- Backfill: transactions imported before this migration get their daily totals (ledger/kinds.ts definitions).
INSERT INTO "ledger_daily_totals" ("user_id", "local_date", "revenue_pence", "expenses_pence")
SELECT "user_id", "local_date",
  coalesce(sum("amount_pence") filter (where "kind" in ('sale', 'refund', 'other_income')), 0),
  coalesce(-sum("amount_pence") filter (where "kind" in ('expense', 'fee')), 0)
FROM "ledger_transactions" GROUP BY "user_id", "local_date";
