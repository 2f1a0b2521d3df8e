CREATE TABLE "staking_days" (
	"product_id" integer NOT NULL,
	"day" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"base_rate" numeric(38, 18) NOT NULL,
	"extra_rate" numeric(38, 18) DEFAULT '0' NOT NULL,
	"staked" numeric(38, 18) NOT NULL,
	"paid" numeric(38, 18) NOT NULL,
	CONSTRAINT "staking_days_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "staking_fast_quota" (
	"product_id" integer NOT NULL,
	"day" text NOT NULL,
	"used" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "staking_fast_quota_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "staking_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"delta" numeric(38, 18) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staking_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"reward_coin" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"protocol_name" text DEFAULT '' NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"base_rate" numeric(38, 18) NOT NULL,
	"fee_rate" numeric(38, 18) DEFAULT '0' NOT NULL,
	"min_mortgage_amount" numeric(38, 18) NOT NULL,
	"min_redeem_amount" numeric(38, 18) NOT NULL,
	"personal_mortgage_limit" numeric(38, 18) DEFAULT '-1' NOT NULL,
	"crowd_mortgage_limit" numeric(38, 18) DEFAULT '-1' NOT NULL,
	"staked" numeric(38, 18) DEFAULT '0' NOT NULL,
	"reward_delay_days" integer DEFAULT 1 NOT NULL,
	"income_days" integer DEFAULT 0 NOT NULL,
	"redeem_minday" integer DEFAULT 0 NOT NULL,
	"redeem_maxday" integer DEFAULT 0 NOT NULL,
	"redeem_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"redeem_quick" boolean DEFAULT false NOT NULL,
	"redeem_quick_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"redeem_quick_daily" numeric(38, 18) DEFAULT '-1' NOT NULL,
	"redeem_quick_long" integer DEFAULT 0 NOT NULL,
	"vip_config" jsonb,
	"extra_interest" jsonb,
	"bonus_paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"tags" integer DEFAULT 0 NOT NULL,
	"agreement" text DEFAULT '' NOT NULL,
	"tips" text DEFAULT '' NOT NULL,
	"sale_open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staking_products_staked_check" CHECK ("staking_products"."staked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staking_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"quick" boolean NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staking_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"day" text NOT NULL,
	"coin" text NOT NULL,
	"base" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"bonus" numeric(38, 18) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staking_products" ADD CONSTRAINT "staking_products_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_products" ADD CONSTRAINT "staking_products_reward_coin_coins_symbol_fk" FOREIGN KEY ("reward_coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_redemptions" ADD CONSTRAINT "staking_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_redemptions" ADD CONSTRAINT "staking_redemptions_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staking_moves_product_idx" ON "staking_moves" USING btree ("product_id","at","id");--> statement-breakpoint
CREATE INDEX "staking_redemptions_due_idx" ON "staking_redemptions" USING btree ("release_at") WHERE "staking_redemptions"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "staking_redemptions_user_idx" ON "staking_redemptions" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "staking_rewards_user_idx" ON "staking_rewards" USING btree ("user_id","product_id","day");