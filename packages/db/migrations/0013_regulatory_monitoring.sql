CREATE TABLE "company_watchlists" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"areas" text[] DEFAULT '{}' NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"agencies" text[] DEFAULT '{}' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_watchlists_areas_check" CHECK ("company_watchlists"."areas" <@ ARRAY['trid', 'qm_atr', 'hmda', 'fair_lending', 'cra', 'bsa_aml', 'tila', 'respa', 'flood', 'safe_act', 'udaap', 'fcra']::text[])
);
--> statement-breakpoint
CREATE TABLE "digest_deliveries" (
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"item_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_deliveries_user_id_period_pk" PRIMARY KEY("user_id","period")
);
--> statement-breakpoint
CREATE TABLE "feed_item_relevance" (
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"reasons" text[] DEFAULT '{}' NOT NULL,
	"watchlist_match" boolean DEFAULT false NOT NULL,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_item_relevance_company_id_item_id_pk" PRIMARY KEY("company_id","item_id"),
	CONSTRAINT "feed_item_relevance_score_check" CHECK ("feed_item_relevance"."score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "feed_item_sources" (
	"item_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"company_id" uuid,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_item_sources_item_id_source_id_pk" PRIMARY KEY("item_id","source_id")
);
--> statement-breakpoint
CREATE TABLE "feed_item_user_state" (
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"starred_at" timestamp with time zone,
	CONSTRAINT "feed_item_user_state_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "feed_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"link_key" text,
	"guid" text,
	"link" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sort_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document_type" text NOT NULL,
	"areas" text[] DEFAULT '{}' NOT NULL,
	"citations" text[] DEFAULT '{}' NOT NULL,
	"agencies" text[] DEFAULT '{}' NOT NULL,
	"effective_date" date,
	"comments_close_on" date,
	"extra" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_items_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "feed_items_type_check" CHECK ("feed_items"."document_type" IN ('proposed_rule', 'final_rule', 'guidance', 'notice', 'enforcement_action', 'press_release')),
	CONSTRAINT "feed_items_areas_check" CHECK ("feed_items"."areas" <@ ARRAY['trid', 'qm_atr', 'hmda', 'fair_lending', 'cra', 'bsa_aml', 'tila', 'respa', 'flood', 'safe_act', 'udaap', 'fcra']::text[])
);
--> statement-breakpoint
CREATE TABLE "feed_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"agency" text,
	"poll_interval_minutes" integer DEFAULT 60 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_polled_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_sources_format_check" CHECK ("feed_sources"."format" IN ('rss', 'atom', 'federal_register')),
	CONSTRAINT "feed_sources_status_check" CHECK ("feed_sources"."status" IN ('pending', 'ok', 'failing'))
);
--> statement-breakpoint
CREATE TABLE "calendar_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"company_id" uuid NOT NULL,
	"done_by" text,
	"done_by_name" text NOT NULL,
	"evidence_note" text DEFAULT '' NOT NULL,
	"evidence_url" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" integer,
	"storage_key" text,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	"undone_by_name" text
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"template_key" text,
	"filing" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"area" text,
	"citation" text,
	"starts_on" date NOT NULL,
	"rrule" text,
	"owner_id" text,
	"reminder_days" integer[] DEFAULT '{}' NOT NULL,
	"created_by" text,
	"dismissed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_kind_check" CHECK ("calendar_events"."kind" IN ('regulatory', 'event_driven', 'company')),
	CONSTRAINT "calendar_events_area_check" CHECK ("calendar_events"."area" IN ('trid', 'qm_atr', 'hmda', 'fair_lending', 'cra', 'bsa_aml', 'tila', 'respa', 'flood', 'safe_act', 'udaap', 'fcra')),
	CONSTRAINT "calendar_events_filing_check" CHECK ("calendar_events"."filing" IN ('ctr', 'form_8300', 'sar')),
	CONSTRAINT "calendar_events_filing_kind_check" CHECK ("calendar_events"."filing" IS NULL OR "calendar_events"."kind" = 'event_driven')
);
--> statement-breakpoint
CREATE TABLE "calendar_feed_tokens" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "calendar_feed_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "calendar_reminders_sent" (
	"event_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_reminders_sent_event_id_occurrence_date_days_before_pk" PRIMARY KEY("event_id","occurrence_date","days_before")
);
--> statement-breakpoint
CREATE TABLE "change_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"change_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"change_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"mentions" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"change_id" uuid NOT NULL,
	"changed_by" text,
	"changed_by_name" text NOT NULL,
	"event" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"feed_item_id" uuid,
	"areas" text[] DEFAULT '{}' NOT NULL,
	"effective_date" date,
	"summary" text DEFAULT '' NOT NULL,
	"impact" jsonb DEFAULT '{"policies":"","products":"","processes":"","systems":""}'::jsonb NOT NULL,
	"risk_rating" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'identified' NOT NULL,
	"owner_id" text,
	"due_date" date,
	"overdue_notified_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_items_source_check" CHECK ("change_items"."source" IN ('feed', 'manual')),
	CONSTRAINT "change_items_status_check" CHECK ("change_items"."status" IN ('identified', 'assessing', 'implementing', 'review', 'closed', 'not_applicable')),
	CONSTRAINT "change_items_risk_check" CHECK ("change_items"."risk_rating" IN ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "change_items_areas_check" CHECK ("change_items"."areas" <@ ARRAY['trid', 'qm_atr', 'hmda', 'fair_lending', 'cra', 'bsa_aml', 'tila', 'respa', 'flood', 'safe_act', 'udaap', 'fcra']::text[])
);
--> statement-breakpoint
CREATE TABLE "change_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"change_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"assignee_id" text,
	"due_date" date,
	"done_at" timestamp with time zone,
	"done_by" text,
	"overdue_notified_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "company_watchlists" ADD CONSTRAINT "company_watchlists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_watchlists" ADD CONSTRAINT "company_watchlists_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_relevance" ADD CONSTRAINT "feed_item_relevance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_relevance" ADD CONSTRAINT "feed_item_relevance_item_id_feed_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_sources" ADD CONSTRAINT "feed_item_sources_item_id_feed_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_sources" ADD CONSTRAINT "feed_item_sources_source_id_feed_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."feed_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_sources" ADD CONSTRAINT "feed_item_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_user_state" ADD CONSTRAINT "feed_item_user_state_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item_user_state" ADD CONSTRAINT "feed_item_user_state_item_id_feed_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_sources" ADD CONSTRAINT "feed_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_sources" ADD CONSTRAINT "feed_sources_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_completions" ADD CONSTRAINT "calendar_completions_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_completions" ADD CONSTRAINT "calendar_completions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_completions" ADD CONSTRAINT "calendar_completions_done_by_user_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_completions" ADD CONSTRAINT "calendar_completions_undone_by_user_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_reminders_sent" ADD CONSTRAINT "calendar_reminders_sent_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_attachments" ADD CONSTRAINT "change_attachments_change_id_change_items_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."change_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_attachments" ADD CONSTRAINT "change_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_attachments" ADD CONSTRAINT "change_attachments_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_comments" ADD CONSTRAINT "change_comments_change_id_change_items_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."change_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_comments" ADD CONSTRAINT "change_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_comments" ADD CONSTRAINT "change_comments_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_history" ADD CONSTRAINT "change_history_change_id_change_items_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."change_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_history" ADD CONSTRAINT "change_history_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_items" ADD CONSTRAINT "change_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_items" ADD CONSTRAINT "change_items_feed_item_id_feed_items_id_fk" FOREIGN KEY ("feed_item_id") REFERENCES "public"."feed_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_items" ADD CONSTRAINT "change_items_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_items" ADD CONSTRAINT "change_items_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_tasks" ADD CONSTRAINT "change_tasks_change_id_change_items_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."change_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_tasks" ADD CONSTRAINT "change_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_tasks" ADD CONSTRAINT "change_tasks_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_tasks" ADD CONSTRAINT "change_tasks_done_by_user_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_tasks" ADD CONSTRAINT "change_tasks_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_item_relevance_item_idx" ON "feed_item_relevance" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "feed_item_sources_source_idx" ON "feed_item_sources" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "feed_item_sources_company_idx" ON "feed_item_sources" USING btree ("company_id","item_id");--> statement-breakpoint
