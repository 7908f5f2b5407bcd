-- Rules get a short title from the content files. Rows already loaded get an empty one for the
-- moment: the content loader, which runs right after the migrations, sees a new content
-- version (every article's front matter changed) and writes every rule's title.
ALTER TABLE "library_rules" ADD COLUMN "title" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "library_rules" ALTER COLUMN "title" DROP DEFAULT;
