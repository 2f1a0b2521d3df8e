import {
  checkStake,
  Decimal,
  type DecimalLike,
  dec,
  earnChoiceOf,
  isMultiMiningPool,
  parseAmount,
  personalCap,
  projectState,
  remainingQuota,
  stakeAvailable,
  toWire,
  UNLIMITED,
  volumeTierCap,
} from '@earn/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { forgetCachedReads } from '../../db/read-cache.js';
import { launchHistory, launchStakes } from '../../db/schema.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { AppError, refused } from '../../errors.js';
import { ensureAccounts, userAccount, userBalances } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { tradingWallet } from '../account/me.js';
import { loansOf, type User } from '../account/repo.js';
import { findCoin } from '../market/repo.js';
import { advancePool, changeStake } from './accrual-sql.js';
import {
  earnConfigOf,
  findPool,
  findProject,
  LAUNCH_POOL_READS,
  LAUNCHPOOL,
  type LaunchPool,
  type LaunchProject,
  lockPool,
} from './repo.js';

export interface CreateOrderInput {
  pid: number;
  rid: number;
  amount: string;
  simpleEarnStatus?: number | undefined;
  simpleEarnPeriod?: number | undefined;
}

/** The new-user rule: pools with limit_rule above 0 take new users only. */
export function assertPoolRule(pool: LaunchPool, user: User) {
  if (pool.limitRule > 0 && !user.isNewUser) {
    throw new AppError(-1, 'This pool is for new users only', 403, { key: 'launch.newUserOnly' });
  }
}

/** Stakes and early redemptions stop at the project's end, when every stake is released. */
function assertNotEnded(project: LaunchProject, now: Date) {
  if (projectState(now.getTime(), project.startAt.getTime(), project.endAt.getTime()) === 3) {
    throw new AppError(-1, 'This project has ended; stakes are released at its end', 400, { key: 'launch.ended' });
  }
}

/**
 * A stake's or redemption's amount against its pool's decimal places, and the project not ended,
 * read without a lock: run before the fund-password prompt (the route's precheck), and again by the
 * use case under the pool's lock.
 */
export async function checkPoolInput(ctx: AppContext, input: PoolInput) {
  const project = await findProject(ctx.db, input.pid);
  assertNotEnded(project, ctx.clock.now());
  const pool = await findPool(ctx.db, project.id, input.rid);
  const parsed = parseAmount('amount', input.amount, { maxDecimals: pool.decimalPlace });
  if (!parsed.ok) throw refused(parsed);
  return { pool, amount: parsed.value };
}

/** A stake or redemption as asked: the project, its pool, the amount. */
export interface PoolInput {
  pid: number;
  rid: number;
  amount: string;
}

/** The user's personal cap in a pool: its max, raised for VIP tiers, capped by the 60-day volume tier. */
export function capFor(pool: LaunchPool, user: User) {
  const vip = pool.vipConfig && user.tier >= pool.vipConfig.min_tier ? pool.vipConfig.quota : null;
  const tierCap = volumeTierCap(user.tradingVolume60d, pool.transactionConfig);
  return personalCap({ personalMax: pool.personalMax, vipQuota: vip, tierCap });
}

/**
 * The user's stake in a pool, opened on the first stake together with the stake account and the
 * trading-wallet account the hourly rewards will be paid into.
 */
