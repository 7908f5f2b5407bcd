CREATE TABLE "risk_assessment_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"submitted_by" text,
	"submitted_by_name" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	"reopened_by" text,
	"reopened_by_name" text,
	"reopened_at" timestamp with time zone,
	"snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_assessment_versions_status_check" CHECK ("risk_assessment_versions"."status" IN ('submitted', 'approved', 'returned')),
	CONSTRAINT "risk_assessment_versions_snapshot_check" CHECK (("risk_assessment_versions"."status" = 'approved') = ("risk_assessment_versions"."snapshot" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "risk_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"risk_count" integer NOT NULL,
	"not_rated_count" integer NOT NULL,
	"low_count" integer NOT NULL,
	"moderate_count" integer NOT NULL,
	"high_count" integer NOT NULL,
	"critical_count" integer NOT NULL,
	"total_residual_score" integer NOT NULL,
	"average_residual_score" double precision,
	"by_area" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_snapshots_counts_check" CHECK ("risk_snapshots"."not_rated_count" + "risk_snapshots"."low_count" + "risk_snapshots"."moderate_count" + "risk_snapshots"."high_count" + "risk_snapshots"."critical_count" = "risk_snapshots"."risk_count")
);
--> statement-breakpoint
ALTER TABLE "risk_assessment_versions" ADD CONSTRAINT "risk_assessment_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assessment_versions" ADD CONSTRAINT "risk_assessment_versions_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assessment_versions" ADD CONSTRAINT "risk_assessment_versions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assessment_versions" ADD CONSTRAINT "risk_assessment_versions_reopened_by_user_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_snapshots" ADD CONSTRAINT "risk_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_assessment_versions_number_idx" ON "risk_assessment_versions" USING btree ("company_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_assessment_versions_pending_idx" ON "risk_assessment_versions" USING btree ("company_id") WHERE "risk_assessment_versions"."status" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "risk_snapshots_company_day_idx" ON "risk_snapshots" USING btree ("company_id","day");