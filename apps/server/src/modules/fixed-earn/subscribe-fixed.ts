import {
  checkFixedSubscribe,
  checkRenewalAmount,
  Decimal,
  fixedTimeline,
  lendEarnAvailable,
  orderAprPercent,
  parseAmount,
  toWire,
  WIRE_AMOUNTS,
} from '@earn/domain';
import type { FixedLendBody } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { badRequest, refused } from '../../errors.js';
import { userAccount, userBalances } from '../../ledger/accounts.js';
import { tradingWallet } from '../account/me.js';
import { loansOf, type User } from '../account/repo.js';
import { catalogueCoinMap } from '../market/repo.js';
import { assertNotLocked } from '../simple-earn/funding-lock.js';
import { openOrder } from './open-order.js';
import {
  bonusPrices,
  heldByUser,
  lockProduct,
  productRemaining,
  requireEligible,
  saleStatus,
  userRemaining,
} from './products.js';
import { lockVoucher } from './vouchers.js';

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Subscribes a fixed product from the user's trading wallet. The product row is locked first, so
 * its quota, the user's limit, the voucher and the debit are decided in one transaction and
 * parallel subscriptions can never sell more than the quota.
 */
export async function subscribeFixed(
  ctx: AppContext,
  user: User,
  input: FixedLendBody,
  idempotency?: IdempotencyRequest,
) {
  assertNotLocked(user, 'subscribe');
  const amount = parseAmount('amount', input.amount, WIRE_AMOUNTS.fixedSubscribe);
  if (!amount.ok) throw refused(amount);
  const seenRate = parseAmount('year_rate', input.year_rate, WIRE_AMOUNTS.seenRate);
  if (!seenRate.ok) throw refused(seenRate);
  const reinvestAmount =
    input.reinvest_amount === undefined || input.reinvest_amount === ''
      ? null
      : parseAmount('reinvest_amount', input.reinvest_amount, WIRE_AMOUNTS.fixedSubscribe);
  if (reinvestAmount && !reinvestAmount.ok) throw refused(reinvestAmount);
  // Read before the transaction: on PGlite a read outside it would wait for it (one connection).
  const coins = await catalogueCoinMap(ctx.db);
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const product = await lockProduct(tx, input.product_id);
      if (saleStatus(product, now.getTime()) !== 1) throw badRequest('This product is sold out', 'fixed.soldOut');
      requireEligible(product, user);
      if (!seenRate.value.eq(product.yearRate)) {
        throw badRequest('The APR of this product has changed; check it and subscribe again', 'fixed.rate.changed');
      }
      if (input.reinvest_status === 1 && !product.reinvest) {
        throw badRequest('This product does not renew automatically', 'fixed.reinvest.unsupported');
      }
      if (input.redeem_account_type === 1 && !product.redeemAccount) {
        throw badRequest('This product pays out to your spot account only', 'fixed.redeemAccount.unsupported');
      }
      const voucher =
        input.financial_rate_id === undefined
          ? null
          : await lockVoucher(tx, input.financial_rate_id, user.id, product.coin, now);
      const wallet = userAccount(user.id, tradingWallet(user), product.coin);
      const { balance, loan } = await walletOf(tx, user, product.coin);
      const held = (await heldByUser(tx, user.id)).get(product.id) ?? new Decimal(0);
      const checked = checkFixedSubscribe(amount.value, {
        asset: product.coin,
        minLendAmount: product.minLendAmount,
        available: lendEarnAvailable(balance, loan),
        productRemaining: productRemaining(product),
        userRemaining: userRemaining(product, held),
        voucher: voucher ? { buy_limit_low: voucher.buyLimitLow, buy_limit_high: voucher.buyLimitHigh } : undefined,
      });
      if (!checked.ok) throw refused(checked);
      if (input.reinvest_status === 1 && reinvestAmount?.ok) {
        const renewal = checkRenewalAmount(reinvestAmount.value, {
          principal: checked.value.amount,
          minLendAmount: product.minLendAmount,
          asset: product.coin,
        });
        if (!renewal.ok) throw refused(renewal);
      }
      const timeline = fixedTimeline(now.getTime(), product.lockUpPeriod);
      // The spec's coupling: auto-reinvest pays what does not renew to the trading account.
      const redeemAccountType = input.reinvest_status === 1 ? 0 : input.redeem_account_type;
      const opened = await openOrder(tx, {
        userId: user.id,
        product,
        amount: checked.value.amount,
        from: wallet,
        keepAtLeast: new Decimal(loan),
        voucher,
        priceRatio: bonusPrices(product, coins, now.getTime()).ratio,
        redeemAccountType,
        reinvestStatus: input.reinvest_status,
        reinvestAmount: input.reinvest_status === 1 && reinvestAmount?.ok ? reinvestAmount.value : null,
        timeline,
        mode: 0,
      });
      return {
        order_id: String(opened.orderId),
        asset: product.coin,
        amount: toWire(checked.value.amount),
        lock_up_period: product.lockUpPeriod,
        year_rate: toWire(product.yearRate),
        interest: toWire(opened.interest),
        bonus_amount: toWire(opened.bonus),
        coupon_interest: toWire(opened.coupon ?? '0'),
        // As the holdings show it: interest, voucher and a same-coin ladder bonus over the term.
        total_year_rate_percent: orderAprPercent(
          opened.interest
            .plus(opened.coupon ?? 0)
            .plus(product.bonusAsset === null || product.bonusAsset === product.coin ? opened.bonus : 0),
          checked.value.amount,
          product.lockUpPeriod,
        ).toFixed(2),
        create_time: seconds(timeline.subscribedMs),
        interest_start_time: seconds(timeline.interestStartMs),
        finish_time: seconds(timeline.finishMs),
        received_time: seconds(timeline.receivedMs),
      };
    },
    idempotency,
  );
}

/** The user's trading-wallet balance of a coin and their loan in it. */
export async function walletOf(db: Executor, user: User, coin: string) {
  // One query at a time: `db` may be a transaction, which is one connection.
  const rows = await userBalances(db, user.id, [tradingWallet(user)], [coin]);
  const loans = await loansOf(db, user.id);
  return { balance: rows[0]?.balance ?? '0', loan: loans.get(coin) ?? '0' };
}
