CREATE TABLE "team_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"title" text NOT NULL,
	"assignee_id" text,
	"due_date" date,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"done_by_name" text,
	"overdue_notified_at" timestamp with time zone,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_tasks_subject_type_check" CHECK ("team_tasks"."subject_type" IN ('change', 'article', 'rule', 'risk', 'finding', 'policy', 'calendar_event', 'thread')),
	CONSTRAINT "team_tasks_subject_check" CHECK (("team_tasks"."subject_type" IS NULL) = ("team_tasks"."subject_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "team_tasks" ADD CONSTRAINT "team_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_tasks" ADD CONSTRAINT "team_tasks_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_tasks" ADD CONSTRAINT "team_tasks_done_by_user_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_tasks" ADD CONSTRAINT "team_tasks_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_tasks_subject_idx" ON "team_tasks" USING btree ("company_id","subject_type","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "team_tasks_assignee_open_idx" ON "team_tasks" USING btree ("company_id","assignee_id") WHERE "team_tasks"."done_at" IS NULL;--> statement-breakpoint
CREATE INDEX "team_tasks_due_idx" ON "team_tasks" USING btree ("due_date") WHERE "team_tasks"."done_at" IS NULL AND "team_tasks"."overdue_notified_at" IS NULL;