import {
  bonusShare,
  convertReward,
  DAY_MS,
  Decimal,
  dailyBonus,
  dailyReward,
  isBonusActive,
  maxBonusRate,
  nextExchangeRate,
  paidBonusRate,
  roundDown,
  roundUp,
  STAKING_PLACES,
  toDayString,
  tokensFor,
  vipDiscountPercent,
  ZERO,
} from '@earn/domain';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { stakingDays, stakingProducts } from '../../db/schema.js';
import type { Job } from '../../jobs/scheduler.js';
import { PlatformAccount, platformAccount, userAccount } from '../../ledger/accounts.js';
import { LegSet } from '../../ledger/leg-set.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { priceAt } from '../market/price-walk.js';
import { catalogueCoins } from '../market/repo.js';
import {
  bonusBudgetLeft,
  isReceiptProduct,
  pendingMintWallet,
  RECEIPT_ISSUER,
  redeemingWallet,
  type StakingProductRow,
  stakingPoolWallet,
} from './products.js';

/** Holders paid per transaction: a stake or redemption waits for one part at most at 00:00 UTC. */
export const STAKING_SETTLE_BATCH = 5_000;

/**
 * Where the next part resumes: the product it is in and the last holder (user id) already paid, 0
 * before its first. Product ids and user ids are 32-bit integers, so both fit one safe integer.
 */
const PRODUCT_SHIFT = 2 ** 32;
const resumeAt = (productId: number, afterUser: number) => ({ resumeFrom: productId * PRODUCT_SHIFT + afterUser });

/**
 * The staking day: at 00:00 UTC it settles the day that ended, exactly once (the scheduler records
 * it), in parts of `batch` holders, one transaction each. The first part releases the standard
 * redemptions due; then each product's holders are paid for the day on the lowest balance they held
 * through it (so a stake made during the day, or one not yet counted under the product's reward
 * delay, earns nothing that day, and coins being redeemed earn nothing): dailyReward of the domain,
 * the extra bonus tiers within the event's budget, converted at the day's prices when the reward
 * coin differs. A holder's base is their balance less every move since the day began, so stakes and
 * redemptions made between two parts change nothing already decided.
 */
export function stakingDayJob(batch = STAKING_SETTLE_BATCH): Job {
  return {
    name: 'staking-day',
    period: 'day',
    async run(tx, dayStart, resumeFrom) {
      const dayEnd = new Date(dayStart.getTime() + DAY_MS);
      // Alone in its part: it writes ledger accounts, which every other part locks after a product.
      if (resumeFrom === undefined) {
        await releaseRedemptions(tx, dayEnd);
        return resumeAt(0, 0);
      }
      let productId = Math.floor(resumeFrom / PRODUCT_SHIFT);
      let afterUser = resumeFrom % PRODUCT_SHIFT;
      let room = batch;
      for (;;) {
        // Each part locks the products it pays, in id order (the lock order: products, then ledger accounts).
        const [product] = await tx
          .select()
          .from(stakingProducts)
          .where(gte(stakingProducts.id, productId))
          .orderBy(asc(stakingProducts.id))
          .limit(1)
          .for('update');
        if (!product) break;
        if (isReceiptProduct(product)) {
          await settleReceiptProduct(tx, product, toDayString(dayStart.getTime()), dayEnd);
        } else {
          const part = await payHolders(tx, product, dayStart, afterUser, room);
          if (part.examined === room && part.lastUser !== undefined) return resumeAt(product.id, part.lastUser);
          room -= part.examined;
          await endSpentBonus(tx, product.id, toDayString(dayStart.getTime()));
        }
        productId = product.id + 1;
        afterUser = 0;
        room = Math.max(room - 1, 1);
      }
      // Every day up to dayEnd is settled: older moves can no longer change a reward.
      await tx.execute(sql`DELETE FROM staking_moves WHERE at < ${dayEnd.toISOString()}`);
    },
  };
}

/**
 * A bonus event whose budget ran short on the day just paid is finished: what is left is the
 * remainder of shares rounded down, which no later day could pay out.
 */
async function endSpentBonus(tx: Tx, pid: number, day: string) {
  await tx.execute(sql`
    UPDATE staking_products p SET extra_interest = jsonb_set(p.extra_interest, '{status}', '2')
    FROM staking_days d
    WHERE p.id = ${pid} AND d.product_id = p.id AND d.day = ${day} AND d.bonus_demand > d.bonus_budget`);
}

