-- A member's last sign-in is the newest 'auth.sign_in' entry of the audit log, what User Activity
-- lists: the copy kept on the profile could disagree with it (the demo's sign-ins), so it goes.
CREATE INDEX "audit_log_sign_in_idx" ON "audit_log" USING btree ("actor_user_id","company_id","created_at" DESC NULLS LAST) WHERE "audit_log"."action" = 'auth.sign_in';--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "last_sign_in_at";