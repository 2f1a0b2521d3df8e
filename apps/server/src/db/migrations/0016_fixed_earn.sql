CREATE TABLE "fixed_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"coin" text NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"year_rate" numeric(38, 18) NOT NULL,
	"lock_up_period" integer NOT NULL,
	"interest" numeric(38, 18) NOT NULL,
	"bonus_asset" text,
	"bonus_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"voucher_id" integer,
	"coupon_interest" numeric(38, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"interest_start_at" timestamp with time zone NOT NULL,
	"finish_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'holding' NOT NULL,
	"redeem_account_type" integer NOT NULL,
	"reinvest_status" integer NOT NULL,
	"reinvest_amount" numeric(38, 18),
	"mode" integer DEFAULT 0 NOT NULL,
	"paid_interest" numeric(38, 18),
	"settled_at" timestamp with time zone,
	"renewed_order_id" integer,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fixed_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"type" integer NOT NULL,
	"lock_up_period" integer NOT NULL,
	"year_rate" numeric(38, 18) NOT NULL,
	"min_lend_amount" numeric(38, 18) NOT NULL,
	"user_max_lend_volume" numeric(38, 18) NOT NULL,
	"total_quota" numeric(38, 18) NOT NULL,
	"held" numeric(38, 18) DEFAULT '0' NOT NULL,
	"min_vip" integer DEFAULT 0 NOT NULL,
	"max_vip" integer DEFAULT 0 NOT NULL,
	"ladder_apr" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bonus_asset" text,
	"reinvest" boolean DEFAULT true NOT NULL,
	"redeem_account" boolean DEFAULT true NOT NULL,
	"pre_redeem" boolean DEFAULT true NOT NULL,
	"pre_redeem_rate" numeric(38, 18),
	"title" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"sale_open" boolean DEFAULT true NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"new_users_only" boolean DEFAULT false NOT NULL,
	"min_kyc_level" integer DEFAULT 0 NOT NULL,
	"excluded_regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fixed_products_held_check" CHECK ("fixed_products"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_up_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"title" text NOT NULL,
	"rate_ratio" numeric(38, 18) NOT NULL,
	"rate_day" integer NOT NULL,
	"buy_limit_low" numeric(38, 18) NOT NULL,
	"buy_limit_high" numeric(38, 18) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_order_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earn_history" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "earn_history" ADD COLUMN "lock_up_period" integer;--> statement-breakpoint
ALTER TABLE "fixed_orders" ADD CONSTRAINT "fixed_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_orders" ADD CONSTRAINT "fixed_orders_product_id_fixed_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fixed_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_products" ADD CONSTRAINT "fixed_products_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_products" ADD CONSTRAINT "fixed_products_bonus_asset_coins_symbol_fk" FOREIGN KEY ("bonus_asset") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_up_vouchers" ADD CONSTRAINT "rate_up_vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_up_vouchers" ADD CONSTRAINT "rate_up_vouchers_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixed_orders_user_idx" ON "fixed_orders" USING btree ("user_id","state","id");--> statement-breakpoint
CREATE INDEX "fixed_orders_due_idx" ON "fixed_orders" USING btree ("finish_at","id") WHERE "fixed_orders"."state" = 'holding';--> statement-breakpoint
CREATE INDEX "fixed_products_coin_idx" ON "fixed_products" USING btree ("coin","lock_up_period");--> statement-breakpoint
CREATE INDEX "rate_up_vouchers_user_idx" ON "rate_up_vouchers" USING btree ("user_id","coin");