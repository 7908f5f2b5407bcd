CREATE TABLE "policy_acknowledgements" (
	"attestation_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_acknowledgements_attestation_id_user_id_pk" PRIMARY KEY("attestation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "policy_attestations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"requested_by" text,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date,
	"note" text DEFAULT '' NOT NULL,
	"last_reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_attestation_id_policy_attestations_id_fk" FOREIGN KEY ("attestation_id") REFERENCES "public"."policy_attestations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_attestations" ADD CONSTRAINT "policy_attestations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_attestations" ADD CONSTRAINT "policy_attestations_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_attestations" ADD CONSTRAINT "policy_attestations_version_id_policy_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."policy_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_attestations" ADD CONSTRAINT "policy_attestations_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_acknowledgements_user_idx" ON "policy_acknowledgements" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_attestations_version_idx" ON "policy_attestations" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "policy_attestations_company_idx" ON "policy_attestations" USING btree ("company_id");