import {
  burnFor,
  checkRedeemAmount,
  coinsFor,
  Decimal,
  fastArrivalMs,
  isFastRedeemAvailable,
  parseAmount,
  redeemFee,
  redeemWaitDays,
  remainingOf,
  stakeTakes,
  standardArrivalMs,
  toDayString,
  tokensFor,
  toWire,
  WIRE_AMOUNTS,
  ZERO,
} from '@earn/domain';
import type { StakingActionBody } from '@earn/domain/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { stakingDebts } from '../../db/schema.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { badRequest, refused } from '../../errors.js';
import { accountKey, ensureAccounts, PlatformAccount, platformAccount, userAccount } from '../../ledger/accounts.js';
import { type Posting, post } from '../../ledger/post.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { walletOf } from '../fixed-earn/subscribe-fixed.js';
import { assertNotLocked } from '../simple-earn/funding-lock.js';
import {
  DEBT_ISSUER,
  fastUsedToday,
  findStakingProduct,
  isDebtProduct,
  isReceiptProduct,
  lockStakingProduct,
  RECEIPT_ISSUER,
  redeemingWallet,
  type StakingProductRow,
  stakingPoolWallet,
  stakingWallet,
} from './products.js';
import { heldIn } from './stake.js';

/**
 * A redemption's checks on what is read without a lock (the product, the amount, what is held, the
 * fast quota): run before the fund-password prompt (the route's precheck), so a redemption refused
 * anyway costs no try. The redemption checks again under the product's lock.
 */
export async function precheckRedeem(ctx: AppContext, body: StakingActionBody, user: User) {
  const { product, amount } = await redeemAsked(ctx, body, user);
  await checkRedeem(ctx.db, user, product, amount, body.quick === 1, ctx.clock.now().getTime());
}

/** What a redemption asks for: its product and amount, by a user who may redeem. */
async function redeemAsked(ctx: AppContext, body: StakingActionBody, user: User) {
  assertNotLocked(user, 'redeem');
  const parsed = parseAmount('amount', body.amount, WIRE_AMOUNTS.staking);
  if (!parsed.ok) throw refused(parsed);
  return { product: await findStakingProduct(ctx.db, body.coin, body.pid), amount: parsed.value };
}

/** A redemption of `amount` from `product` as it stands: within what is held, its minimum and the fast quota. */
async function checkRedeem(
  db: Executor,
  user: User,
  product: StakingProductRow,
  amount: Decimal,
  quick: boolean,
  nowMs: number,
) {
  const receipt = isReceiptProduct(product);
  // A receipt-token product redeems tokens from the trading wallet; the others the staked coins.
  const unit = receipt ? (product.receiptCoin as string) : product.coin;
  // One query at a time: a transaction is one connection.
  const held = receipt ? (await walletOf(db, user, unit)).balance : await heldIn(db, user, product);
  const used = await fastUsedToday(db, product.id, nowMs);
  const fastLeft = quick ? remainingOf(product.redeemQuickDaily, used) : null;
  if (
    quick &&
    !isFastRedeemAvailable({
      enabled: product.redeemQuick,
      dailyQuota: product.redeemQuickDaily,
      usedToday: used,
      minRedeemAmount: product.minRedeemAmount,
    })
  ) {
    throw product.redeemQuick
      ? badRequest(
          "Today's fast redemption quota is used up: redeem the standard way, or fast again tomorrow",
          'staking.fast.usedUp',
        )
      : badRequest('Fast redemption is not available for this product', 'staking.fast.unavailable');
  }
  const checked = checkRedeemAmount(amount, {
    coin: unit,
    minRedeemAmount: product.minRedeemAmount,
    redeemable: held,
    fastLeft: fastLeft && receipt ? new Decimal(tokensFor(fastLeft, product.exchangeRate)) : fastLeft,
  });
  if (!checked.ok) throw refused(checked);
  return { receipt, unit, held, tokens: checked.value };
}

/**
 * Redeems staked coins. Standard: they leave the stake at once (and earn nothing more), wait in the
 * product's queue for its redeem days, and arrive less redeem_fee at the day's release. Fast, when
 * the product offers it: they arrive at once less redeem_quick_fee, taken from today's platform-wide
 * quota, which is checked under the product's row lock so parallel fast redemptions never exceed it.
 */