async function stakeRow(db: Executor, pool: LaunchPool, user: User, rewardCoin: string, now: Date) {
  const userId = user.id;
  const ids = await ensureAccounts(db, [
    userAccount(userId, LAUNCHPOOL, pool.coin),
    userAccount(userId, tradingWallet(user), rewardCoin),
  ]);
  await db
    .insert(launchStakes)
    .values({
      poolId: pool.id,
      userId,
      accountId: ids.get(`${userId}|${LAUNCHPOOL}|${pool.coin}`) as number,
      lastChangeAt: now,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(launchStakes)
    .where(and(eq(launchStakes.poolId, pool.id), eq(launchStakes.userId, userId)));
  if (!row) throw new Error('stake row was not opened');
  return row;
}

/**
 * A stake of what `input` asks into `pool`, over what the user has `staked` there: the pool's rules,
 * the amount's places, the redemption choice, the user's balance, caps and the pool's quota. Run under
 * the pool's lock by the stake, and on what is read without one before the fund-password prompt.
 */
async function checkOrder(db: Executor, pool: LaunchPool, user: User, input: CreateOrderInput, staked: DecimalLike) {
  // Multi-mining pools are not staked here: the screens leave them out, and so does the API.
  if (isMultiMiningPool(pool.rewardPoolType))
    throw new AppError(-1, 'This pool is not open for staking here', 400, { key: 'launch.pool.multiMining' });
  assertPoolRule(pool, user);
  const parsed = parseAmount('amount', input.amount, { maxDecimals: pool.decimalPlace });
  if (!parsed.ok) throw refused(parsed);
  const choice = earnChoiceOf(earnConfigOf(pool), input);
  if (!choice.ok) throw refused(choice);
  const cap = capFor(pool, user);
  const coin = await findCoin(db, pool.coin);
  const wallet = tradingWallet(user);
  const [balance] = await userBalances(db, user.id, [wallet], [pool.coin]);
  const loans = await loansOf(db, user.id);
  const available = stakeAvailable(
    balance?.balance ?? '0',
    loans.get(pool.coin) ?? '0',
    coin?.isSupportLaunchpool ?? true,
  );
  const check = checkStake(parsed.value, {
    min: pool.personalMin,
    personalMax: cap,
    staked,
    available,
    coin: pool.coin,
  });
  if (!check.ok) throw refused(check);
  const poolLeft = dec(pool.buyTotalAmount).eq(UNLIMITED)
    ? dec('999999999999')
    : dec(pool.buyTotalAmount).minus(pool.totalStaked);
  const quota = remainingQuota({ poolLeft, personalMax: cap, staked });
  if (parsed.value.gt(quota.remaining)) {
    const left = toWire(quota.remaining.lt(0) ? '0' : quota.remaining);
    throw new AppError(-1, `Only ${left} ${pool.coin} can still be staked`, 400, {
      key: 'launch.quotaLeft',
      params: { amount: left, coin: pool.coin },
    });
  }
  return parsed.value;
}

/**
 * A stake's checks on what is read without a lock, the balance and caps too: before the
 * fund-password prompt (the route's precheck), so a stake refused anyway costs no try.
 */
export async function precheckCreateOrder(ctx: AppContext, input: CreateOrderInput, user: User) {
  const { pool } = await checkPoolInput(ctx, input);
  const [stake] = await ctx.db
    .select()
    .from(launchStakes)
    .where(and(eq(launchStakes.poolId, pool.id), eq(launchStakes.userId, user.id)));
  await checkOrder(ctx.db, pool, user, input, stake?.staked ?? '0');
}

/**
 * Stakes into a pool (create-order): one transaction, the pool locked, that checks the new-user rule,
 * the minimum, the personal cap (VIP quota, volume tier), the pool's remaining cap and the available
 * balance (less loans when the coin does not support launchpool), then moves the coin from the
 * trading wallet into the stake through the ledger.
 */
export async function createOrder(
  ctx: AppContext,
  user: User,
  input: CreateOrderInput,
  idempotency?: IdempotencyRequest,
) {
  const project = await findProject(ctx.db, input.pid);
  const done = await runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const pool = await lockPool(tx, project.id, input.rid);
      assertNotEnded(project, now);
      const stake = await stakeRow(tx, pool, user, project.coin, now);
      const amount = await checkOrder(tx, pool, user, input, stake.staked);
      await advancePool(tx, pool.id, now);
      await changeStake(tx, stake.id, amount.toFixed());
      await moveStake(tx, { user, projectId: project.id, pool, amount, at: now, direction: 'stake' });
      // The latest stake's choice is where the whole stake goes at the project's end.
      await tx
        .update(launchStakes)
        .set({ simpleEarnStatus: input.simpleEarnStatus ?? 0, simpleEarnPeriod: input.simpleEarnPeriod ?? null })
        .where(eq(launchStakes.id, stake.id));
      return { pid: project.id, rid: pool.id, amount: toWire(amount) };
    },
    idempotency,
  );
  // The pool's totals changed: the next read of the projects shows them (the rest stays shared).
  forgetCachedReads(ctx.db, LAUNCH_POOL_READS);
  return done;
}

