DROP INDEX "flexible_allocations_hour_idx";--> statement-breakpoint
ALTER TABLE "flexible_positions" ADD COLUMN "last_interest_hour" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_accounts_redeeming_idx" ON "ledger_accounts" USING btree ("id") WHERE "ledger_accounts"."wallet" = 'flexible_redeeming' AND "ledger_accounts"."balance" > 0;--> statement-breakpoint
CREATE INDEX "flexible_allocations_hour_idx" ON "flexible_allocations" USING btree ("hour","position_id");
--> statement-breakpoint
-- Interest already shown as the last hour's keeps showing until the next hour pays.
UPDATE "flexible_positions" SET "last_interest_hour" = date_trunc('hour', now()) - interval '1 hour' WHERE "last_interest" > 0;
