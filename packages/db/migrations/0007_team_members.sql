ALTER TABLE "user_profiles" DROP CONSTRAINT "user_profiles_status_check";--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "user_profiles" SET "status" = 'deactivated' WHERE "status" = 'suspended';--> statement-breakpoint
UPDATE "user_profiles" p SET "last_sign_in_at" = (SELECT max(a."created_at") FROM "audit_log" a WHERE a."actor_user_id" = p."user_id" AND a."action" = 'auth.sign_in');--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_status_check" CHECK ("user_profiles"."status" IN ('active', 'invited', 'deactivated'));