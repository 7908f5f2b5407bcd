CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"owner_id" text,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"changed_by" text,
	"changed_by_name" text NOT NULL,
	"event" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_section_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"method" text NOT NULL,
	"cited_as" text,
	"text_score" real DEFAULT 0 NOT NULL,
	"matched_words" text[] NOT NULL,
	"decision" text DEFAULT 'suggested' NOT NULL,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"carried_over" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_section_matches_method_check" CHECK ("policy_section_matches"."method" IN ('citation', 'text', 'manual')),
	CONSTRAINT "policy_section_matches_decision_check" CHECK ("policy_section_matches"."decision" IN ('suggested', 'confirmed', 'rejected')),
	CONSTRAINT "policy_section_matches_decided_check" CHECK (("policy_section_matches"."decision" = 'suggested') = ("policy_section_matches"."decided_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "policy_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"level" integer NOT NULL,
	"heading" text NOT NULL,
	"anchor" text NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"citations" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"text" text NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" text,
	"submitted_by_name" text,
	"submitted_at" timestamp with time zone,
	"approved_by" text,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"next_review_date" date,
	"return_note" text,
	CONSTRAINT "policy_versions_status_check" CHECK ("policy_versions"."status" IN ('draft', 'in_review', 'approved', 'superseded')),
	CONSTRAINT "policy_versions_approved_check" CHECK ("policy_versions"."status" <> 'approved' OR "policy_versions"."approved_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_history" ADD CONSTRAINT "policy_history_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_history" ADD CONSTRAINT "policy_history_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_section_matches" ADD CONSTRAINT "policy_section_matches_section_id_policy_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."policy_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_section_matches" ADD CONSTRAINT "policy_section_matches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_section_matches" ADD CONSTRAINT "policy_section_matches_rule_id_library_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."library_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_section_matches" ADD CONSTRAINT "policy_section_matches_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_sections" ADD CONSTRAINT "policy_sections_version_id_policy_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."policy_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_sections" ADD CONSTRAINT "policy_sections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policies_number_idx" ON "policies" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "policy_history_policy_idx" ON "policy_history" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_section_matches_rule_idx" ON "policy_section_matches" USING btree ("section_id","rule_id");--> statement-breakpoint
CREATE INDEX "policy_section_matches_company_rule_idx" ON "policy_section_matches" USING btree ("company_id","rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_sections_position_idx" ON "policy_sections" USING btree ("version_id","position");--> statement-breakpoint
CREATE INDEX "policy_sections_company_idx" ON "policy_sections" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_number_idx" ON "policy_versions" USING btree ("policy_id","version");--> statement-breakpoint
CREATE INDEX "policy_versions_company_status_idx" ON "policy_versions" USING btree ("company_id","status");