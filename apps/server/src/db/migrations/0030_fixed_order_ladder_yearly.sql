ALTER TABLE "fixed_orders" ADD COLUMN "ladder_yearly" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Orders opened before paid the ladder on their own amount from its first tier.
UPDATE "fixed_orders" o SET "ladder_yearly" = coalesce((
  SELECT sum(greatest(least(o."principal", (t->>'right')::numeric) - (t->>'left')::numeric, 0) * (t->>'apr')::numeric)
  FROM "fixed_products" p CROSS JOIN LATERAL jsonb_array_elements(p."ladder_apr") AS t
  WHERE p."id" = o."product_id"), 0)
WHERE o."bonus_amount" > 0;
