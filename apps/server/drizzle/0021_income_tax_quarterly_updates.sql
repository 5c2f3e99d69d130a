CREATE TABLE "income_tax_category_map" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"hmrc_category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_tax_category_map_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
CREATE TABLE "income_tax_disallowable" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_pence" bigint NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "income_tax_obligations" (
	"user_id" uuid NOT NULL,
	"business_id" text NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"due" date NOT NULL,
	"status" text NOT NULL,
	"received" date,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "income_tax_obligations_user_id_business_id_end_pk" PRIMARY KEY("user_id","business_id","end")
);
--> statement-breakpoint
CREATE TABLE "income_tax_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"nino" text,
	"quarter_type" text DEFAULT 'standard' NOT NULL,
	"expenses" text DEFAULT 'itemised' NOT NULL,
	"business_id" text,
	"trading_name" text,
	"qualifying_income_pence" bigint,
	"qualifying_income_tax_year" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "income_tax_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"nino" text NOT NULL,
	"business_id" text NOT NULL,
	"tax_year" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"expenses" text NOT NULL,
	"state" text NOT NULL,
	"summary" jsonb NOT NULL,
	"hmrc_holds" jsonb,
	"correlation_id" text,
	"error_code" text,
	"error" text,
	"sandbox" boolean DEFAULT false NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quarterly_update_reminders" (
	"user_id" uuid NOT NULL,
	"period_end" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quarterly_update_reminders_user_id_period_end_pk" PRIMARY KEY("user_id","period_end")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quarterly_update_due" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "income_tax_category_map" ADD CONSTRAINT "income_tax_category_map_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_tax_disallowable" ADD CONSTRAINT "income_tax_disallowable_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_tax_disallowable" ADD CONSTRAINT "income_tax_disallowable_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_tax_obligations" ADD CONSTRAINT "income_tax_obligations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_tax_settings" ADD CONSTRAINT "income_tax_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_tax_updates" ADD CONSTRAINT "income_tax_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarterly_update_reminders" ADD CONSTRAINT "quarterly_update_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "income_tax_disallowable_owner_idx" ON "income_tax_disallowable" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "income_tax_updates_one_sending" ON "income_tax_updates" USING btree ("user_id","tax_year") WHERE "income_tax_updates"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "income_tax_updates_owner_idx" ON "income_tax_updates" USING btree ("user_id","period_end");