import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** An instant clamped to the project's run: rewards accrue only between its start and end. */
function clamped(poolId: number, at: Date) {
  return sql`(SELECT LEAST(GREATEST(${at.toISOString()}::timestamptz, pr.start_at), pr.end_at)
    FROM launch_pools lp JOIN launch_projects pr ON pr.id = lp.project_id WHERE lp.id = ${poolId})`;
}

/** The stake-seconds a row's stake has held since its last change, up to the pool's last update (domain stakeSeconds). */
export const stakeSecondsSince = (staked: ReturnType<typeof sql>, since: ReturnType<typeof sql>) =>
  sql`${staked} * GREATEST(extract(epoch FROM p.last_update_at - ${since})::numeric, 0)`;

/** Advances a pool's stake-seconds of the hour being accrued to `at`. */
export async function advancePool(db: Executor, poolId: number, at: Date): Promise<void> {
  await db.execute(sql`
    UPDATE launch_pools p SET
      tws_hour = p.tws_hour + p.total_staked * GREATEST(extract(epoch FROM c.t - p.last_update_at)::numeric, 0),
      last_update_at = GREATEST(p.last_update_at, c.t)
    FROM (SELECT ${clamped(poolId, at)} AS t) c
    WHERE p.id = ${poolId}`);
}

/**
 * Changes a user's stake by `delta` after the pool has been advanced to now: the stake-seconds it
 * held since its last change are added to its hour first.
 */
export async function changeStake(db: Executor, stakeId: number, delta: string): Promise<void> {
  await db.execute(sql`
    UPDATE launch_stakes s SET
      tws_hour = s.tws_hour + ${stakeSecondsSince(sql`s.staked`, sql`s.last_change_at`)},
      staked = s.staked + ${delta}::numeric,
      last_change_at = GREATEST(s.last_change_at, p.last_update_at)
    FROM launch_pools p WHERE s.id = ${stakeId} AND p.id = s.pool_id`);
  await db.execute(sql`
    UPDATE launch_pools p SET total_staked = p.total_staked + ${delta}::numeric,
      peak_staked = GREATEST(p.peak_staked, p.total_staked + ${delta}::numeric)
    FROM launch_stakes s WHERE s.id = ${stakeId} AND p.id = s.pool_id`);
}
