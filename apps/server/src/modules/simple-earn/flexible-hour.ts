import { ALL_ASSET, autoEarnSweepAmount, Decimal, HOUR_MS, SUBSCRIBE_PLACES } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { Job } from '../../jobs/scheduler.js';
import { ensureAccounts, platformAccount } from '../../ledger/accounts.js';
import { postSet } from '../../ledger/post-set.js';
import { priceAt } from '../market/price-walk.js';
import { listCoins } from '../market/repo.js';
import { shrinkKeptToBalances } from './auto-earn-kept.js';
import { clearingQuery } from './clearing-sql.js';
import { type BorrowDemandSource, clearingDemandAt } from './demand.js';
import { type FlexibleMarket, isAwardOpen, listMarkets } from './markets.js';
import { MODE_AUTO_EARN, subscribeIn } from './subscribe-flexible.js';

/** Platform accounts of flexible lending, per coin. */
export const FlexiblePlatform = {
  /** The borrowers' side: pays the interest and the fee. */
  borrowers: 'platform:flexible_borrowers',
  /** The platform's service-fee income. */
  fees: 'platform:flexible_fees',
  /** Funds the award pool and ladder bonuses. */
  bonuses: 'platform:earn_bonuses',
} as const;

/**
 * The flexible engine's hour, run once per hour by the scheduler for the period [P, P+1h), at P+1h:
 * 1. settle hour P: interest on what was lent (compounded into positions), the borrowers' fee,
 *    award-pool and ladder bonuses, and the redemptions frozen during P paid out;
 * 2. auto-earn: idle balances of coins with auto-earn on are subscribed (stamped P+1h);
 * 3. clear hour P+1h from the book as it stood at P+1h.
 */
export function flexibleHourJob(demand: BorrowDemandSource): Job {
  return {
    name: 'simple-earn.flexible-hour',
    period: 'hour',
    async run(tx, periodStart) {
      const boundary = new Date(periodStart.getTime() + HOUR_MS);
      const markets = (await listMarkets(tx)).filter((m) => m.isOpen);
      if (markets.length === 0) return;
      await lockPositions(tx, markets);
      await settleHour(tx, periodStart, markets);
      await sweepAutoEarn(tx, boundary, markets);
      await clearHour(tx, boundary, markets, demand);
    },
  };
}

/**
 * The global lock order (README, "Lock order"): positions before ledger accounts, each in id order.
 * The hour books interest into ledger accounts before it updates positions, so it takes every
 * position's lock first; a user's call that already holds one finishes first, and one that comes
 * later waits for the hour instead of deadlocking against it.
 */
async function lockPositions(tx: Executor, markets: readonly FlexibleMarket[]) {
  await tx.execute(sql`
    SELECT id FROM flexible_positions WHERE coin IN (${sql.join(
      markets.map((m) => sql`${m.coin}`),
      sql`, `,
    )}) ORDER BY id FOR UPDATE`);
}

export async function clearHour(
  tx: Executor,
  boundary: Date,
  markets: readonly FlexibleMarket[],
  demand: BorrowDemandSource,
) {
  // One query at a time: a transaction is one connection.
  const demands = [];
  for (const m of markets) demands.push(await clearingDemandAt(demand, tx, m, boundary.getTime()));
  const b = boundary.toISOString();
  await tx.execute(sql`
    INSERT INTO flexible_allocations (position_id, hour, user_id, coin, offered, lent, rate, reason)
    SELECT position_id, ${b}::timestamptz, user_id, coin, offered, lent, rate, reason FROM (${clearingQuery(boundary, demands)}) c`);
  await tx.execute(sql`
    UPDATE flexible_positions p SET lend_hour = ${b}::timestamptz, lend_amount = COALESCE(a.lent, 0)
    FROM flexible_positions p2 LEFT JOIN flexible_allocations a ON a.position_id = p2.id AND a.hour = ${b}::timestamptz
    WHERE p.id = p2.id`);
  for (const d of demands) {
    await tx.execute(sql`
      INSERT INTO flexible_hours (coin, hour, rate, demand, max_rate, supply, lent, lend_ratio)
      SELECT ${d.coin}, ${b}::timestamptz,
        CASE WHEN coalesce(sum(lent), 0) > 0 THEN max(rate) ELSE 0 END,
        ${d.amount.toFixed()}::numeric, ${d.bid.toFixed()}::numeric,
        coalesce(sum(offered), 0), coalesce(sum(lent), 0),
        CASE WHEN coalesce(sum(offered), 0) > 0 THEN trunc(coalesce(sum(lent), 0) / sum(offered), 18) ELSE 0 END
      FROM flexible_allocations WHERE hour = ${b}::timestamptz AND coin = ${d.coin}`);
  }
}

