CREATE TABLE "hmrc_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"session_id" uuid,
	"client_ip" text,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hmrc_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"credentials" text,
	"scopes" text[] NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"renew_until" timestamp with time zone NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"problem" text,
	"refresh_lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hmrc_audit_log" ADD CONSTRAINT "hmrc_audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hmrc_connections" ADD CONSTRAINT "hmrc_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hmrc_audit_owner_idx" ON "hmrc_audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "hmrc_connections_owner_key" ON "hmrc_connections" USING btree ("user_id");