ALTER TABLE "comments" ADD COLUMN "attachment_file_name" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "attachment_content_type" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "attachment_size_bytes" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "attachment_storage_key" text;