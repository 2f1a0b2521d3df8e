CREATE TABLE "auto_earn_redeemed" (
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"kept" numeric(38, 18) NOT NULL,
	CONSTRAINT "auto_earn_redeemed_user_id_coin_pk" PRIMARY KEY("user_id","coin")
);
--> statement-breakpoint
CREATE TABLE "flexible_hour_lows" (
	"position_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"low" numeric(38, 18) NOT NULL,
	CONSTRAINT "flexible_hour_lows_position_id_hour_pk" PRIMARY KEY("position_id","hour")
);
--> statement-breakpoint
ALTER TABLE "auto_earn_redeemed" ADD CONSTRAINT "auto_earn_redeemed_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;