CREATE INDEX "feed_item_user_state_item_idx" ON "feed_item_user_state" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "feed_items_sort_idx" ON "feed_items" USING btree ("sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feed_items_link_key_idx" ON "feed_items" USING btree ("link_key");--> statement-breakpoint
CREATE INDEX "feed_items_areas_idx" ON "feed_items" USING gin ("areas");--> statement-breakpoint
CREATE INDEX "feed_items_text_idx" ON "feed_items" USING gin (to_tsvector('english', "title" || ' ' || "summary"));--> statement-breakpoint
CREATE UNIQUE INDEX "feed_sources_shared_url_idx" ON "feed_sources" USING btree ("url") WHERE "feed_sources"."company_id" IS NULL AND "feed_sources"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_sources_company_url_idx" ON "feed_sources" USING btree ("company_id","url") WHERE "feed_sources"."company_id" IS NOT NULL AND "feed_sources"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "feed_sources_due_idx" ON "feed_sources" USING btree ("next_poll_at") WHERE "feed_sources"."enabled" AND "feed_sources"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_completions_open_idx" ON "calendar_completions" USING btree ("event_id","occurrence_date") WHERE "calendar_completions"."undone_at" IS NULL;--> statement-breakpoint
CREATE INDEX "calendar_completions_event_idx" ON "calendar_completions" USING btree ("event_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "calendar_completions_company_idx" ON "calendar_completions" USING btree ("company_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "calendar_events_company_idx" ON "calendar_events" USING btree ("company_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_template_idx" ON "calendar_events" USING btree ("company_id","template_key") WHERE "calendar_events"."template_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "change_attachments_change_idx" ON "change_attachments" USING btree ("change_id");--> statement-breakpoint
CREATE INDEX "change_comments_change_idx" ON "change_comments" USING btree ("change_id","created_at");--> statement-breakpoint
CREATE INDEX "change_history_change_idx" ON "change_history" USING btree ("change_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "change_items_number_idx" ON "change_items" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "change_items_company_status_idx" ON "change_items" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "change_items_feed_item_idx" ON "change_items" USING btree ("feed_item_id");--> statement-breakpoint
CREATE INDEX "change_items_due_idx" ON "change_items" USING btree ("due_date") WHERE "change_items"."status" NOT IN ('closed', 'not_applicable');--> statement-breakpoint
CREATE INDEX "change_tasks_change_idx" ON "change_tasks" USING btree ("change_id","created_at");--> statement-breakpoint
CREATE INDEX "change_tasks_due_idx" ON "change_tasks" USING btree ("due_date") WHERE "change_tasks"."done_at" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_category_check" CHECK ("notifications"."category" IN ('regulatory_updates', 'deadlines', 'tasks', 'mentions'));