/** Standard redemptions whose day has come: from the queue to the trading wallet, less their fee. */
async function releaseRedemptions(tx: Tx, dayEnd: Date) {
  const due = rowsOf<{
    id: number;
    user_id: number;
    product_id: number;
    coin: string;
    amount: string;
    fee: string;
    account_mode: User['accountMode'];
  }>(
    await tx.execute(sql`
      SELECT r.id, r.user_id, r.product_id, r.coin, r.amount::text, r.fee::text, u.account_mode
      FROM staking_redemptions r JOIN users u ON u.id = r.user_id
      WHERE r.released_at IS NULL AND r.release_at <= ${dayEnd.toISOString()}
      ORDER BY r.id FOR UPDATE OF r`),
  );
  if (due.length === 0) return;
  const legs = new LegSet();
  for (const r of due) {
    const amount = new Decimal(r.amount);
    const fee = new Decimal(r.fee);
    legs.add(userAccount(r.user_id, redeemingWallet(r.product_id), r.coin), amount.neg());
    legs.add(userAccount(r.user_id, tradingWallet({ accountMode: r.account_mode }), r.coin), amount.minus(fee));
    legs.add(platformAccount(PlatformAccount.stakingFees, r.coin), fee);
  }
  await legs.post(tx, { kind: 'staking.release', ref: `day:${dayEnd.toISOString()}`, at: dayEnd });
  await tx.execute(sql`
    UPDATE staking_redemptions SET released_at = release_at WHERE id = ANY(${pgArray(due.map((r) => r.id))}::int[])`);
}

interface Holder {
  user_id: number;
  tier: number;
  account_mode: User['accountMode'];
  base: string;
  task_done: boolean;
}

/**
 * The product's stake accounts after user `afterUser`, in user order (`limit` of them, or all), each
 * with its base for the day: the lowest balance held through it, from the balance now and the moves
 * since the day started (a move at exactly 00:00 belongs to the day before: it is held through the
 * whole day after it). Accounts with nothing to pay on come back too, so a part knows where it ended.
 */
async function stakeAccounts(
  tx: Tx,
  pid: number,
  dayStart: Date,
  afterUser: number,
  limit: number | null,
): Promise<Holder[]> {
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  // The LIKE names the partial index ledger_accounts_staking_idx, whose predicate must appear as written.
  return rowsOf<Holder>(
    await tx.execute(sql`
      WITH chunk AS (
        SELECT id, user_id, balance FROM ledger_accounts
        WHERE wallet LIKE 'staking:%' AND wallet = ${`staking:${pid}`} AND user_id > ${afterUser}
        ORDER BY user_id LIMIT ${limit}
      ), moves AS (
        SELECT m.account_id, m.delta, m.at, m.id FROM staking_moves m JOIN chunk c ON c.id = m.account_id
        WHERE m.product_id = ${pid} AND m.at > ${dayStart.toISOString()}
      ), later AS (
        SELECT account_id, sum(delta) AS total FROM moves WHERE at >= ${dayEnd.toISOString()} GROUP BY account_id
      ), running AS (
        SELECT account_id, delta, sum(delta) OVER (PARTITION BY account_id ORDER BY at, id) AS run
        FROM moves WHERE at < ${dayEnd.toISOString()}
      ), day AS (
        SELECT account_id, sum(delta) AS total, min(run) AS low FROM running GROUP BY account_id
      )
      SELECT c.user_id, u.tier, u.account_mode,
        EXISTS (SELECT 1 FROM staking_tasks_done t WHERE t.product_id = ${pid} AND t.user_id = c.user_id
          AND t.done_at < ${dayEnd.toISOString()}) AS task_done,
        greatest(c.balance - coalesce(l.total, 0) - coalesce(d.total, 0) + least(0, coalesce(d.low, 0)), 0)::text AS base
      FROM chunk c JOIN users u ON u.id = c.user_id
      LEFT JOIN later l ON l.account_id = c.id LEFT JOIN day d ON d.account_id = c.id
      ORDER BY c.user_id`),
  );
}

/**
 * Pays up to `limit` of a regular product's stake accounts after `afterUser`; says how many it
 * examined and the last one's user. The first part of a product records the day (rate, and the bonus's
 * whole demand and budget, so every part splits the bonus against the same totals).
 */
