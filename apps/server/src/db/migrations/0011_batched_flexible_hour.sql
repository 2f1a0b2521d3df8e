ALTER TABLE "flexible_allocations" ALTER COLUMN "interest" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "flexible_allocations" drop column "interest";--> statement-breakpoint
ALTER TABLE "flexible_allocations" ADD COLUMN "interest" numeric(38, 18) GENERATED ALWAYS AS (trunc((lent * rate)::numeric(60,30) / 8760, 8)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "resume_from" bigint;--> statement-breakpoint
ALTER TABLE "flexible_positions" DROP COLUMN "lend_hour";--> statement-breakpoint
ALTER TABLE "flexible_positions" DROP COLUMN "lend_amount";