CREATE TABLE "analytics_report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_report_deliveries_status_check" CHECK ("analytics_report_deliveries"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "analytics_report_recipients" (
	"schedule_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_report_recipients_schedule_id_user_id_pk" PRIMARY KEY("schedule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"frequency" text NOT NULL,
	"area" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_report_schedules_frequency_check" CHECK ("analytics_report_schedules"."frequency" IN ('weekly', 'monthly', 'quarterly')),
	CONSTRAINT "analytics_report_schedules_area_check" CHECK ("analytics_report_schedules"."area" IN ('trid', 'qm_atr', 'hmda', 'fair_lending', 'cra', 'bsa_aml', 'tila', 'respa', 'flood', 'safe_act', 'udaap', 'fcra'))
);
--> statement-breakpoint
CREATE TABLE "analytics_saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"view" text NOT NULL,
	"query" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_saved_views_view_check" CHECK ("analytics_saved_views"."view" IN ('overview', 'compliance', 'changes', 'deadlines', 'team'))
);
--> statement-breakpoint
ALTER TABLE "analytics_report_deliveries" ADD CONSTRAINT "analytics_report_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_deliveries" ADD CONSTRAINT "analytics_report_deliveries_schedule_id_analytics_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."analytics_report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_deliveries" ADD CONSTRAINT "analytics_report_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_recipients" ADD CONSTRAINT "analytics_report_recipients_schedule_id_analytics_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."analytics_report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_recipients" ADD CONSTRAINT "analytics_report_recipients_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_schedules" ADD CONSTRAINT "analytics_report_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_schedules" ADD CONSTRAINT "analytics_report_schedules_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_saved_views" ADD CONSTRAINT "analytics_saved_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_saved_views" ADD CONSTRAINT "analytics_saved_views_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_report_deliveries_once_idx" ON "analytics_report_deliveries" USING btree ("schedule_id","period_key","user_id");--> statement-breakpoint
CREATE INDEX "analytics_report_deliveries_due_idx" ON "analytics_report_deliveries" USING btree ("next_attempt_at") WHERE "analytics_report_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "analytics_report_recipients_user_idx" ON "analytics_report_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_report_schedules_company_idx" ON "analytics_report_schedules" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_saved_views_name_idx" ON "analytics_saved_views" USING btree ("company_id","name");