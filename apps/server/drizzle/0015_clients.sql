DROP INDEX "ledger_owner_sale_clients_idx";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "client_id" text;--> statement-breakpoint
CREATE INDEX "ledger_owner_client_days_idx" ON "ledger_transactions" USING btree ("user_id","local_date","client_id","kind","sale_purpose") WHERE "ledger_transactions"."client_id" is not null;