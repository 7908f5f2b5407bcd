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
ALTER TABLE "risk_snapshots" ADD CONSTRAINT "risk_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_snapshots_company_day_idx" ON "risk_snapshots" USING btree ("company_id","day");