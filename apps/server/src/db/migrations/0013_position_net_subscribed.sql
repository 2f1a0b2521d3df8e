ALTER TABLE "flexible_allocations" ADD COLUMN "account_id" bigint;--> statement-breakpoint
UPDATE "flexible_allocations" a SET "account_id" = p."account_id" FROM "flexible_positions" p WHERE p."id" = a."position_id";--> statement-breakpoint
ALTER TABLE "flexible_allocations" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "flexible_hours" ADD COLUMN "settled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every hour but each coin's latest clearing (still lending) has been paid.
UPDATE "flexible_hours" fh SET "settled" = true WHERE fh."hour" < (SELECT max(x."hour") FROM "flexible_hours" x WHERE x."coin" = fh."coin");--> statement-breakpoint
ALTER TABLE "flexible_positions" ADD COLUMN "net_subscribed" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The balance is what was put in, less what was taken out, plus the interest earned.
UPDATE "flexible_positions" p SET "net_subscribed" = a."balance" - p."cumulative_interest" FROM "ledger_accounts" a WHERE a."id" = p."account_id";
