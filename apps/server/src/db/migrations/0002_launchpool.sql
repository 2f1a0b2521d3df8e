CREATE TABLE "launch_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"type" text NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch_hours" (
	"pool_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"budget" numeric(38, 18) NOT NULL,
	"pool_tws" numeric(60, 18) NOT NULL,
	"paid" numeric(38, 18) NOT NULL,
	"staked_at_end" numeric(38, 18) NOT NULL,
	CONSTRAINT "launch_hours_pool_id_hour_pk" PRIMARY KEY("pool_id","hour")
);
--> statement-breakpoint
CREATE TABLE "launch_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"coin" text NOT NULL,
	"total_reward" numeric(38, 18) NOT NULL,
	"reward_per_hour" numeric(38, 18) NOT NULL,
	"buy_total_amount" numeric(38, 18) NOT NULL,
	"personal_min" numeric(38, 18) NOT NULL,
	"personal_max" numeric(38, 18) NOT NULL,
	"decimal_place" integer NOT NULL,
	"rate_year_type" integer DEFAULT 2 NOT NULL,
	"rate_year" numeric(38, 18) DEFAULT '0' NOT NULL,
	"reward_pool_type" integer DEFAULT 0 NOT NULL,
	"limit_rule" integer DEFAULT 0 NOT NULL,
	"vip_config" jsonb,
	"transaction_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redeem_type" integer DEFAULT 0 NOT NULL,
	"simple_earn" jsonb,
	"staking" jsonb,
	"acc_per_share" numeric(60, 30) DEFAULT '0' NOT NULL,
	"total_staked" numeric(38, 18) DEFAULT '0' NOT NULL,
	"peak_staked" numeric(38, 18) DEFAULT '0' NOT NULL,
	"last_update_at" timestamp with time zone NOT NULL,
	"tws_hour" numeric(60, 18) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"name" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch_stakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"staked" numeric(38, 18) DEFAULT '0' NOT NULL,
	"debt" numeric(60, 30) DEFAULT '0' NOT NULL,
	"pending" numeric(60, 30) DEFAULT '0' NOT NULL,
	"tws_hour" numeric(60, 18) DEFAULT '0' NOT NULL,
	"last_change_at" timestamp with time zone NOT NULL,
	"valid_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"last_hour_reward" numeric(38, 18) DEFAULT '0' NOT NULL,
	"total_reward" numeric(38, 18) DEFAULT '0' NOT NULL,
	"simple_earn_status" integer DEFAULT 0 NOT NULL,
	"simple_earn_period" integer,
	CONSTRAINT "launch_stakes_pool_user_uq" UNIQUE("pool_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "launch_statements" (
	"pool_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"tws" numeric(60, 18) NOT NULL,
	"paid" numeric(38, 18) NOT NULL,
	CONSTRAINT "launch_statements_pool_id_hour_user_id_pk" PRIMARY KEY("pool_id","hour","user_id")
);
--> statement-breakpoint
ALTER TABLE "launch_pools" ADD CONSTRAINT "launch_pools_project_id_launch_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."launch_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_pools" ADD CONSTRAINT "launch_pools_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_projects" ADD CONSTRAINT "launch_projects_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_stakes" ADD CONSTRAINT "launch_stakes_pool_id_launch_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."launch_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_stakes" ADD CONSTRAINT "launch_stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_stakes" ADD CONSTRAINT "launch_stakes_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launch_history_user_idx" ON "launch_history" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "launch_statements_user_idx" ON "launch_statements" USING btree ("user_id","hour");