export async function settleHour(tx: Executor, hour: Date, markets: readonly FlexibleMarket[]) {
  const h = hour.toISOString();
  const paidAt = new Date(hour.getTime() + HOUR_MS);
  await tx.execute(sql`
    UPDATE flexible_allocations SET interest = trunc((lent * rate)::numeric(60,30) / 8760, 8)
    WHERE hour = ${h}::timestamptz AND lent > 0`);
  const coins = markets.map((m) => m.coin);
  await ensureAccounts(
    tx,
    coins.flatMap((c) => [platformAccount(FlexiblePlatform.borrowers, c), platformAccount(FlexiblePlatform.fees, c)]),
  );
  // One journal entry for the hour: each lender's interest, what borrowers pay (interest + fee), the fee.
  const fees = sql`
    SELECT a.coin, sum(a.interest) AS interest, trunc(sum(a.interest) * m.fee_rate, 8) AS fee
    FROM flexible_allocations a JOIN flexible_markets m ON m.coin = a.coin
    WHERE a.hour = ${h}::timestamptz GROUP BY a.coin, m.fee_rate`;
  await postSet(tx, {
    kind: 'flexible.interest',
    ref: `hour:${h}`,
    at: paidAt,
    legs: sql`
      SELECT p.account_id, a.coin, a.interest AS amount
      FROM flexible_allocations a JOIN flexible_positions p ON p.id = a.position_id
      WHERE a.hour = ${h}::timestamptz AND a.interest > 0
      UNION ALL
      SELECT la.id, f.coin, -(f.interest + f.fee) FROM (${fees}) f
      JOIN ledger_accounts la ON la.user_id IS NULL AND la.wallet = ${FlexiblePlatform.borrowers} AND la.coin = f.coin
      UNION ALL
      SELECT la.id, f.coin, f.fee FROM (${fees}) f
      JOIN ledger_accounts la ON la.user_id IS NULL AND la.wallet = ${FlexiblePlatform.fees} AND la.coin = f.coin`,
  });
  await tx.execute(sql`
    UPDATE flexible_positions p SET last_interest = coalesce(a.interest, 0),
      cumulative_interest = p.cumulative_interest + coalesce(a.interest, 0)
    FROM flexible_positions p2 LEFT JOIN flexible_allocations a ON a.position_id = p2.id AND a.hour = ${h}::timestamptz
    WHERE p.id = p2.id AND p.coin IN (${sql.join(
      coins.map((c) => sql`${c}`),
      sql`, `,
    )})`);
  await tx.execute(sql`
    INSERT INTO earn_history (user_id, product, type, mode, coin, amount, principal, rate, at)
    SELECT user_id, 'flexible', 3, 0, coin, interest, lent, rate, ${paidAt.toISOString()}::timestamptz
    FROM flexible_allocations WHERE hour = ${h}::timestamptz AND interest > 0`);
  await tx.execute(sql`
    UPDATE flexible_hours fh SET interest_paid = t.interest, fee_paid = t.fee
    FROM (${fees}) t WHERE fh.coin = t.coin AND fh.hour = ${h}::timestamptz`);
  await payBonuses(tx, hour, markets);
  await tx.execute(sql`DELETE FROM flexible_hour_lows WHERE hour <= ${h}::timestamptz`);
  await payOutRedemptions(tx, paidAt);
}

/** Prices of every coin at an instant, for converting bonuses between coins. */
async function pricesAt(tx: Executor, atMs: number): Promise<Map<string, Decimal>> {
  return new Map((await listCoins(tx)).map((c) => [c.symbol, priceAt(c.symbol, c.basePrice, atMs)]));
}

/**
 * Award pool (extra APR on up to the per-user limit, while open) and ladder bonus (each tier's APR
 * on the part of the holding inside it), on what each position held through the hour (what was in
 * the hour's book, less what was redeemed during it), paid in the bonus coin at the hour's prices,
 * to the user's trading wallet.
 */
