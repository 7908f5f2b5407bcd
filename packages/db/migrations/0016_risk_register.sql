CREATE TABLE "risk_controls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"risk_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rule_ids" text[] DEFAULT '{}' NOT NULL,
	"effectiveness_override" text,
	"override_reason" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_controls_override_check" CHECK ("risk_controls"."effectiveness_override" IN ('effective', 'partially_effective', 'ineffective', 'not_assessed'))
);
--> statement-breakpoint
CREATE TABLE "risk_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"risk_id" uuid NOT NULL,
	"changed_by" text,
	"changed_by_name" text NOT NULL,
	"event" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"area" text NOT NULL,
	"product_line" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" text,
	"inherent_likelihood" integer,
	"inherent_impact" integer,
	"residual_likelihood" integer,
	"residual_impact" integer,
	"residual_reason" text DEFAULT '' NOT NULL,
	"review_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"accepted_by" text,
	"accepted_by_name" text,
	"accepted_at" timestamp with time zone,
	"acceptance_expires_on" date,
	"template_key" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risks_area_check" CHECK ("risks"."area" IN ('trid', 'qm_atr', 'hmda', 'fair_lending', 'cra', 'bsa_aml', 'tila', 'respa', 'flood', 'safe_act', 'udaap', 'fcra')),
	CONSTRAINT "risks_product_line_check" CHECK ("risks"."product_line" IN ('mortgage_origination', 'mortgage_servicing', 'home_equity', 'consumer_lending', 'deposits', 'commercial_lending', 'institution_wide')),
	CONSTRAINT "risks_status_check" CHECK ("risks"."status" IN ('open', 'accepted', 'mitigated', 'closed')),
	CONSTRAINT "risks_inherent_likelihood_check" CHECK ("risks"."inherent_likelihood" BETWEEN 1 AND 5),
	CONSTRAINT "risks_inherent_impact_check" CHECK ("risks"."inherent_impact" BETWEEN 1 AND 5),
	CONSTRAINT "risks_residual_likelihood_check" CHECK ("risks"."residual_likelihood" BETWEEN 1 AND 5),
	CONSTRAINT "risks_residual_impact_check" CHECK ("risks"."residual_impact" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_history" ADD CONSTRAINT "risk_history_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_history" ADD CONSTRAINT "risk_history_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_controls_risk_idx" ON "risk_controls" USING btree ("risk_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_history_risk_idx" ON "risk_history" USING btree ("risk_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risks_number_idx" ON "risks" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "risks_template_idx" ON "risks" USING btree ("company_id","template_key") WHERE "risks"."template_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "risks_company_area_idx" ON "risks" USING btree ("company_id","area");