async function payHolders(
  tx: Tx,
  product: StakingProductRow,
  dayStart: Date,
  afterUser: number,
  limit: number,
): Promise<{ examined: number; lastUser: number | undefined }> {
  const pid = product.id;
  const day = toDayString(dayStart.getTime());
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  // Prices of the day the reward is for: a reward in another coin converts at them.
  const prices = new Map(
    (await catalogueCoins(tx)).map((c) => [c.symbol, priceAt(c.symbol, c.basePrice, dayStart.getTime())]),
  );
  const convert = (amount: Decimal, to: string) =>
    to === product.coin ? amount : convertReward(amount, prices.get(product.coin) ?? ZERO, prices.get(to) ?? ZERO);
  // The day is inside the bonus event (its budget aside: every part of the day splits the same one).
  const extra = isBonusActive(product.extraInterest, dayStart.getTime()) ? product.extraInterest : null;
  // A web3-task bonus pays only holders whose task was done before the day ended.
  const demandOf = (h: Holder) =>
    extra && (product.extraInterestType === 0 || h.task_done)
      ? convert(dailyBonus(h.base, extra.interest), product.rewardCoin)
      : ZERO;

  if (afterUser === 0) {
    const demand = extra
      ? (await stakeAccounts(tx, pid, dayStart, 0, null)).reduce((sum, h) => sum.plus(demandOf(h)), ZERO)
      : null;
    const budget = extra ? bonusBudgetLeft(product) : null;
    // The trend shows the bonus as paid: scaled down when the budget runs short, none once it is spent.
    const extraRate = extra && demand && budget ? paidBonusRate(maxBonusRate(extra.interest), demand, budget) : ZERO;
    await tx.execute(sql`
      INSERT INTO staking_days (product_id, day, rate, base_rate, extra_rate, staked, paid, bonus_demand, bonus_budget)
      VALUES (${pid}, ${day}, ${product.rate}, ${product.baseRate}, ${extraRate.toFixed()}, 0, 0,
        ${demand?.toFixed() ?? null}, ${budget?.toFixed() ?? null})`);
  }
  const [days] = await tx
    .select({ demand: stakingDays.bonusDemand, budget: stakingDays.bonusBudget })
    .from(stakingDays)
    .where(and(eq(stakingDays.productId, pid), eq(stakingDays.day, day)));
  const accounts = await stakeAccounts(tx, pid, dayStart, afterUser, limit);
  const holders = accounts.filter((h) => new Decimal(h.base).gt(0));

  const legs = new LegSet();
  const rows: (string | number)[][] = [];
  let paid = ZERO;
  let staked = ZERO;
  let bonusTotal = ZERO;
  for (const h of holders) {
    const net = dailyReward({
      holding: h.base,
      rate: product.rate,
      feeRate: product.feeRate,
      vipDiscountPercent: vipDiscountPercent(product.vipConfig, h.tier),
    });
    const gross = dailyReward({ holding: h.base, rate: product.rate, feeRate: '0' });
    const reward = convert(net, product.rewardCoin);
    const fee = Decimal.max(convert(gross, product.rewardCoin).minus(reward), 0);
    const bonus = days?.demand && days.budget ? bonusShare(demandOf(h), days.demand, days.budget) : ZERO;
    const wallet = tradingWallet({ accountMode: h.account_mode });
    legs.add(userAccount(h.user_id, wallet, product.rewardCoin), reward);
    legs.add(platformAccount(PlatformAccount.stakingYield, product.rewardCoin), reward.plus(fee).neg());
    legs.add(platformAccount(PlatformAccount.stakingFees, product.rewardCoin), fee);
    if (bonus.gt(0)) {
      legs.add(userAccount(h.user_id, wallet, product.rewardCoin), bonus);
      legs.add(platformAccount(PlatformAccount.stakingYield, product.rewardCoin), bonus.neg());
    }
    paid = paid.plus(reward);
    staked = staked.plus(h.base);
    bonusTotal = bonusTotal.plus(bonus);
    rows.push([h.user_id, h.base, reward.toFixed(), bonus.toFixed()]);
  }
  await legs.post(tx, { kind: 'staking.reward', ref: `product:${pid}:${day}:${afterUser}`, at: dayEnd });
  if (rows.length) {
    const col = (i: number) => pgArray(rows.map((r) => r[i] ?? null));
    await tx.execute(sql`
      INSERT INTO staking_rewards (user_id, product_id, day, coin, base, amount, bonus)
      SELECT user_id, ${pid}, ${day}, ${product.rewardCoin}, base, amount, bonus
      FROM unnest(${col(0)}::int[], ${col(1)}::numeric[], ${col(2)}::numeric[], ${col(3)}::numeric[])
        AS v(user_id, base, amount, bonus)`);
  }
  await tx.execute(sql`
    UPDATE staking_days SET staked = staked + ${staked.toFixed()}::numeric, paid = paid + ${paid.toFixed()}::numeric
    WHERE product_id = ${pid} AND day = ${day}`);
  if (bonusTotal.gt(0)) {
    await tx.execute(
      sql`UPDATE staking_products SET bonus_paid = bonus_paid + ${bonusTotal.toFixed()}::numeric WHERE id = ${pid}`,
    );
  }
  return { examined: accounts.length, lastUser: accounts.at(-1)?.user_id };
}

/**
 * A receipt-token product's day: its rate grows by the day's APR less the fee, and the pool of coins
 * behind the tokens grows with it (rounded up, so the pool always covers every token at the rate);
 * each holder's share is recorded as their reward. Then the stakes due are minted at the new rate.
 */
