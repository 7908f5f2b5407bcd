CREATE TABLE "policy_impact_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_by_name" text NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_impact_reviews_source_check" CHECK ("policy_impact_reviews"."source_kind" IN ('feed_item', 'change'))
);
--> statement-breakpoint
ALTER TABLE "policy_impact_reviews" ADD CONSTRAINT "policy_impact_reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_impact_reviews" ADD CONSTRAINT "policy_impact_reviews_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_impact_reviews" ADD CONSTRAINT "policy_impact_reviews_version_id_policy_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."policy_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_impact_reviews" ADD CONSTRAINT "policy_impact_reviews_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_impact_reviews_source_idx" ON "policy_impact_reviews" USING btree ("version_id","source_kind","source_id");--> statement-breakpoint
CREATE INDEX "policy_impact_reviews_company_idx" ON "policy_impact_reviews" USING btree ("company_id");