export async function redeem(ctx: AppContext, user: User, body: StakingActionBody, idempotency?: IdempotencyRequest) {
  const { product: named, amount: asked } = await redeemAsked(ctx, body, user);
  const quick = body.quick === 1;
  const pid = named.id;
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const nowMs = now.getTime();
      const product = await lockStakingProduct(tx, pid);
      const { receipt, unit, held, tokens } = await checkRedeem(tx, user, product, asked, quick, nowMs);
      // What leaves the product, in its coin.
      const amount = receipt ? new Decimal(coinsFor(tokens, product.exchangeRate)) : tokens;
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
      const burnt = isDebtProduct(product) ? await burnDebt(tx, user, product, held, tokens, now) : ZERO;
      // Receipt tokens are burnt and their coins leave the pool; staked coins leave the user's stake.
      const from: Posting[] = receipt
        ? [
            { account: userAccount(user.id, tradingWallet(user), unit), amount: tokens.neg() },
            { account: platformAccount(RECEIPT_ISSUER, unit), amount: tokens },
            { account: platformAccount(stakingPoolWallet(pid), product.coin), amount: amount.neg() },
          ]
        : [{ account: userAccount(user.id, stakingWallet(pid), product.coin), amount: amount.neg() }];
      const wallet = userAccount(user.id, tradingWallet(user), product.coin);
      const fees = platformAccount(PlatformAccount.stakingFees, product.coin);
      await post(tx, {
        kind: quick ? 'staking.fastRedeem' : 'staking.redeem',
        ref: `product:${pid}`,
        userId: user.id,
        at: now,
        postings: paysNow
          ? [...from, { account: wallet, amount: received }, ...(fee.gt(0) ? [{ account: fees, amount: fee }] : [])]
          : [...from, { account: userAccount(user.id, redeemingWallet(pid), product.coin), amount }],
      });
      await tx.execute(
        sql`UPDATE staking_products SET staked = greatest(staked - ${amount.toFixed()}::numeric, 0) WHERE id = ${pid}`,
      );
      if (!receipt) {
        const staked = userAccount(user.id, stakingWallet(pid), product.coin);
        const ids = await ensureAccounts(tx, [staked]);
        await moveOutOfStake(tx, pid, ids.get(accountKey(staked)), amount, nowMs);
      }
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
        amount: toWire(tokens),
        fee: toWire(fee),
        received: toWire(received),
        // When it arrives: now, when paid at once (a fast one is paid within its minutes, here at once).
        redeem_stamp: Math.floor((paysNow ? nowMs : arrivalMs) / 1000),
        quick: quick ? 1 : 0,
        minted: '0',
        burnt: toWire(burnt),
        mint_coin: product.mintCoin ?? '',
        receipt_coin: product.receiptCoin ?? '',
      };
    },
    idempotency,
  );
}

/**
 * Releasing collateral of a debt product burns the minted coin in proportion, from the trading
 * wallet (borrowed coins never repay it); the user is told how much is needed when it is not there.
 */
async function burnDebt(tx: Executor, user: User, product: StakingProductRow, held: string, amount: Decimal, at: Date) {
  const mintCoin = product.mintCoin as string;
  const [debt] = await tx
    .select({ minted: stakingDebts.minted })
    .from(stakingDebts)
    .where(and(eq(stakingDebts.productId, product.id), eq(stakingDebts.userId, user.id)))
    .for('update');
  const burn = burnFor(debt?.minted ?? '0', held, amount);
  if (burn.lte(0)) return burn;
  const { balance, loan } = await walletOf(tx, user, mintCoin);
  const usable = Decimal.max(new Decimal(balance).minus(loan), 0);
  if (usable.lt(burn)) {
    throw refused({
      key: 'staking.debt.repay',
      message: `Releasing this collateral repays ${toWire(burn)} ${mintCoin}; you have ${toWire(usable)} ${mintCoin}`,
      params: { amount: toWire(burn), coin: mintCoin, available: toWire(usable) },
    });
  }
  await post(tx, {
    kind: 'staking.burn',
    ref: `product:${product.id}`,
    userId: user.id,
    at,
    postings: [
      {
        account: userAccount(user.id, tradingWallet(user), mintCoin),
        amount: burn.neg(),
        keepAtLeast: new Decimal(loan),
      },
      { account: platformAccount(DEBT_ISSUER, mintCoin), amount: burn },
    ],
  });
  await tx
    .update(stakingDebts)
    .set({ minted: sql`${stakingDebts.minted} - ${burn.toFixed()}::numeric` })
    .where(and(eq(stakingDebts.productId, product.id), eq(stakingDebts.userId, user.id)));
  return burn;
}

/**
 * The stake's moves for a redemption: out of the stakes that do not count yet first (as of when
 * each would have started to count), then out of what counts, as of now (stakeTakes).
 */
async function moveOutOfStake(
  tx: Executor,
  pid: number,
  accountId: number | undefined,
  amount: Decimal,
  nowMs: number,
) {
  const waiting = rowsOf<{ at: Date | string; amount: string }>(
    await tx.execute(sql`
      SELECT at, sum(delta)::text AS amount FROM staking_moves
      WHERE product_id = ${pid} AND account_id = ${accountId} AND at > ${new Date(nowMs).toISOString()}
      GROUP BY at HAVING sum(delta) > 0`),
  );
  const takes = stakeTakes(
    waiting.map((w) => ({ atMs: new Date(w.at).getTime(), amount: w.amount })),
    amount,
    nowMs,
  );
  const rows = takes.map(
    (t) => sql`(${pid}, ${accountId}, ${t.amount.neg().toFixed()}, ${new Date(t.atMs).toISOString()})`,
  );
  await tx.execute(
    sql`INSERT INTO staking_moves (product_id, account_id, delta, at) VALUES ${sql.join(rows, sql`, `)}`,
  );
}
