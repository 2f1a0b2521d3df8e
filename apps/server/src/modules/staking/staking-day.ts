import {
  allocateBonus,
  convertReward,
  DAY_MS,
  Decimal,
  dailyBonus,
  dailyReward,
  maxBonusRate,
  nextExchangeRate,
  roundDown,
  roundUp,
  STAKING_PLACES,
  toDayString,
  tokensFor,
  vipDiscountPercent,
  ZERO,
} from '@earn/domain';
import { eq, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { stakingProducts } from '../../db/schema.js';
import type { Job } from '../../jobs/scheduler.js';
import { PlatformAccount, platformAccount, userAccount } from '../../ledger/accounts.js';
import { LegSet } from '../../ledger/leg-set.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { priceAt } from '../market/price-walk.js';
import { catalogueCoins } from '../market/repo.js';
import {
  bonusActive,
  isReceiptProduct,
  pendingMintWallet,
  RECEIPT_ISSUER,
  redeemingWallet,
  type StakingProductRow,
  stakingPoolWallet,
} from './products.js';

/**
 * The staking day: at 00:00 UTC it settles the day that ended, exactly once (the scheduler records
 * it). It releases the standard redemptions due, then pays each product's holders for the day on the
 * lowest balance they held through it (so a stake made during the day, or one not yet counted under
 * the product's reward delay, earns nothing that day, and coins being redeemed earn nothing):
 * dailyReward of the domain, the extra bonus tiers within the event's budget, converted at the day's
 * prices when the reward coin differs. Payouts go to each holder's trading wallet in one posting set.
 */
export const stakingDayJob: Job = {
  name: 'staking-day',
  period: 'day',
  async run(tx, dayStart) {
    const dayEnd = new Date(dayStart.getTime() + DAY_MS);
    // Products first (the lock order: a stake or redemption locks its product, then ledger accounts).
    const products = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`SELECT id FROM staking_products ORDER BY id FOR UPDATE`),
    );
    await releaseRedemptions(tx, dayEnd);
    for (const { id } of products) await settleProduct(tx, Number(id), dayStart, dayEnd);
    // Every day up to dayEnd is settled: older moves can no longer change a reward.
    await tx.execute(sql`DELETE FROM staking_moves WHERE at < ${dayEnd.toISOString()}`);
  },
};

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
 * Each holder's base for the day: the lowest balance held through it, from the balance now and the
 * moves since the day started (a move at exactly 00:00 belongs to the day before: it is held through
 * the whole day after it).
 */
async function holdersOf(tx: Tx, pid: number, dayStart: Date, dayEnd: Date): Promise<Holder[]> {
  return rowsOf<Holder>(
    await tx.execute(sql`
      WITH moves AS (
        SELECT account_id, delta, at, id FROM staking_moves WHERE product_id = ${pid} AND at > ${dayStart.toISOString()}
      ), later AS (
        SELECT account_id, sum(delta) AS total FROM moves WHERE at >= ${dayEnd.toISOString()} GROUP BY account_id
      ), running AS (
        SELECT account_id, delta, sum(delta) OVER (PARTITION BY account_id ORDER BY at, id) AS run
        FROM moves WHERE at < ${dayEnd.toISOString()}
      ), day AS (
        SELECT account_id, sum(delta) AS total, min(run) AS low FROM running GROUP BY account_id
      )
      SELECT a.user_id, u.tier, u.account_mode,
        EXISTS (SELECT 1 FROM staking_tasks_done t WHERE t.product_id = ${pid} AND t.user_id = a.user_id
          AND t.done_at < ${dayEnd.toISOString()}) AS task_done,
        (a.balance - coalesce(l.total, 0) - coalesce(d.total, 0) + least(0, coalesce(d.low, 0)))::text AS base
      FROM ledger_accounts a JOIN users u ON u.id = a.user_id
      LEFT JOIN later l ON l.account_id = a.id LEFT JOIN day d ON d.account_id = a.id
      WHERE a.wallet = ${`staking:${pid}`} AND a.user_id IS NOT NULL
        AND a.balance - coalesce(l.total, 0) - coalesce(d.total, 0) + least(0, coalesce(d.low, 0)) > 0
      ORDER BY a.user_id`),
  );
}

