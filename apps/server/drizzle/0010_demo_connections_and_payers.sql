ALTER TABLE "connections" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "history_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "backfill_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "backfill_cursor" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "connection_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "sync_run_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payer_customer_key" text;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payer_card_key" text;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payer_email_key" text;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "sale_purpose" text;