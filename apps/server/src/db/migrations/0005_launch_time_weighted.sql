ALTER TABLE "launch_pools" DROP COLUMN "acc_per_share";--> statement-breakpoint
ALTER TABLE "launch_stakes" DROP COLUMN "debt";--> statement-breakpoint
ALTER TABLE "launch_stakes" DROP COLUMN "pending";