async function settleProduct(tx: Tx, pid: number, dayStart: Date, dayEnd: Date) {
  const day = toDayString(dayStart.getTime());
  const [product] = await tx.select().from(stakingProducts).where(eq(stakingProducts.id, pid));
  if (!product) return;
  if (isReceiptProduct(product)) return settleReceiptProduct(tx, product, day, dayEnd);
  const holders = await holdersOf(tx, pid, dayStart, dayEnd);
  const bonusOn = bonusActive(product, dayStart.getTime()) && product.extraInterest !== null;
  const extra = product.extraInterest;
  // Prices of the day the reward is for: a reward in another coin converts at them.
  const prices = new Map(
    (await catalogueCoins(tx)).map((c) => [c.symbol, priceAt(c.symbol, c.basePrice, dayStart.getTime())]),
  );
  const convert = (amount: Decimal, to: string) =>
    to === product.coin ? amount : convertReward(amount, prices.get(product.coin) ?? ZERO, prices.get(to) ?? ZERO);
  // A web3-task bonus pays only holders whose task was done before the day ended.
  const bonusDemand = holders.map((h) =>
    bonusOn && extra && (product.extraInterestType === 0 || h.task_done)
      ? convert(dailyBonus(h.base, extra.interest), product.rewardCoin)
      : ZERO,
  );
  const budget = extra ? Decimal.max(new Decimal(extra.max_interest).minus(product.bonusPaid), 0) : ZERO;
  const bonuses = allocateBonus(bonusDemand, budget);

  const legs = new LegSet();
  const rows: (string | number)[][] = [];
  let paid = ZERO;
  let staked = ZERO;
  let bonusTotal = ZERO;
  holders.forEach((h, i) => {
    const net = dailyReward({
      holding: h.base,
      rate: product.rate,
      feeRate: product.feeRate,
      vipDiscountPercent: vipDiscountPercent(product.vipConfig, h.tier),
    });
    const gross = dailyReward({ holding: h.base, rate: product.rate, feeRate: '0' });
    const reward = convert(net, product.rewardCoin);
    const fee = Decimal.max(convert(gross, product.rewardCoin).minus(reward), 0);
    const bonus = bonuses[i] ?? ZERO;
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
  });
  await legs.post(tx, { kind: 'staking.reward', ref: `product:${pid}:${day}`, at: dayEnd });
  if (rows.length) {
    const col = (i: number) => pgArray(rows.map((r) => r[i] ?? null));
    await tx.execute(sql`
      INSERT INTO staking_rewards (user_id, product_id, day, coin, base, amount, bonus)
      SELECT user_id, ${pid}, ${day}, ${product.rewardCoin}, base, amount, bonus
      FROM unnest(${col(0)}::int[], ${col(1)}::numeric[], ${col(2)}::numeric[], ${col(3)}::numeric[])
        AS v(user_id, base, amount, bonus)`);
  }
  const extraRate = bonusOn && extra ? maxBonusRate(extra.interest) : ZERO;
  await tx.execute(sql`
    INSERT INTO staking_days (product_id, day, rate, base_rate, extra_rate, staked, paid)
    VALUES (${pid}, ${day}, ${product.rate}, ${product.baseRate}, ${extraRate.toFixed()}, ${staked.toFixed()}, ${paid.toFixed()})
    ON CONFLICT DO NOTHING`);
  if (bonusTotal.gt(0)) {
    await tx.execute(
      sql`UPDATE staking_products SET bonus_paid = bonus_paid + ${bonusTotal.toFixed()}::numeric WHERE id = ${pid}`,
    );
  }
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