async function payBonuses(tx: Executor, hour: Date, markets: readonly FlexibleMarket[]) {
  const h = hour.toISOString();
  const paidAt = new Date(hour.getTime() + HOUR_MS).toISOString();
  const prices = await pricesAt(tx, hour.getTime());
  const ratio = (from: string, to: string) => {
    const target = prices.get(to);
    return target && !target.isZero() ? (prices.get(from) ?? new Decimal(0)).div(target).toFixed(18) : '0';
  };
  // What was held through the hour: what was offered at its start, less any redemption during it.
  const lowOfHour = sql`LEFT JOIN flexible_hour_lows lo ON lo.position_id = a.position_id AND lo.hour = a.hour`;
  const heldThrough = sql`LEAST(a.offered, coalesce(lo.low, a.offered))`;
  const parts: ReturnType<typeof sql>[] = [];
  for (const m of markets) {
    if (isAwardOpen(m, hour.getTime()) && m.awardAsset && new Decimal(m.awardRate).gt(0)) {
      parts.push(sql`
        SELECT a.user_id, ${m.awardAsset}::text AS bonus_coin, a.coin,
          trunc((LEAST(${heldThrough}, ${m.awardLimit}::numeric) * ${m.awardRate}::numeric * ${ratio(m.coin, m.awardAsset)}::numeric)::numeric(60,30) / 8760, 8) AS bonus
        FROM flexible_allocations a ${lowOfHour} WHERE a.hour = ${h}::timestamptz AND a.coin = ${m.coin}`);
    }
    if (m.ladderApr.length > 0) {
      const asset = m.ladderAsset ?? m.coin;
      parts.push(sql`
        SELECT a.user_id, ${asset}::text AS bonus_coin, a.coin,
          trunc((sum(GREATEST(0, LEAST(${heldThrough}, (t->>'right')::numeric) - (t->>'left')::numeric) * (t->>'apr')::numeric)
            * ${ratio(m.coin, asset)}::numeric)::numeric(60,30) / 8760, 8) AS bonus
        FROM flexible_allocations a ${lowOfHour} CROSS JOIN jsonb_array_elements(${JSON.stringify(m.ladderApr)}::jsonb) t
        WHERE a.hour = ${h}::timestamptz AND a.coin = ${m.coin}
        GROUP BY a.user_id, a.coin, a.position_id`);
    }
  }
  if (parts.length === 0) return;
  await tx.execute(
    sql`CREATE TEMP TABLE IF NOT EXISTS hour_bonuses (user_id int, bonus_coin text, coin text, bonus numeric) ON COMMIT DROP`,
  );
  await tx.execute(sql`DELETE FROM hour_bonuses`);
  await tx.execute(
    sql`INSERT INTO hour_bonuses SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) b WHERE b.bonus > 0`,
  );
  // Trading wallets that will receive a bonus, and the bonus source accounts, must exist.
  await tx.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin)
    SELECT DISTINCT hb.user_id, CASE WHEN u.account_mode = 'classic' THEN 'spot' ELSE 'unified' END, hb.bonus_coin
    FROM hour_bonuses hb JOIN users u ON u.id = hb.user_id
    ON CONFLICT DO NOTHING`);
  const bonusCoins = rowsOf<{ bonus_coin: string }>(
    await tx.execute(sql`SELECT DISTINCT bonus_coin FROM hour_bonuses`),
  );
  if (bonusCoins.length === 0) return;
  await ensureAccounts(
    tx,
    bonusCoins.map((r) => platformAccount(FlexiblePlatform.bonuses, r.bonus_coin)),
  );
  await postSet(tx, {
    kind: 'flexible.bonus',
    ref: `hour:${h}`,
    at: new Date(paidAt),
    legs: sql`
      SELECT la.id AS account_id, t.bonus_coin AS coin, t.total AS amount
      FROM (SELECT hb.user_id, hb.bonus_coin, sum(hb.bonus) AS total FROM hour_bonuses hb GROUP BY hb.user_id, hb.bonus_coin) t
      JOIN users u ON u.id = t.user_id
      JOIN ledger_accounts la ON la.user_id = t.user_id AND la.coin = t.bonus_coin
        AND la.wallet = CASE WHEN u.account_mode = 'classic' THEN 'spot' ELSE 'unified' END
      UNION ALL
      SELECT la.id, t.bonus_coin, -t.total FROM (SELECT bonus_coin, sum(bonus) AS total FROM hour_bonuses GROUP BY bonus_coin) t
      JOIN ledger_accounts la ON la.user_id IS NULL AND la.wallet = ${FlexiblePlatform.bonuses} AND la.coin = t.bonus_coin`,
  });
  await tx.execute(sql`
    INSERT INTO earn_history (user_id, product, type, mode, coin, amount, bonus_asset, at)
    SELECT user_id, 'flexible', 4, 0, coin, sum(bonus), bonus_coin, ${paidAt}::timestamptz
    FROM hour_bonuses GROUP BY user_id, coin, bonus_coin`);
}

/** Redemptions frozen during the hour are paid to the user's trading wallet when it settles. */
async function payOutRedemptions(tx: Executor, at: Date) {
  await tx.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin)
    SELECT r.user_id, CASE WHEN u.account_mode = 'classic' THEN 'spot' ELSE 'unified' END, r.coin
    FROM ledger_accounts r JOIN users u ON u.id = r.user_id
    WHERE r.wallet = 'flexible_redeeming' AND r.balance > 0
    ON CONFLICT DO NOTHING`);
  await postSet(tx, {
    kind: 'flexible.redeem_payout',
    at,
    legs: sql`
      SELECT r.id AS account_id, r.coin, -r.balance AS amount
      FROM ledger_accounts r WHERE r.wallet = 'flexible_redeeming' AND r.balance > 0
      UNION ALL
      SELECT w.id, r.coin, r.balance
      FROM ledger_accounts r JOIN users u ON u.id = r.user_id
      JOIN ledger_accounts w ON w.user_id = r.user_id AND w.coin = r.coin
        AND w.wallet = CASE WHEN u.account_mode = 'classic' THEN 'spot' ELSE 'unified' END
      WHERE r.wallet = 'flexible_redeeming' AND r.balance > 0`,
  });
}

