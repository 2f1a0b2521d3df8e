ALTER TABLE "flexible_positions" DROP COLUMN "last_interest";--> statement-breakpoint
ALTER TABLE "flexible_positions" DROP COLUMN "last_interest_hour";--> statement-breakpoint
ALTER TABLE "flexible_positions" DROP COLUMN "cumulative_interest";