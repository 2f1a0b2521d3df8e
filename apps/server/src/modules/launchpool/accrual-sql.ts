import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** An instant clamped to the project's run: rewards accrue only between its start and end. */
function clamped(poolId: number, at: Date) {
  return sql`(SELECT LEAST(GREATEST(${at.toISOString()}::timestamptz, pr.start_at), pr.end_at)
    FROM launch_pools lp JOIN launch_projects pr ON pr.id = lp.project_id WHERE lp.id = ${poolId})`;
}

/**
 * Advances a pool's reward-per-share counter and its time-weighted stake to `at`: the reward per
 * hour times the seconds since the last change, over 3600 times what was staked (the domain's advancePool).
 */
export async function advancePool(db: Executor, poolId: number, at: Date): Promise<void> {
  await db.execute(sql`
    UPDATE launch_pools p SET
      acc_per_share = p.acc_per_share + CASE WHEN p.total_staked > 0 AND c.t > p.last_update_at
        THEN trunc(p.reward_per_hour::numeric(60,30) * extract(epoch FROM c.t - p.last_update_at)::numeric / (3600 * p.total_staked), 30)
        ELSE 0 END,
      tws_hour = p.tws_hour + p.total_staked * GREATEST(extract(epoch FROM c.t - p.last_update_at)::numeric, 0),
      last_update_at = GREATEST(p.last_update_at, c.t)
    FROM (SELECT ${clamped(poolId, at)} AS t) c
    WHERE p.id = ${poolId}`);
}

/**
 * Changes a user's stake by `delta` at the pool's current counter (the domain's changeStake), after
 * the pool has been advanced to now: what it earned so far becomes pending.
 */
export async function changeStake(db: Executor, stakeId: number, delta: string): Promise<void> {
  await db.execute(sql`
    UPDATE launch_stakes s SET
      pending = s.pending + s.staked * p.acc_per_share - s.debt,
      tws_hour = s.tws_hour + s.staked * GREATEST(extract(epoch FROM p.last_update_at - s.last_change_at)::numeric, 0),
      staked = s.staked + ${delta}::numeric,
      debt = (s.staked + ${delta}::numeric) * p.acc_per_share,
      last_change_at = GREATEST(s.last_change_at, p.last_update_at)
    FROM launch_pools p WHERE s.id = ${stakeId} AND p.id = s.pool_id`);
  await db.execute(sql`
    UPDATE launch_pools p SET total_staked = p.total_staked + ${delta}::numeric,
      peak_staked = GREATEST(p.peak_staked, p.total_staked + ${delta}::numeric)
    FROM launch_stakes s WHERE s.id = ${stakeId} AND p.id = s.pool_id`);
}
