ALTER TABLE "inbox_messages" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "params" jsonb;