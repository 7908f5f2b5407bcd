-- Change management's comments join every other discussion (issue 22): each keeps its id,
-- author, name, text, mentions and time; its change's history already records it.
INSERT INTO "comments" ("id", "company_id", "subject_type", "subject_id", "author_id", "author_name", "body", "mentions", "created_at")
SELECT "id", "company_id", 'change', "change_id"::text, "author_id", "author_name", "body", "mentions", "created_at"
FROM "change_comments";--> statement-breakpoint
DROP TABLE "change_comments" CASCADE;