/**
 * Before each clearing, idle balances of coins with auto-earn on (a coin's own switch, else the
 * all-coins one) are subscribed: the trading wallet less what is borrowed and less what redemptions
 * paid out while auto-earn stayed on, rounded down to 6 places, when it reaches the product minimum
 * (the domain's autoEarnSweepAmount). VIP users have no auto-earn.
 */
export async function sweepAutoEarn(tx: Executor, at: Date, markets: readonly FlexibleMarket[]) {
  const byCoin = new Map(markets.map((m) => [m.coin, m]));
  await shrinkKeptToBalances(tx);
  const idle = rowsOf<{
    user_id: number;
    account_mode: 'classic' | 'multi_currency' | 'single_currency';
    coin: string;
    balance: string;
    loan: string;
    kept: string;
  }>(
    await tx.execute(sql`
      SELECT u.id AS user_id, u.account_mode, w.coin, w.balance::text,
        coalesce(l.amount, 0)::text AS loan, coalesce(k.kept, 0)::text AS kept
      FROM users u
      JOIN ledger_accounts w ON w.user_id = u.id
        AND w.wallet = CASE WHEN u.account_mode = 'classic' THEN 'spot' ELSE 'unified' END
      LEFT JOIN auto_invest own ON own.user_id = u.id AND own.asset = w.coin
      LEFT JOIN auto_invest every ON every.user_id = u.id AND every.asset = ${ALL_ASSET}
      LEFT JOIN user_loans l ON l.user_id = u.id AND l.coin = w.coin
      LEFT JOIN auto_earn_redeemed k ON k.user_id = u.id AND k.coin = w.coin
      WHERE u.tier < 5 AND w.balance > 0 AND coalesce(own.status, every.status, 0) = 1
        AND u.id IN (SELECT user_id FROM auto_invest WHERE status = 1)
      ORDER BY u.id, w.coin`),
  );
  for (const row of idle) {
    const market = byCoin.get(row.coin);
    if (!market) continue;
    const amount = autoEarnSweepAmount({
      balance: row.balance,
      loan: row.loan,
      redeemedKept: row.kept,
      minLendAmount: market.minLendAmount,
      places: SUBSCRIBE_PLACES,
    });
    if (amount.isZero()) continue;
    await subscribeIn(tx, { id: row.user_id, accountMode: row.account_mode }, market, amount, at, MODE_AUTO_EARN);
  }
}
