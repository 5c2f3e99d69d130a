CREATE TABLE "signup_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signup_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "content_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signup_codes" ADD CONSTRAINT "signup_codes_attempt_id_signup_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."signup_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signup_attempts_email_idx" ON "signup_attempts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "signup_codes_attempt_idx" ON "signup_codes" USING btree ("attempt_id");--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Accounts that never confirmed their code held an unconfirmed password anyone could have set: they go (their
-- owners sign up again); sign-ups now wait in signup_attempts until confirmed.
DELETE FROM "users" WHERE "email_confirmed_at" IS NULL;--> statement-breakpoint
DELETE FROM "one_time_codes" WHERE "purpose" = 'signup';--> statement-breakpoint
-- Sessions end 30 days after sign-in, whatever the refreshes.
UPDATE "sessions" SET "expires_at" = LEAST("expires_at", "created_at" + interval '30 days');--> statement-breakpoint
-- A waiting e-mail change must belong to a live session; older requests named none.
UPDATE "email_change_requests" SET "consumed_at" = now() WHERE "consumed_at" IS NULL AND "session_id" IS NULL;
