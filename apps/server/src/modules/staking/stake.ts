import {
  checkStakeAmount,
  coinsFor,
  Decimal,
  firstRewardMs,
  mintAmount,
  parseAmount,
  remainingOf,
  stakeCountsFromMs,
  toWire,
  WIRE_AMOUNTS,
  ZERO,
} from '@earn/domain';
import type { StakingActionBody } from '@earn/domain/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { badRequest, refused } from '../../errors.js';
import {
  type AccountRef,
  accountKey,
  ensureAccounts,
  platformAccount,
  userAccount,
  userBalances,
} from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { walletOf } from '../fixed-earn/subscribe-fixed.js';
import { priceAt } from '../market/price-walk.js';
import { catalogueCoinMap, findCoin } from '../market/repo.js';
import { assertNotLocked } from '../simple-earn/funding-lock.js';
import {
  DEBT_ISSUER,
  findStakingProduct,
  isDebtProduct,
  isReceiptProduct,
  lockStakingProduct,
  pendingMintWallet,
  type StakingProductRow,
  stakingWallet,
} from './products.js';

type Holder = { id: number; accountMode: User['accountMode'] };

/**
 * What the user holds in a product, in its coin: the staked wallet, or for a receipt-token product
 * the coins waiting for tokens plus what the tokens in the trading wallet are worth now.
 */
export async function heldIn(db: Executor, user: Holder, product: StakingProductRow): Promise<string> {
  if (!isReceiptProduct(product)) {
    const [row] = await userBalances(db, user.id, [stakingWallet(product.id)]);
    return row?.balance ?? '0';
  }
  const rows = await userBalances(db, user.id, [pendingMintWallet(product.id), tradingWallet(user)]);
  const pending = rows.find((r) => r.wallet === pendingMintWallet(product.id))?.balance ?? '0';
  const tokens = rows.find((r) => r.wallet === tradingWallet(user) && r.coin === product.receiptCoin)?.balance ?? '0';
  return new Decimal(pending).plus(coinsFor(tokens, product.exchangeRate)).toFixed();
}

/**
 * A stake's checks on what is read without a lock (the product, the amount, the user's balance and
 * caps): run before the fund-password prompt (the route's precheck), so a stake refused anyway costs
 * no try. The stake checks again under the product's lock.
 */
export async function precheckStake(ctx: AppContext, body: StakingActionBody, user: User) {
  const { product, amount } = await stakeAsked(ctx, body, user);
  await checkStake(ctx.db, user, product, amount, await loansStakeable(ctx, product.coin));
}

/** Whether a coin's borrowed coins may be staked (its borrow setting), from the catalogue read once a second. */
async function loansStakeable(ctx: AppContext, coin: string): Promise<boolean> {
  return (await catalogueCoinMap(ctx.db)).get(coin)?.isSupportStaking !== false;
}

/** What a stake asks for: its product and amount, by a user who may stake. */
async function stakeAsked(ctx: AppContext, body: StakingActionBody, user: User) {
  assertNotLocked(user, 'subscribe');
  const parsed = parseAmount('amount', body.amount, WIRE_AMOUNTS.staking);
  if (!parsed.ok) throw refused(parsed);
  return { product: await findStakingProduct(ctx.db, body.coin, body.pid), amount: parsed.value };
}

/** A stake of `amount` into `product` as it stands: open, above its minimum, within the caps and the balance. */
async function checkStake(
  db: Executor,
  user: User,
  product: StakingProductRow,
  amount: Decimal,
  /** The coin's borrowed coins may be staked: else they are taken off the balance first (spec). */
  stakeLoans: boolean,
) {
  if (!product.saleOpen) throw badRequest('This product is not taking stakes now', 'staking.closed');
  // One query at a time: a transaction is one connection.
  const { balance, loan: owed } = await walletOf(db, user, product.coin);
  const loan = stakeLoans ? '0' : owed;
  const held = await heldIn(db, user, product);
  const checked = checkStakeAmount(amount, {
    coin: product.coin,
    minMortgageAmount: product.minMortgageAmount,
    available: balance,
    borrowed: loan,
    personalLeft: remainingOf(product.personalMortgageLimit, held),
    crowdLeft: remainingOf(product.crowdMortgageLimit, product.staked),
  });
  if (!checked.ok) throw refused(checked);
  return { amount: checked.value, loan };
}

