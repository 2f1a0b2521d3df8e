import { Code, Decimal, nextValuationMs, parseAmount, toWire, WIRE_AMOUNTS } from '@earn/domain';
import type { WealthPurchaseBody } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { wealthOrders } from '../../db/schema.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { AppError, badRequest, refused } from '../../errors.js';
import { userAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { walletOf } from '../fixed-earn/subscribe-fixed.js';
import { assertNotLocked } from '../simple-earn/funding-lock.js';
import { ofProjectType, pendingPurchaseWallet, shareLockWealthProduct } from './products.js';

/** A purchase's amount as written: above 0, to the wire's places. */
function parsePurchase(user: User, body: WealthPurchaseBody) {
  assertNotLocked(user, 'subscribe');
  const parsed = parseAmount('amount', body.amount, WIRE_AMOUNTS.wealthPurchase);
  if (!parsed.ok) throw refused(parsed);
  if (parsed.value.lte(0)) throw badRequest('Enter an amount above 0', 'wealth.amountNonZero');
  return parsed.value;
}

/**
 * A purchase against its product and the user's balance: under the product's share lock, inside the
 * purchase; or as they stand, before the fund-password prompt (the route's precheck), so a purchase
 * refused anyway costs no try.
 */
async function checkPurchase(db: Executor, user: User, body: WealthPurchaseBody, amount: Decimal) {
  // A purchase naming another project type finds no such product, as the other calls do.
  const product = ofProjectType(await shareLockWealthProduct(db, body.pid), body.pid, body.project_type);
  if (user.tier < product.minTier) {
    throw new AppError(Code.Failure, `This product is for VIP ${product.minTier} and above`, 403, {
      key: 'wealth.vipOnly',
      params: { tier: String(product.minTier) },
    });
  }
  if (amount.lt(product.minPurchase)) {
    throw refused({
      key: 'less.minimum.amount',
      message: `The minimum purchase is ${toWire(product.minPurchase)} ${product.coin}`,
      params: { amount: toWire(product.minPurchase), coin: product.coin },
    });
  }
  const { balance, loan } = await walletOf(db, user, product.coin);
  if (amount.gt(new Decimal(balance).minus(loan))) {
    throw refused({
      key: 'finances.inadequateBalance',
      message: `Not enough ${product.coin} available`,
      params: { coin: product.coin },
    });
  }
  return { product, loan };
}

/** A purchase's checks before the fund-password prompt (the route's precheck), on what is read without a lock. */
export async function precheckPurchase(ctx: AppContext, body: WealthPurchaseBody, user: User) {
  await checkPurchase(ctx.db, user, body, parsePurchase(user, body));
}

/**
 * Subscribes to a wealth product: the amount leaves the trading wallet at once into the user's
 * pending wallet, and the next valuation (08:30 UTC) issues units at its NAV (forward pricing).
 */
export async function purchaseWealth(
  ctx: AppContext,
  user: User,
  body: WealthPurchaseBody,
  idempotency?: IdempotencyRequest,
) {
  const amount = parsePurchase(user, body);
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const { product, loan } = await checkPurchase(tx, user, body, amount);
      await post(tx, {
        kind: 'wealth.purchase',
        ref: `product:${product.id}`,
        userId: user.id,
        at: now,
        postings: [
          {
            account: userAccount(user.id, tradingWallet(user), product.coin),
            amount: amount.neg(),
            keepAtLeast: new Decimal(loan),
          },
          { account: userAccount(user.id, pendingPurchaseWallet(product.id), product.coin), amount },
        ],
      });
      const [order] = await tx
        .insert(wealthOrders)
        .values({
          userId: user.id,
          productId: product.id,
          side: 'purchase',
          amount: amount.toFixed(),
          status: 'pending',
          createdAt: now,
        })
        .returning({ id: wealthOrders.id });
      return {
        order_id: order?.id ?? 0,
        pid: product.id,
        side: 'purchase' as const,
        status: 'pending' as const,
        amount: toWire(amount),
        unit: '0',
        carried: '0',
        nav: '0',
        coin: product.coin,
        create_time: Math.floor(now.getTime() / 1000),
        valuation_time: Math.floor(nextValuationMs(now.getTime()) / 1000),
      };
    },
    idempotency,
  );
}
