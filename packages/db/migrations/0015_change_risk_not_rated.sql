ALTER TABLE "change_items" ALTER COLUMN "risk_rating" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "change_items" ALTER COLUMN "risk_rating" DROP NOT NULL;--> statement-breakpoint
-- A change started from a feed item was given "Medium" by default, a rating nobody made: it
-- becomes "not rated" unless a person has since set a rating (an 'updated' history entry that
-- changed riskRating). Its 'created' history entry keeps what was recorded at the time.
UPDATE "change_items" SET "risk_rating" = NULL
WHERE "source" = 'feed'
  AND NOT EXISTS (
    SELECT 1 FROM "change_history"
    WHERE "change_history"."change_id" = "change_items"."id"
      AND "change_history"."event" = 'updated'
      AND "change_history"."changes" ? 'riskRating'
  );