/**
 * Stakes coins from the trading wallet into a product, under the product's row lock so that the
 * personal and crowd caps hold against parallel stakes. Borrowed coins are staked only where the
 * coin's borrow setting allows it (is_support_staking). The stake counts from the next whole day
 * (or later when the product delays rewards).
 */
export async function stake(ctx: AppContext, user: User, body: StakingActionBody, idempotency?: IdempotencyRequest) {
  const { product: named, amount: asked } = await stakeAsked(ctx, body, user);
  const stakeLoans = await loansStakeable(ctx, named.coin);
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const product = await lockStakingProduct(tx, named.id);
      const { amount, loan } = await checkStake(tx, user, product, asked, stakeLoans);
      await stakeInto(tx, product, {
        userId: user.id,
        from: userAccount(user.id, tradingWallet(user), product.coin),
        keepAtLeast: new Decimal(loan),
        amount,
        at: now,
      });
      const minted = isDebtProduct(product) ? await mintDebt(tx, user, product, amount, now) : ZERO;
      return {
        pid: product.id,
        coin: product.coin,
        amount: toWire(amount),
        fee: '0',
        received: toWire(amount),
        redeem_stamp: Math.floor(firstRewardMs(now.getTime(), product.rewardDelayDays) / 1000),
        quick: 0,
        minted: toWire(minted),
        burnt: '0',
        mint_coin: product.mintCoin ?? '',
        receipt_coin: product.receiptCoin ?? '',
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
  const countsFrom = new Date(stakeCountsFromMs(s.at.getTime(), product.rewardDelayDays));
  if (isReceiptProduct(product)) return stakePendingMint(tx, product, s, countsFrom);
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
  await tx.execute(sql`
    INSERT INTO staking_moves (product_id, account_id, delta, at)
    VALUES (${product.id}, ${ids.get(accountKey(staked))}, ${s.amount.toFixed()}, ${countsFrom.toISOString()})`);
}

/**
 * A stake into a receipt-token product waits in the user's pending wallet for its tokens, which the
 * day's close mints at the rate after that day's growth (the stake earns from its first whole day).
 */
async function stakePendingMint(
  tx: Executor,
  product: StakingProductRow,
  s: { userId: number; from: AccountRef; keepAtLeast?: Decimal; amount: Decimal; at: Date },
  mintAt: Date,
) {
  await post(tx, {
    kind: 'staking.stake',
    ref: `product:${product.id}`,
    userId: s.userId,
    at: s.at,
    postings: [
      { account: s.from, amount: s.amount.neg(), ...(s.keepAtLeast ? { keepAtLeast: s.keepAtLeast } : {}) },
      { account: userAccount(s.userId, pendingMintWallet(product.id), product.coin), amount: s.amount },
    ],
  });
  await tx.execute(
    sql`UPDATE staking_products SET staked = staked + ${s.amount.toFixed()}::numeric WHERE id = ${product.id}`,
  );
  await tx.execute(sql`
    INSERT INTO staking_mints (product_id, user_id, amount, mint_at)
    VALUES (${product.id}, ${s.userId}, ${s.amount.toFixed()}, ${mintAt.toISOString()})`);
}

/**
 * A debt product mints its coin against the collateral just staked, at the collateral's price now and
 * the product's ratio, into the trading wallet; the user owes it back to redeem the collateral.
 */
async function mintDebt(tx: Executor, user: User, product: StakingProductRow, collateral: Decimal, at: Date) {
  const mintCoin = product.mintCoin as string;
  const coin = await findCoin(tx, product.coin);
  const mint = await findCoin(tx, mintCoin);
  const priceOf = (c: typeof coin) => (c ? priceAt(c.symbol, c.basePrice, at.getTime()) : ZERO);
  const minted = mintAmount(collateral, priceOf(coin), priceOf(mint), product.mintRatio);
  if (minted.lte(0)) return minted;
  await post(tx, {
    kind: 'staking.mint',
    ref: `product:${product.id}`,
    userId: user.id,
    at,
    postings: [
      { account: platformAccount(DEBT_ISSUER, mintCoin), amount: minted.neg() },
      { account: userAccount(user.id, tradingWallet(user), mintCoin), amount: minted },
    ],
  });
  await tx.execute(sql`
    INSERT INTO staking_debts (product_id, user_id, minted) VALUES (${product.id}, ${user.id}, ${minted.toFixed()})
    ON CONFLICT (product_id, user_id) DO UPDATE SET minted = staking_debts.minted + EXCLUDED.minted`);
  return minted;
}
