CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"description" text NOT NULL,
	"counterparty" text,
	"client_key" text,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"payout_processor" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financial_goals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"margin_goal" integer NOT NULL,
	"revenue_target" integer NOT NULL,
	"retention_rate" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_goals" ADD CONSTRAINT "financial_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_owner_provider_key" ON "connections" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_owner_provider_external_key" ON "ledger_transactions" USING btree ("user_id","provider","external_id");--> statement-breakpoint
CREATE INDEX "ledger_owner_day_kind_idx" ON "ledger_transactions" USING btree ("user_id","local_date","kind","amount_pence","client_key");--> statement-breakpoint
CREATE INDEX "ledger_owner_payouts_idx" ON "ledger_transactions" USING btree ("user_id","payout_processor") WHERE "ledger_transactions"."payout_processor" is not null;