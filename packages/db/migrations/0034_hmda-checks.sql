CREATE TABLE "hmda_check_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"check_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"edit_id" text NOT NULL,
	"category" text NOT NULL,
	"position" integer NOT NULL,
	"row_count" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"examples" jsonb NOT NULL,
	"verified_reason" text,
	"verified_by" text,
	"verified_by_name" text,
	"verified_at" timestamp with time zone,
	CONSTRAINT "hmda_check_edits_category_check" CHECK ("hmda_check_edits"."category" IN ('syntactical', 'validity', 'quality', 'macro'))
);
--> statement-breakpoint
CREATE TABLE "hmda_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"year" integer,
	"period" text,
	"lei" text DEFAULT '' NOT NULL,
	"institution_name" text DEFAULT '' NOT NULL,
	"lar_count" integer NOT NULL,
	"status" text NOT NULL,
	"format_error_count" integer NOT NULL,
	"format_errors" jsonb NOT NULL,
	"syntactical_count" integer NOT NULL,
	"validity_count" integer NOT NULL,
	"quality_count" integer NOT NULL,
	"macro_count" integer NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hmda_checks_status_check" CHECK ("hmda_checks"."status" IN ('format_errors', 'must_fix', 'to_verify', 'clean')),
	CONSTRAINT "hmda_checks_period_check" CHECK ("hmda_checks"."period" is null or "hmda_checks"."period" IN ('annual', 'Q1', 'Q2', 'Q3'))
);
--> statement-breakpoint
ALTER TABLE "hmda_check_edits" ADD CONSTRAINT "hmda_check_edits_check_id_hmda_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."hmda_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hmda_check_edits" ADD CONSTRAINT "hmda_check_edits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hmda_check_edits" ADD CONSTRAINT "hmda_check_edits_verified_by_user_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hmda_checks" ADD CONSTRAINT "hmda_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hmda_checks" ADD CONSTRAINT "hmda_checks_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hmda_check_edits_check_edit_key" ON "hmda_check_edits" USING btree ("check_id","edit_id");--> statement-breakpoint
CREATE INDEX "hmda_check_edits_company_idx" ON "hmda_check_edits" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "hmda_checks_company_created_idx" ON "hmda_checks" USING btree ("company_id","created_at");