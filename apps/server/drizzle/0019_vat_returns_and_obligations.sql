CREATE TABLE "vat_obligations" (
	"user_id" uuid NOT NULL,
	"vrn" text NOT NULL,
	"period_key" text NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"due" date NOT NULL,
	"status" text NOT NULL,
	"received" date,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vat_obligations_user_id_vrn_period_key_pk" PRIMARY KEY("user_id","vrn","period_key")
);
--> statement-breakpoint
CREATE TABLE "vat_return_reminders" (
	"user_id" uuid NOT NULL,
	"period_end" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_return_reminders_user_id_period_end_pk" PRIMARY KEY("user_id","period_end")
);
--> statement-breakpoint
CREATE TABLE "vat_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"vrn" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"state" text NOT NULL,
	"boxes" jsonb NOT NULL,
	"receipt" jsonb,
	"error_code" text,
	"error" text,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "vat_obligations" ADD CONSTRAINT "vat_obligations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_return_reminders" ADD CONSTRAINT "vat_return_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_returns" ADD CONSTRAINT "vat_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_returns_one_per_period_key" ON "vat_returns" USING btree ("user_id","vrn","period_key") WHERE "vat_returns"."state" in ('submitting', 'filed');--> statement-breakpoint
CREATE INDEX "vat_returns_owner_idx" ON "vat_returns" USING btree ("user_id","period_end");