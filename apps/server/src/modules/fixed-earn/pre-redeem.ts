import { Decimal, earlyRedeemInterest, toWire } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { PlatformAccount, platformAccount, userAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { isUnified, tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { assertNotLocked } from '../simple-earn/funding-lock.js';
import { lockUserOrder } from './holdings.js';
import { FIXED_WALLET } from './open-order.js';
import { assertActionAllowed } from './order-actions.js';

/** History modes of a fixed payout (spec): 0 to the unified account, 32 to spot. */
export const redeemMode = (user: Pick<User, 'accountMode'>) => (isUnified(user) ? 0 : 32);

/**
 * The user's order and its product, if it may be redeemed early now: locked, inside the redemption's
 * transaction; or as they stand, before the fund-password prompt (the route's precheck), so that an
 * order that does not exist, is another user's or cannot be redeemed early costs no try.
 */
async function redeemableOrder(db: Executor, user: User, orderId: number, now: Date) {
  const found = await lockUserOrder(db, user.id, orderId);
  assertActionAllowed(found.order, found.product, 'preRedeem', now.getTime());
  return found;
}

export async function precheckPreRedeem(ctx: AppContext, user: User, orderId: number) {
  assertNotLocked(user, 'redeem');
  await redeemableOrder(ctx.db, user, orderId, ctx.clock.now());
}

/**
 * Early redemption: the principal returns to the trading account at once. The unpaid interest,
 * ladder bonus and voucher interest are forfeited (the spec's rule), unless the product sets an
 * early-exit APR, which then pays for the whole days held since interest started.
 */
export async function preRedeem(ctx: AppContext, user: User, orderId: number, idempotency?: IdempotencyRequest) {
  assertNotLocked(user, 'redeem');
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const { order, product } = await redeemableOrder(tx, user, orderId, now);
      const interest = earlyRedeemInterest(
        order.principal,
        product.preRedeemRate,
        order.interestStartAt.getTime(),
        now.getTime(),
      );
      const wallet = tradingWallet(user);
      await post(tx, {
        kind: 'fixed.preRedeem',
        ref: `order:${order.id}`,
        userId: user.id,
        at: now,
        postings: [
          { account: userAccount(user.id, FIXED_WALLET, order.coin), amount: new Decimal(order.principal).neg() },
          ...(interest.gt(0)
            ? [{ account: platformAccount(PlatformAccount.fixedInterest, order.coin), amount: interest.neg() }]
            : []),
          { account: userAccount(user.id, wallet, order.coin), amount: interest.plus(order.principal) },
        ],
      });
      await tx.execute(sql`
        UPDATE fixed_orders SET state = 'early', paid_interest = ${interest.toFixed()}, settled_at = ${now.toISOString()}
        WHERE id = ${order.id}`);
      await tx.execute(
        sql`UPDATE fixed_products SET held = held - ${order.principal}::numeric WHERE id = ${product.id}`,
      );
      const mode = redeemMode(user);
      await tx.execute(sql`
        INSERT INTO earn_history (user_id, product, type, mode, coin, amount, principal, rate, order_id, lock_up_period, at)
        SELECT ${user.id}, 'fixed', t.type, ${mode}, ${order.coin}, t.amount, ${order.principal}, ${product.preRedeemRate},
          ${order.id}, ${order.lockUpPeriod}, ${now.toISOString()}::timestamptz
        FROM (VALUES (2, ${order.principal}::numeric), (3, ${interest.toFixed()}::numeric)) AS t(type, amount)
        WHERE t.amount > 0`);
      return {
        order_id: String(order.id),
        asset: order.coin,
        principal: toWire(order.principal),
        interest: toWire(interest),
        amount: toWire(interest.plus(order.principal)),
        account: wallet,
        submit_time: Math.floor(now.getTime() / 1000),
        arrival_time: Math.floor(now.getTime() / 1000),
      };
    },
    idempotency,
  );
}
