CREATE TABLE "connect_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_verifier" text,
	"link_id" text,
	"institution_id" text,
	"institution_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "credentials" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "institution_id" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "institution_name" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "consent_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "sync_cursor" jsonb;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "sync_state" text DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "sync_imported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "sync_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "sync_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "next_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connect_attempts" ADD CONSTRAINT "connect_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connect_attempts_state_key" ON "connect_attempts" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "connect_attempts_link_idx" ON "connect_attempts" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "connect_attempts_expiry_idx" ON "connect_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "connections_due_idx" ON "connections" USING btree ("next_sync_at") WHERE "connections"."status" = 'connected' and "connections"."credentials" is not null;