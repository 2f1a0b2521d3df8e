ALTER TABLE "fixed_orders" ADD COLUMN "extra_rate" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Orders opened before: what their voucher and a same-coin bonus pay, over the whole order.
UPDATE "fixed_orders" SET "extra_rate" = trunc(
  ("coupon_interest" + CASE WHEN "bonus_asset" IS NULL OR "bonus_asset" = "coin" THEN "bonus_amount" ELSE 0 END)
    * 365 / ("principal" * "lock_up_period"), 18)
WHERE "principal" > 0 AND "lock_up_period" > 0;
