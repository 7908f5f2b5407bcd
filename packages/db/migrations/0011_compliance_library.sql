CREATE TABLE "assessment_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"url" text,
	"content_type" text,
	"size_bytes" integer,
	"storage_key" text,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_evidence_kind_check" CHECK ("assessment_evidence"."kind" IN ('link', 'file'))
);
--> statement-breakpoint
CREATE TABLE "library_article_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"citations" text[] NOT NULL,
	"last_reviewed" date NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "library_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"area" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"citations" text[] NOT NULL,
	"effective_date" date,
	"last_reviewed" date NOT NULL,
	"applicability" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"source_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_articles_area_check" CHECK ("library_articles"."area" IN ('trid', 'qm_atr', 'hmda', 'fair_lending', 'cra', 'bsa_aml', 'tila', 'respa', 'flood', 'safe_act', 'udaap', 'fcra')),
	CONSTRAINT "library_articles_status_check" CHECK ("library_articles"."status" IN ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "library_bookmarks" (
	"user_id" text NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_bookmarks_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "library_content_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"content_version" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"area" text NOT NULL,
	"citation" text NOT NULL,
	"requirement" text NOT NULL,
	"frequency" text NOT NULL,
	"evidence" text NOT NULL,
	"applicability" jsonb,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "library_rules_frequency_check" CHECK ("library_rules"."frequency" IN ('per_loan', 'per_event', 'quarterly', 'annual', 'ongoing'))
);
--> statement-breakpoint
CREATE TABLE "rule_assessment_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"assessment_id" uuid NOT NULL,
	"changed_by" text,
	"changed_by_name" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"status" text DEFAULT 'not_assessed' NOT NULL,
	"not_applicable_reason" text,
	"owner_id" text,
	"notes" text DEFAULT '' NOT NULL,
	"next_review_date" date,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_assessments_status_check" CHECK ("rule_assessments"."status" IN ('not_assessed', 'compliant', 'needs_review', 'non_compliant', 'not_applicable')),
	CONSTRAINT "rule_assessments_reason_check" CHECK ("rule_assessments"."status" <> 'not_applicable' OR length(coalesce("rule_assessments"."not_applicable_reason", '')) > 0)
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"area" text,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"citation_terms" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('simple', citation_terms), 'B') || setweight(to_tsvector('english', summary), 'C') || setweight(to_tsvector('english', body), 'D')) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "assessment_evidence" ADD CONSTRAINT "assessment_evidence_assessment_id_rule_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."rule_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_evidence" ADD CONSTRAINT "assessment_evidence_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_article_versions" ADD CONSTRAINT "library_article_versions_article_id_library_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."library_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_article_versions" ADD CONSTRAINT "library_article_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_articles" ADD CONSTRAINT "library_articles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_bookmarks" ADD CONSTRAINT "library_bookmarks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_bookmarks" ADD CONSTRAINT "library_bookmarks_article_id_library_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."library_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_rules" ADD CONSTRAINT "library_rules_article_id_library_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."library_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_assessment_history" ADD CONSTRAINT "rule_assessment_history_assessment_id_rule_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."rule_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_assessment_history" ADD CONSTRAINT "rule_assessment_history_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_assessments" ADD CONSTRAINT "rule_assessments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_assessments" ADD CONSTRAINT "rule_assessments_rule_id_library_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."library_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_assessments" ADD CONSTRAINT "rule_assessments_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_assessments" ADD CONSTRAINT "rule_assessments_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_evidence_assessment_idx" ON "assessment_evidence" USING btree ("assessment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_article_versions_idx" ON "library_article_versions" USING btree ("article_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "library_articles_shared_slug_idx" ON "library_articles" USING btree ("slug") WHERE "library_articles"."company_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "library_articles_company_slug_idx" ON "library_articles" USING btree ("company_id","slug") WHERE "library_articles"."company_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "library_articles_area_idx" ON "library_articles" USING btree ("area");--> statement-breakpoint
CREATE INDEX "library_rules_article_idx" ON "library_rules" USING btree ("article_id","position");--> statement-breakpoint
CREATE INDEX "library_rules_area_idx" ON "library_rules" USING btree ("area");--> statement-breakpoint
CREATE INDEX "rule_assessment_history_idx" ON "rule_assessment_history" USING btree ("assessment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_assessments_company_rule_idx" ON "rule_assessments" USING btree ("company_id","rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_ref_idx" ON "search_documents" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_documents_company_idx" ON "search_documents" USING btree ("company_id");