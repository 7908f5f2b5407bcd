CREATE TABLE "apor_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"amortization" text NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"source_note" text DEFAULT '' NOT NULL,
	"sha256" text NOT NULL,
	"week_count" integer NOT NULL,
	"first_week" date NOT NULL,
	"last_week" date NOT NULL,
	"weeks" jsonb NOT NULL,
	"uploaded_by" text,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apor_tables_amortization_check" CHECK ("apor_tables"."amortization" IN ('fixed', 'adjustable'))
);
--> statement-breakpoint
CREATE TABLE "loan_test_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"loan_reference" text NOT NULL,
	"outcome" text NOT NULL,
	"headline" text NOT NULL,
	"input" jsonb NOT NULL,
	"results" jsonb NOT NULL,
	"apor_table_id" uuid,
	"change_id" uuid,
	"finding_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_test_results_kind_check" CHECK ("loan_test_results"."kind" IN ('trid_timing', 'tolerance', 'rate_spread', 'points_and_fees')),
	CONSTRAINT "loan_test_results_outcome_check" CHECK ("loan_test_results"."outcome" IN ('pass', 'fail', 'info', 'not_determined')),
	CONSTRAINT "loan_test_results_one_record_check" CHECK (("loan_test_results"."change_id" is null) <> ("loan_test_results"."finding_id" is null))
);
--> statement-breakpoint
ALTER TABLE "apor_tables" ADD CONSTRAINT "apor_tables_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_test_results" ADD CONSTRAINT "loan_test_results_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_test_results" ADD CONSTRAINT "loan_test_results_apor_table_id_apor_tables_id_fk" FOREIGN KEY ("apor_table_id") REFERENCES "public"."apor_tables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_test_results" ADD CONSTRAINT "loan_test_results_change_id_change_items_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."change_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_test_results" ADD CONSTRAINT "loan_test_results_finding_id_risk_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."risk_findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_test_results" ADD CONSTRAINT "loan_test_results_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apor_tables_amortization_version_key" ON "apor_tables" USING btree ("amortization","version");--> statement-breakpoint
CREATE INDEX "loan_test_results_company_created_idx" ON "loan_test_results" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_test_results_change_idx" ON "loan_test_results" USING btree ("change_id") WHERE "loan_test_results"."change_id" is not null;--> statement-breakpoint
CREATE INDEX "loan_test_results_finding_idx" ON "loan_test_results" USING btree ("finding_id") WHERE "loan_test_results"."finding_id" is not null;