CREATE TABLE "bank_balances" (
	"user_id" uuid NOT NULL,
	"account_identity" text NOT NULL,
	"currency" text NOT NULL,
	"booked_pence" bigint NOT NULL,
	"available_pence" bigint,
	"balance_date" date,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connect_attempts" ADD COLUMN "bank_provider" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "bank_provider" text;--> statement-breakpoint
ALTER TABLE "bank_balances" ADD CONSTRAINT "bank_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_balances_owner_account_key" ON "bank_balances" USING btree ("user_id","account_identity");--> statement-breakpoint
-- Every bank link made before Enable Banking was GoCardless: existing connections keep their provider.
UPDATE "connections" SET "bank_provider" = 'gocardless' WHERE "provider" = 'bank';
