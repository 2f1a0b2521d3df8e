ALTER TABLE "sessions" ADD COLUMN "fundpass_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "fundpass_verified_at";