/** The user's stake in `pool`, holding at least `amount` to redeem. */
async function redeemableStake(db: Executor, pool: LaunchPool, user: User, amount: Decimal) {
  const [stake] = await db
    .select()
    .from(launchStakes)
    .where(and(eq(launchStakes.poolId, pool.id), eq(launchStakes.userId, user.id)));
  if (!stake || new Decimal(stake.staked).isZero()) {
    // Another call redeemed it all meanwhile, or there never was a stake.
    throw new AppError(-1, `You have nothing staked in this ${pool.coin} pool`, 400, {
      key: 'launch.redeem.nothing',
      params: { coin: pool.coin },
    });
  }
  if (amount.gt(stake.staked)) {
    const most = toWire(stake.staked);
    throw new AppError(-1, `You can redeem at most ${most} ${pool.coin}`, 400, {
      key: 'launch.redeem.max',
      params: { amount: most, coin: pool.coin },
    });
  }
  return stake;
}

/**
 * An early redemption's checks on what is read without a lock, what is staked too: before the
 * fund-password prompt (the route's precheck), so a redemption refused anyway costs no try.
 */
export async function precheckRedeemStake(ctx: AppContext, input: PoolInput, user: User) {
  const { pool, amount } = await checkPoolInput(ctx, input);
  await redeemableStake(ctx.db, pool, user, amount);
}

/** Early redeem: any time before the project ends, principal back to the trading wallet. */
export async function redeemStake(
  ctx: AppContext,
  user: User,
  input: { pid: number; rid: number; amount: string },
  idempotency?: IdempotencyRequest,
) {
  const project = await findProject(ctx.db, input.pid);
  const done = await runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const pool = await lockPool(tx, project.id, input.rid);
      assertNotEnded(project, now);
      const parsed = parseAmount('amount', input.amount, { maxDecimals: pool.decimalPlace });
      if (!parsed.ok) throw refused(parsed);
      const stake = await redeemableStake(tx, pool, user, parsed.value);
      await advancePool(tx, pool.id, now);
      await changeStake(tx, stake.id, parsed.value.neg().toFixed());
      await moveStake(tx, { user, projectId: project.id, pool, amount: parsed.value, at: now, direction: 'redeem' });
      return { pid: project.id, rid: pool.id, amount: toWire(parsed.value) };
    },
    idempotency,
  );
  // The pool's totals changed: the next read of the projects shows them (the rest stays shared).
  forgetCachedReads(ctx.db, LAUNCH_POOL_READS);
  return done;
}

/** Moves a stake between the trading wallet and the stake account through the ledger, with its history row. */
async function moveStake(
  tx: Executor,
  m: { user: User; projectId: number; pool: LaunchPool; amount: Decimal; at: Date; direction: 'stake' | 'redeem' },
) {
  const wallet = userAccount(m.user.id, tradingWallet(m.user), m.pool.coin);
  const staked = userAccount(m.user.id, LAUNCHPOOL, m.pool.coin);
  const [from, to] = m.direction === 'stake' ? [wallet, staked] : [staked, wallet];
  await post(tx, {
    kind: `launchpool.${m.direction}`,
    ref: `pool:${m.pool.id}`,
    userId: m.user.id,
    at: m.at,
    postings: [
      { account: from, amount: m.amount.neg() },
      { account: to, amount: m.amount },
    ],
  });
  await tx.insert(launchHistory).values({
    userId: m.user.id,
    projectId: m.projectId,
    poolId: m.pool.id,
    type: m.direction,
    coin: m.pool.coin,
    amount: m.amount.toFixed(),
    at: m.at,
  });
}
