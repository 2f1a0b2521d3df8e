import {
  checkRedeemAmount,
  fastArrivalMs,
  isFastRedeemAvailable,
  parseAmount,
  redeemFee,
  redeemWaitDays,
  remainingOf,
  standardArrivalMs,
  toDayString,
  toWire,
} from '@earn/domain';
import type { StakingActionBody } from '@earn/domain/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { badRequest, refused } from '../../errors.js';
import { accountKey, ensureAccounts, PlatformAccount, platformAccount, userAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { assertNotLocked } from '../simple-earn/funding-lock.js';
import { fastUsedToday, findStakingProduct, lockStakingProduct, redeemingWallet, stakingWallet } from './products.js';
import { heldIn } from './stake.js';

/**
 * Redeems staked coins. Standard: they leave the stake at once (and earn nothing more), wait in the
 * product's queue for its redeem days, and arrive less redeem_fee at the day's release. Fast, when
 * the product offers it: they arrive at once less redeem_quick_fee, taken from today's platform-wide
 * quota, which is checked under the product's row lock so parallel fast redemptions never exceed it.
 */
export async function redeem(ctx: AppContext, user: User, body: StakingActionBody, idempotency?: IdempotencyRequest) {
  assertNotLocked(user, 'redeem');
  const parsed = parseAmount('amount', body.amount, { maxDecimals: 8 });
  if (!parsed.ok) throw refused(parsed);
  const quick = body.quick === 1;
  const { id: pid } = await findStakingProduct(ctx.db, body.coin, body.pid);
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const nowMs = now.getTime();
      const product = await lockStakingProduct(tx, pid);
      const [held, used] = await Promise.all([heldIn(tx, user.id, pid), fastUsedToday(tx, pid, nowMs)]);
      if (
        quick &&
        !isFastRedeemAvailable({
          enabled: product.redeemQuick,
          dailyQuota: product.redeemQuickDaily,
          usedToday: used,
          minRedeemAmount: product.minRedeemAmount,
        })
      ) {
        throw badRequest('Fast redemption is not available for this product today', 'staking.fast.unavailable');
      }
      const checked = checkRedeemAmount(parsed.value, {
        coin: product.coin,
        minRedeemAmount: product.minRedeemAmount,
        redeemable: held,
        fastLeft: quick ? remainingOf(product.redeemQuickDaily, used) : null,
      });
      if (!checked.ok) throw refused(checked);
      const amount = checked.value;
      const waitDays = quick
        ? 0
        : redeemWaitDays({
            income_days: product.incomeDays,
            redeem_minday: product.redeemMinDay,
            redeem_maxday: product.redeemMaxDay,
          });
      const { fee, received } = redeemFee(amount, quick ? product.redeemQuickFee : product.redeemFee);
      const arrivalMs = quick ? fastArrivalMs(nowMs, product.redeemQuickLong) : standardArrivalMs(nowMs, waitDays);
      const paysNow = quick || waitDays <= 0;
      const staked = userAccount(user.id, stakingWallet(pid), product.coin);
      const wallet = userAccount(user.id, tradingWallet(user), product.coin);
      const fees = platformAccount(PlatformAccount.stakingFees, product.coin);
      await post(tx, {
        kind: quick ? 'staking.fastRedeem' : 'staking.redeem',
        ref: `product:${pid}`,
        userId: user.id,
        at: now,
        postings: paysNow
          ? [
              { account: staked, amount: amount.neg() },
              { account: wallet, amount: received },
              ...(fee.gt(0) ? [{ account: fees, amount: fee }] : []),
            ]
          : [
              { account: staked, amount: amount.neg() },
              { account: userAccount(user.id, redeemingWallet(pid), product.coin), amount },
            ],
      });
      const ids = await ensureAccounts(tx, [staked]);
      await tx.execute(
        sql`UPDATE staking_products SET staked = staked - ${amount.toFixed()}::numeric WHERE id = ${pid}`,
      );
      await tx.execute(sql`
        INSERT INTO staking_moves (product_id, account_id, delta, at)
        VALUES (${pid}, ${ids.get(accountKey(staked))}, ${amount.neg().toFixed()}, ${now.toISOString()})`);
      if (quick) {
        await tx.execute(sql`
          INSERT INTO staking_fast_quota (product_id, day, used) VALUES (${pid}, ${toDayString(nowMs)}, ${amount.toFixed()})
          ON CONFLICT (product_id, day) DO UPDATE SET used = staking_fast_quota.used + EXCLUDED.used`);
      }
      const arrival = new Date(paysNow ? nowMs : arrivalMs).toISOString();
      await tx.execute(sql`
        INSERT INTO staking_redemptions (user_id, product_id, coin, amount, fee, quick, requested_at, release_at, released_at)
        VALUES (${user.id}, ${pid}, ${product.coin}, ${amount.toFixed()}, ${fee.toFixed()}, ${quick}, ${now.toISOString()},
          ${new Date(arrivalMs).toISOString()}, ${paysNow ? arrival : null})`);
      return {
        pid,
        coin: product.coin,
        amount: toWire(amount),
        fee: toWire(fee),
        received: toWire(received),
        redeem_stamp: Math.floor(arrivalMs / 1000),
        quick: quick ? 1 : 0,
      };
    },
    idempotency,
  );
}
