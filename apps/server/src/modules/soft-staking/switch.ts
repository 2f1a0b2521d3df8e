import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { runTx } from '../../db/tx.js';
import type { User } from '../account/repo.js';

/**
 * Turns soft staking on or off. Turning it on (again) starts sampling the next UTC day; turning it
 * off stops the rewards of the day it happens. Coins stay in the spot account throughout.
 */
export async function switchSoftStaking(ctx: AppContext, user: User, on: boolean) {
  const now = ctx.clock.now();
  await runTx(ctx.db, (tx) =>
    tx.execute(sql`
      INSERT INTO soft_staking_users (user_id, active, activated_at, changed_at)
      VALUES (${user.id}, ${on}, ${now.toISOString()}, ${now.toISOString()})
      ON CONFLICT (user_id) DO UPDATE SET
        activated_at = CASE WHEN ${on} AND NOT soft_staking_users.active THEN EXCLUDED.activated_at
          ELSE soft_staking_users.activated_at END,
        active = EXCLUDED.active, changed_at = EXCLUDED.changed_at`),
  );
  return { status: on };
}
