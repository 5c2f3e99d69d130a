CREATE TABLE "vat_category_rates" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"effective_from" date NOT NULL,
	"treatment" text NOT NULL,
	CONSTRAINT "vat_category_rates_user_id_category_effective_from_pk" PRIMARY KEY("user_id","category","effective_from")
);
--> statement-breakpoint
CREATE TABLE "vat_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"flat_rate_bp" integer,
	"registered_from" date,
	"stagger" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ledger_owner_day_kind_idx";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "vat_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "vat_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_category_rates" ADD CONSTRAINT "vat_category_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_settings" ADD CONSTRAINT "vat_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_owner_day_kind_idx" ON "ledger_transactions" USING btree ("user_id","local_date","kind","amount_pence","vat_pence","client_key");