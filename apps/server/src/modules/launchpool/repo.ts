import type { PoolEarnConfig, RedeemType } from '@earn/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cachedRead } from '../../db/read-cache.js';
import { launchPools, launchProjects } from '../../db/schema.js';
import { notFound } from '../../errors.js';

export type LaunchProject = typeof launchProjects.$inferSelect;
export type LaunchPool = typeof launchPools.$inferSelect;

/** The platform account that holds a project's undistributed rewards. */
export function rewardWallet(projectId: number): string {
  return `platform:launchpool_rewards:${projectId}`;
}

/** Users' staked coins, per coin. */
export const LAUNCHPOOL = 'launchpool';

export function listProjects(db: Executor): Promise<LaunchProject[]> {
  return db.select().from(launchProjects).orderBy(asc(launchProjects.startAt), asc(launchProjects.id));
}

/** The projects, as the request paths read them: at most once a second (db/read-cache.ts). */
export function catalogueProjects(db: Executor): Promise<LaunchProject[]> {
  return cachedRead(db, 'launch-projects', () => listProjects(db));
}

export async function findProject(db: Executor, id: number): Promise<LaunchProject> {
  const [project] = await db.select().from(launchProjects).where(eq(launchProjects.id, id));
  if (!project) throw notFound(`pid ${id} is not a launch-pool project`);
  return project;
}

/** The prefix of the shared reads that a stake or redemption changes: pools' totals and the views built on them. */
export const LAUNCH_POOL_READS = 'launch-pool-state:';

/** The pools of one or more projects, in creation order. */
export function poolsOf(db: Executor, projectIds: number | number[]): Promise<LaunchPool[]> {
  const ids = Array.isArray(projectIds) ? projectIds : [projectIds];
  return db.select().from(launchPools).where(inArray(launchPools.projectId, ids)).orderBy(asc(launchPools.id));
}

/** The pool, locked for this transaction: stakes and redemptions of one pool happen one at a time. */
export function lockPool(db: Executor, projectId: number, poolId: number): Promise<LaunchPool> {
  return poolOf(db, projectId, poolId, true);
}

/** The pool of a project, for reading only. */
export function findPool(db: Executor, projectId: number, poolId: number): Promise<LaunchPool> {
  return poolOf(db, projectId, poolId, false);
}

async function poolOf(db: Executor, projectId: number, poolId: number, lock: boolean): Promise<LaunchPool> {
  const query = db.select().from(launchPools).where(eq(launchPools.id, poolId));
  const [pool] = lock ? await query.for('update') : await query;
  if (!pool || pool.projectId !== projectId) throw notFound(`rid ${poolId} is not a pool of project ${projectId}`);
  return pool;
}

/** The pool's redemption-earn settings, as the domain's selector reads them. */
export function earnConfigOf(pool: LaunchPool): PoolEarnConfig {
  return {
    coin: pool.coin,
    redeem_type: pool.redeemType as RedeemType,
    simple_earn: pool.simpleEarn,
    staking: pool.staking,
  };
}
