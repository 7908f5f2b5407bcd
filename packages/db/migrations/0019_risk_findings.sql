CREATE TABLE "risk_finding_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finding_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"owner_id" text,
	"due_date" date NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"evidence_file_name" text,
	"evidence_content_type" text,
	"evidence_size_bytes" integer,
	"evidence_storage_key" text,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"completed_by_name" text,
	"validated_at" timestamp with time zone,
	"validated_by" text,
	"validated_by_name" text,
	"validation_note" text DEFAULT '' NOT NULL,
	"overdue_notified_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_finding_actions_validated_check" CHECK ("risk_finding_actions"."validated_at" IS NULL OR "risk_finding_actions"."completed_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "risk_finding_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finding_id" uuid NOT NULL,
	"changed_by" text,
	"changed_by_name" text NOT NULL,
	"event" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"severity" text NOT NULL,
	"area" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"root_cause" text DEFAULT '' NOT NULL,
	"rule_id" text,
	"risk_id" uuid,
	"change_id" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"closed_by_name" text,
	"closing_note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_findings_source_check" CHECK ("risk_findings"."source" IN ('exam', 'internal_audit', 'self_identified', 'complaint')),
	CONSTRAINT "risk_findings_severity_check" CHECK ("risk_findings"."severity" IN ('low', 'moderate', 'high', 'critical')),
	CONSTRAINT "risk_findings_area_check" CHECK ("risk_findings"."area" IN ('trid', 'qm_atr', 'hmda', 'fair_lending', 'cra', 'bsa_aml', 'tila', 'respa', 'flood', 'safe_act', 'udaap', 'fcra'))
);
--> statement-breakpoint
ALTER TABLE "risk_finding_actions" ADD CONSTRAINT "risk_finding_actions_finding_id_risk_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."risk_findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_finding_actions" ADD CONSTRAINT "risk_finding_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_finding_actions" ADD CONSTRAINT "risk_finding_actions_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_finding_actions" ADD CONSTRAINT "risk_finding_actions_completed_by_user_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_finding_actions" ADD CONSTRAINT "risk_finding_actions_validated_by_user_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_finding_actions" ADD CONSTRAINT "risk_finding_actions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_finding_history" ADD CONSTRAINT "risk_finding_history_finding_id_risk_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."risk_findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_finding_history" ADD CONSTRAINT "risk_finding_history_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_findings" ADD CONSTRAINT "risk_findings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_findings" ADD CONSTRAINT "risk_findings_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_findings" ADD CONSTRAINT "risk_findings_change_id_change_items_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."change_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_findings" ADD CONSTRAINT "risk_findings_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_findings" ADD CONSTRAINT "risk_findings_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_finding_actions_finding_idx" ON "risk_finding_actions" USING btree ("finding_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_finding_actions_open_due_idx" ON "risk_finding_actions" USING btree ("company_id","due_date") WHERE "risk_finding_actions"."completed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "risk_finding_history_finding_idx" ON "risk_finding_history" USING btree ("finding_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_findings_number_idx" ON "risk_findings" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "risk_findings_risk_idx" ON "risk_findings" USING btree ("risk_id");--> statement-breakpoint
CREATE INDEX "risk_findings_change_idx" ON "risk_findings" USING btree ("change_id");