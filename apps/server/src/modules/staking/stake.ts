import {
  checkStakeAmount,
  Decimal,
  firstRewardMs,
  parseAmount,
  remainingOf,
  stakeCountsFromMs,
  toWire,
} from '@earn/domain';
import type { StakingActionBody } from '@earn/domain/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { badRequest, refused } from '../../errors.js';
import { type AccountRef, accountKey, ensureAccounts, userAccount, userBalances } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { walletOf } from '../fixed-earn/subscribe-fixed.js';
import { assertNotLocked } from '../simple-earn/funding-lock.js';
import { findStakingProduct, lockStakingProduct, type StakingProductRow, stakingWallet } from './products.js';

/** What the user holds staked in a product. */
export async function heldIn(db: Executor, userId: number, pid: number): Promise<string> {
  const [row] = await userBalances(db, userId, [stakingWallet(pid)]);
  return row?.balance ?? '0';
}

/**
 * Stakes coins from the trading wallet into a product, under the product's row lock so that the
 * personal and crowd caps hold against parallel stakes. Borrowed coins are never staked. The stake
 * counts from the next whole day (or later when the product delays rewards).
 */
export async function stake(ctx: AppContext, user: User, body: StakingActionBody, idempotency?: IdempotencyRequest) {
  assertNotLocked(user, 'subscribe');
  const parsed = parseAmount('amount', body.amount, { maxDecimals: 8 });
  if (!parsed.ok) throw refused(parsed);
  const { id: pid } = await findStakingProduct(ctx.db, body.coin, body.pid);
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const product = await lockStakingProduct(tx, pid);
      if (!product.saleOpen) throw badRequest('This product is not taking stakes now', 'staking.closed');
      const [{ balance, loan }, held] = await Promise.all([walletOf(tx, user, product.coin), heldIn(tx, user.id, pid)]);
      const checked = checkStakeAmount(parsed.value, {
        coin: product.coin,
        minMortgageAmount: product.minMortgageAmount,
        available: balance,
        borrowed: loan,
        personalLeft: remainingOf(product.personalMortgageLimit, held),
        crowdLeft: remainingOf(product.crowdMortgageLimit, product.staked),
      });
      if (!checked.ok) throw refused(checked);
      const amount = checked.value;
      await stakeInto(tx, product, {
        userId: user.id,
        from: userAccount(user.id, tradingWallet(user), product.coin),
        keepAtLeast: new Decimal(loan),
        amount,
        at: now,
      });
      return {
        pid,
        coin: product.coin,
        amount: toWire(amount),
        fee: '0',
        received: toWire(amount),
        redeem_stamp: Math.floor(firstRewardMs(now.getTime(), product.rewardDelayDays) / 1000),
        quick: 0,
      };
    },
    idempotency,
  );
}

/**
 * Moves `amount` into a product's stake inside the caller's transaction, the product row locked and
 * the amount checked: the posting, the product's staked total, and the move that makes the stake
 * count from its first whole day (or later under the product's reward delay).
 */
export async function stakeInto(
  tx: Executor,
  product: StakingProductRow,
  s: { userId: number; from: AccountRef; keepAtLeast?: Decimal; amount: Decimal; at: Date },
) {
  const staked = userAccount(s.userId, stakingWallet(product.id), product.coin);
  await post(tx, {
    kind: 'staking.stake',
    ref: `product:${product.id}`,
    userId: s.userId,
    at: s.at,
    postings: [
      { account: s.from, amount: s.amount.neg(), ...(s.keepAtLeast ? { keepAtLeast: s.keepAtLeast } : {}) },
      { account: staked, amount: s.amount },
    ],
  });
  const ids = await ensureAccounts(tx, [staked]);
  await tx.execute(
    sql`UPDATE staking_products SET staked = staked + ${s.amount.toFixed()}::numeric WHERE id = ${product.id}`,
  );
  const countsFrom = new Date(stakeCountsFromMs(s.at.getTime(), product.rewardDelayDays));
  await tx.execute(sql`
    INSERT INTO staking_moves (product_id, account_id, delta, at)
    VALUES (${product.id}, ${ids.get(accountKey(staked))}, ${s.amount.toFixed()}, ${countsFrom.toISOString()})`);
}
