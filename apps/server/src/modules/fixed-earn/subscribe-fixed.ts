import {
  type AmountRules,
  checkFixedSubscribe,
  checkRenewalAmount,
  Decimal,
  fixedTimeline,
  lendEarnAvailable,
  orderAprPercent,
  parseAmount,
  placeOnLadder,
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
import { type CoinRow, catalogueCoinMap } from '../market/repo.js';
import { assertNotLocked } from '../simple-earn/funding-lock.js';
import { openOrder } from './open-order.js';
import {
  bonusPrices,
  heldByUser,
  lockProduct,
  NOTHING_HELD,
  productRemaining,
  requireEligible,
  saleStatus,
  termBonus,
  userRemaining,
} from './products.js';
import { lockVoucher } from './vouchers.js';

const seconds = (ms: number) => Math.floor(ms / 1000);
const BONUS_UNIT = new Decimal('0.00000001');

/** A subscription's amounts as written: the amount, the APR the user saw, and what renews. */
function parseFixedInput(user: User, input: FixedLendBody) {
  assertNotLocked(user, 'subscribe');
  const amount = parseAmount('amount', input.amount, WIRE_AMOUNTS.fixedSubscribe);
  if (!amount.ok) throw refused(amount);
  const seenRate = parseAmount('year_rate', input.year_rate, WIRE_AMOUNTS.seenRate);
  if (!seenRate.ok) throw refused(seenRate);
  return {
    amount: amount.value,
    seenRate: seenRate.value,
    seenBonus: optionalAmount('bonus_amount', input.bonus_amount, WIRE_AMOUNTS.seenBonus),
    reinvestAmount: optionalAmount('reinvest_amount', input.reinvest_amount, WIRE_AMOUNTS.fixedSubscribe),
  };
}

/** An optional amount: absent is null (the request schema has refused anything else that does not parse). */
function optionalAmount(field: string, value: string | undefined, rules: AmountRules): Decimal | null {
  if (value === undefined) return null;
  const parsed = parseAmount(field, value, rules);
  if (!parsed.ok) throw refused(parsed);
  return parsed.value;
}

/**
 * A subscription against its product, voucher and the user's balance and limits: locked, inside
 * the subscription's transaction; or as they stand, before the fund-password prompt (the route's
 * precheck), so a subscription refused anyway costs no try.
 */
async function checkFixedOrder(
  db: Executor,
  user: User,
  input: FixedLendBody,
  asked: ReturnType<typeof parseFixedInput>,
  now: Date,
  coins: ReadonlyMap<string, CoinRow>,
) {
  const product = await lockProduct(db, input.product_id);
  if (saleStatus(product, now.getTime()) !== 1) throw badRequest('This product is sold out', 'fixed.soldOut');
  requireEligible(product, user);
  if (!asked.seenRate.eq(product.yearRate)) {
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
      : await lockVoucher(db, input.financial_rate_id, user.id, product.coin, now);
  const { balance, loan } = await walletOf(db, user, product.coin);
  const held = (await heldByUser(db, user.id)).get(product.id) ?? NOTHING_HELD;
  const checked = checkFixedSubscribe(asked.amount, {
    asset: product.coin,
    minLendAmount: product.minLendAmount,
    available: lendEarnAvailable(balance, loan),
    productRemaining: productRemaining(product),
    userRemaining: userRemaining(product, held.principal),
    voucher: voucher ? { buy_limit_low: voucher.buyLimitLow, buy_limit_high: voucher.buyLimitHigh } : undefined,
  });
  if (!checked.ok) throw refused(checked);
  if (input.reinvest_status === 1 && asked.reinvestAmount) {
    const renewal = checkRenewalAmount(asked.reinvestAmount, {
      principal: checked.value.amount,
      minLendAmount: product.minLendAmount,
      asset: product.coin,
    });
    if (!renewal.ok) throw refused(renewal);
  }
  const amount = checked.value.amount;
  const ladderAt = placeOnLadder(held.ladder, amount);
  const priceRatio = bonusPrices(product, coins, now.getTime()).ratio;
  const bonus = termBonus(product, amount, priceRatio, ladderAt);
  // One unit of the 8th place is the rounding of a price ratio read from the wire, not a change.
  if (asked.seenBonus?.minus(bonus).abs().gt(BONUS_UNIT)) {
    throw badRequest(
      'The bonus for this amount has changed since you saw it; check it and subscribe again',
      'fixed.bonus.changed',
    );
  }
  return { product, voucher, loan, amount, ladderAt, priceRatio };
}

/** A subscription's checks before the fund-password prompt (the route's precheck), on what is read without a lock. */
export async function precheckFixedSubscribe(ctx: AppContext, input: FixedLendBody, user: User) {
  const coins = await catalogueCoinMap(ctx.db);
  await checkFixedOrder(ctx.db, user, input, parseFixedInput(user, input), ctx.clock.now(), coins);
}

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
  const asked = parseFixedInput(user, input);
  // Read before the transaction: on PGlite a read outside it would wait for it (one connection).
  const coins = await catalogueCoinMap(ctx.db);
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const { product, voucher, loan, amount, ladderAt, priceRatio } = await checkFixedOrder(
        tx,
        user,
        input,
        asked,
        now,
        coins,
      );
      const wallet = userAccount(user.id, tradingWallet(user), product.coin);
      const timeline = fixedTimeline(now.getTime(), product.lockUpPeriod);
      // The spec's coupling: auto-reinvest pays what does not renew to the trading account.
      const redeemAccountType = input.reinvest_status === 1 ? 0 : input.redeem_account_type;
      const opened = await openOrder(tx, {
        userId: user.id,
        product,
        amount,
        from: wallet,
        keepAtLeast: new Decimal(loan),
        voucher,
        priceRatio,
        ladderAt,
        redeemAccountType,
        reinvestStatus: input.reinvest_status,
        reinvestAmount: input.reinvest_status === 1 ? asked.reinvestAmount : null,
        timeline,
        mode: 0,
      });
      return {
        order_id: String(opened.orderId),
        asset: product.coin,
        amount: toWire(amount),
        lock_up_period: product.lockUpPeriod,
        year_rate: toWire(product.yearRate),
        interest: toWire(opened.interest),
        bonus_amount: toWire(opened.bonus),
        coupon_interest: toWire(opened.coupon ?? '0'),
        // As the holdings show it: interest, voucher and a same-coin ladder bonus over the term.
        total_year_rate_percent: orderAprPercent(product.yearRate, opened.extraRate).toFixed(2),
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
