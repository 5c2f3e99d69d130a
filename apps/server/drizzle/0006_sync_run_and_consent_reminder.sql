ALTER TABLE "connections" ADD COLUMN "sync_run_id" uuid;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "consent_reminder_sent_at" timestamp with time zone;