async function settleReceiptProduct(tx: Tx, product: StakingProductRow, day: string, dayEnd: Date) {
  const token = product.receiptCoin as string;
  const oldRate = new Decimal(product.exchangeRate);
  const newRate = new Decimal(nextExchangeRate(oldRate, product.rate, product.feeRate));
  const step = newRate.minus(oldRate);
  const holders = rowsOf<{ user_id: number; tokens: string }>(
    await tx.execute(sql`
      SELECT user_id, sum(balance)::text AS tokens FROM ledger_accounts
      WHERE coin = ${token} AND user_id IS NOT NULL AND balance > 0 GROUP BY user_id ORDER BY user_id`),
  );
  const [issued] = rowsOf<{ tokens: string }>(
    await tx.execute(sql`
      SELECT coalesce(-sum(balance), 0)::text AS tokens FROM ledger_accounts
      WHERE coin = ${token} AND user_id IS NULL AND wallet = ${RECEIPT_ISSUER}`),
  );
  const outstanding = new Decimal(issued?.tokens ?? '0');
  const legs = new LegSet();
  const growth = roundUp(outstanding.times(step), STAKING_PLACES);
  const gross = roundUp(outstanding.times(oldRate).times(product.rate).div(365), STAKING_PLACES);
  const fee = Decimal.max(gross.minus(growth), 0);
  const pool = platformAccount(stakingPoolWallet(product.id), product.coin);
  if (growth.gt(0)) {
    legs.add(pool, growth);
    legs.add(platformAccount(PlatformAccount.stakingYield, product.coin), growth.plus(fee).neg());
    legs.add(platformAccount(PlatformAccount.stakingFees, product.coin), fee);
  }
  const rows = holders.map((h) => [h.user_id, h.tokens, roundDown(step.times(h.tokens), STAKING_PLACES).toFixed()]);
  // The stakes whose first day starts now get their tokens at the new rate.
  const due = rowsOf<{ id: number; user_id: number; amount: string; account_mode: User['accountMode'] }>(
    await tx.execute(sql`
      SELECT m.id, m.user_id, m.amount::text, u.account_mode FROM staking_mints m JOIN users u ON u.id = m.user_id
      WHERE m.product_id = ${product.id} AND m.minted_at IS NULL AND m.mint_at <= ${dayEnd.toISOString()}
      ORDER BY m.id FOR UPDATE OF m`),
  );
  const minted = due.map((m) => ({ ...m, tokens: tokensFor(m.amount, newRate) }));
  for (const m of minted) {
    legs.add(userAccount(m.user_id, pendingMintWallet(product.id), product.coin), new Decimal(m.amount).neg());
    legs.add(pool, new Decimal(m.amount));
    legs.add(platformAccount(RECEIPT_ISSUER, token), new Decimal(m.tokens).neg());
    legs.add(userAccount(m.user_id, tradingWallet({ accountMode: m.account_mode }), token), new Decimal(m.tokens));
  }
  await legs.post(tx, { kind: 'staking.reward', ref: `product:${product.id}:${day}`, at: dayEnd });
  if (minted.length) {
    await tx.execute(sql`
      UPDATE staking_mints m SET tokens = v.tokens, rate = ${newRate.toFixed()}, minted_at = ${dayEnd.toISOString()}
      FROM unnest(${pgArray(minted.map((m) => m.id))}::int[], ${pgArray(minted.map((m) => m.tokens))}::numeric[])
        AS v(id, tokens) WHERE m.id = v.id`);
  }
  if (rows.length) {
    const col = (i: number) => pgArray(rows.map((r) => r[i] ?? null));
    await tx.execute(sql`
      INSERT INTO staking_rewards (user_id, product_id, day, coin, base, amount, bonus)
      SELECT user_id, ${product.id}, ${day}, ${product.coin}, base, amount, 0
      FROM unnest(${col(0)}::int[], ${col(1)}::numeric[], ${col(2)}::numeric[]) AS v(user_id, base, amount)`);
  }
  await tx.execute(sql`
    UPDATE staking_products SET exchange_rate = ${newRate.toFixed()}, staked = staked + ${growth.toFixed()}::numeric
    WHERE id = ${product.id}`);
  await tx.execute(sql`
    INSERT INTO staking_days (product_id, day, rate, base_rate, extra_rate, staked, paid, exchange_rate)
    VALUES (${product.id}, ${day}, ${product.rate}, ${product.baseRate}, 0, ${outstanding.times(oldRate).toFixed()},
      ${growth.toFixed()}, ${newRate.toFixed()})
    ON CONFLICT DO NOTHING`);
}
