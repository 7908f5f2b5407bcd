ALTER TABLE "companies" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "session_lifetime_hours" integer DEFAULT 168 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "allowed_email_domains" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_session_lifetime_check" CHECK ("companies"."session_lifetime_hours" IN (8, 12, 24, 72, 168));