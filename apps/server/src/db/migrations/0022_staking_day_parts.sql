ALTER TABLE "staking_days" ADD COLUMN "bonus_demand" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "staking_days" ADD COLUMN "bonus_budget" numeric(38, 18);--> statement-breakpoint
CREATE INDEX "ledger_accounts_staking_idx" ON "ledger_accounts" USING btree ("wallet","user_id") WHERE "ledger_accounts"."wallet" LIKE 'staking:%';