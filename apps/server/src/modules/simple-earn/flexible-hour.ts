import { Decimal, HOUR_MS } from '@earn/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { Job } from '../../jobs/scheduler.js';
import { ensureAccounts, platformAccount } from '../../ledger/accounts.js';
import { postSet } from '../../ledger/post-set.js';
import { tradingWalletOf } from '../account/me.js';
import { priceAt } from '../market/price-walk.js';
import { listCoins } from '../market/repo.js';
import { sweepAutoEarn } from './auto-earn-sweep.js';
import { clearingQuery } from './clearing-sql.js';
import { type BorrowDemandSource, clearingDemandAt } from './demand.js';
import { type FlexibleMarket, isAwardOpen, listMarkets } from './markets.js';
import { MODE_REDEEM_SPOT, MODE_REDEEM_UNIFIED } from './redeem-flexible.js';

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
 * How many positions one transaction of the hour settles: a user's call waits for at most one batch.
 * At 100,000 positions a batch takes about 0.2 s; the p99 of subscriptions during the hour stayed at
 * 20 to 75 ms (about 290 ms with batches of 5,000 before a batch read its interest once). Batches of
 * 2,000 made the hour about 15% longer for no better p99.
 */
export const SETTLE_BATCH = 4_000;

/**
 * The flexible engine's hour, run by the scheduler for the period [P, P+1h), at P+1h, in several
 * transactions so that no user waits for more than one of them:
 * 1. settle hour P in batches of positions (by id): interest on what was lent, compounded into
 *    each position's account and paid by the borrowers, award-pool and ladder bonuses;
 * 2. then, in one last transaction: the service fee on the hour's whole interest; the redemptions
 *    frozen during P paid out; auto-earn (idle balances of coins with auto-earn on subscribed,
 *    stamped P+1h); hour P+1h cleared from the book as it stood at P+1h.
 * It writes no position (what one has earned is its balance less what was put in), and no row for
 * a position that offered nothing.
 */
export function flexibleHourJob(demand: BorrowDemandSource, batchSize = SETTLE_BATCH): Job {
  return {
    name: 'simple-earn.flexible-hour',
    period: 'hour',
    async run(tx, periodStart, resumeFrom) {
      const markets = (await listMarkets(tx)).filter((m) => m.isOpen);
      if (markets.length === 0) return;
      const last = await settleBatch(tx, periodStart, markets, resumeFrom ?? 0, batchSize);
      if (last !== undefined) return { resumeFrom: last };
      const boundary = new Date(periodStart.getTime() + HOUR_MS);
      // The clearing sorts the whole book: in memory, not in files on disk.
      await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
      await chargeFees(tx, periodStart, markets);
      await tx.execute(sql`DELETE FROM flexible_hour_lows WHERE hour <= ${periodStart.toISOString()}::timestamptz`);
      await payOutRedemptions(tx, boundary);
      await sweepAutoEarn(tx, boundary, markets);
      await clearHour(tx, boundary, markets, demand);
    },
  };
}

/**
 * The clearing of the hour starting at `boundary`, in one statement that locks no position: one
 * allocation row per position that offered anything (the book as it stood then), and each coin's
 * hour summed from the rows written.
 */
export async function clearHour(
  tx: Executor,
  boundary: Date,
  markets: readonly FlexibleMarket[],
  demand: BorrowDemandSource,
) {
  // The borrowers' accounts the hour's interest is paid from, once, before any of its batches.
  await ensureAccounts(
    tx,
    markets.map((m) => platformAccount(FlexiblePlatform.borrowers, m.coin)),
  );
  // One query at a time: a transaction is one connection.
  const demands = [];
  for (const m of markets) demands.push(await clearingDemandAt(demand, tx, m, boundary.getTime()));
  const b = boundary.toISOString();
  const coins = `{${demands.map((d) => d.coin).join(',')}}`;
  const amounts = `{${demands.map((d) => d.amount.toFixed()).join(',')}}`;
  const bids = `{${demands.map((d) => d.bid.toFixed()).join(',')}}`;
  await tx.execute(sql`
    WITH allocated AS (
      INSERT INTO flexible_allocations (position_id, hour, user_id, account_id, coin, offered, lent, rate, reason)
      SELECT position_id, ${b}::timestamptz, user_id, account_id, coin, offered, lent, rate, reason
      FROM (${clearingQuery(boundary, demands)}) c
      RETURNING coin, offered, lent, rate
    )
    INSERT INTO flexible_hours (coin, hour, rate, demand, max_rate, supply, lent, lend_ratio)
    SELECT d.coin, ${b}::timestamptz,
      CASE WHEN coalesce(a.lent, 0) > 0 THEN a.rate ELSE 0 END, d.amount, d.bid,
      coalesce(a.offered, 0), coalesce(a.lent, 0),
      CASE WHEN coalesce(a.offered, 0) > 0 THEN trunc(a.lent / a.offered, 18) ELSE 0 END
    FROM unnest(${coins}::text[], ${amounts}::numeric[], ${bids}::numeric[]) AS d(coin, amount, bid)
    LEFT JOIN (
      SELECT coin, max(rate) AS rate, sum(offered) AS offered, sum(lent) AS lent FROM allocated GROUP BY coin
    ) a ON a.coin = d.coin`);
}

/**
 * Settles the next batch of hour P's allocations after position `after`, in one transaction: one
 * journal entry for the batch (each lender's interest compounded into the position's account, paid
 * by the borrowers), the hour's interest total and how far it is paid, and the batch's bonuses. No
 * position is written (what one has earned is its balance less what was put in). Returns the last
 * position settled, or undefined when none was left.
 */
export async function settleBatch(
  tx: Executor,
  hour: Date,
  markets: readonly FlexibleMarket[],
  after: number,
  batchSize: number,
): Promise<number | undefined> {
  const h = hour.toISOString();
  const paying = markets.filter((m) => paysAward(m, hour.getTime()) || paysLadder(m));
  const bonusCoins = `{${paying.map((m) => m.coin).join(',')}}`;
  // The batch, and whether any of its positions is in a coin that pays a bonus this hour. Its
  // positions in the coins bonuses are paid in are locked first, in id order: a user's subscription
  // or redemption in such a coin locks its position, then the wallet and the position's account;
  // the batch books interest into those accounts, then bonuses into those wallets, so without the
  // position lock each would wait on the other (the README's lock order).
  const bonusAssets = `{${[...new Set(paying.flatMap((m) => bonusAssetsOf(m, hour.getTime())))].join(',')}}`;
  const [batch] = rowsOf<{ last: number | null; bonus: boolean | null }>(
    await tx.execute(sql`
      WITH b AS (
        SELECT position_id, coin FROM flexible_allocations WHERE hour = ${h}::timestamptz AND position_id > ${after}
        ORDER BY position_id LIMIT ${batchSize}
      ), locked AS (
        SELECT p.id FROM flexible_positions p
        WHERE p.id IN (SELECT position_id FROM b WHERE coin = ANY(${bonusAssets}::text[])) ORDER BY p.id FOR UPDATE
      )
      SELECT max(position_id) AS last, bool_or(coin = ANY(${bonusCoins}::text[])) AS bonus,
        (SELECT count(*) FROM locked) AS locked
      FROM b`),
  );
  if (batch?.last == null) return undefined;
  const inBatch = sql`a.hour = ${h}::timestamptz AND a.position_id > ${after} AND a.position_id <= ${batch.last}`;
  const paidAt = new Date(hour.getTime() + HOUR_MS);
  // The batch's interest, read once by the legs and the hour's total.
  const earned = sql`earned AS MATERIALIZED (
    SELECT a.user_id, a.account_id, a.coin, a.interest, a.lent, a.rate FROM flexible_allocations a
    WHERE ${inBatch} AND a.interest > 0)`;
  const interestByCoin = sql`SELECT coin, sum(interest) AS interest FROM earned GROUP BY coin`;
  await postSet(tx, {
    kind: 'flexible.interest',
    ref: `hour:${h}`,
    at: paidAt,
    given: [earned],
    legs: sql`
      SELECT account_id, coin, interest AS amount FROM earned
      UNION ALL
      SELECT la.id, t.coin, -t.interest FROM (${interestByCoin}) t
      JOIN ledger_accounts la ON la.user_id IS NULL AND la.wallet = ${FlexiblePlatform.borrowers} AND la.coin = t.coin`,
    // The hour's interest total, and how far it is paid (which makes the allocations paid history,
    // see interest-history.ts), in the posting's own statement.
    alongside: [
      sql`UPDATE flexible_hours fh SET interest_paid = fh.interest_paid + t.interest, paid_through = ${batch.last}
        FROM (${interestByCoin}) t WHERE fh.coin = t.coin AND fh.hour = ${h}::timestamptz`,
    ],
  });
  if (batch.bonus) await payBonuses(tx, hour, markets, inBatch);
  return batch.last;
}

/**
 * The platform's service fee on the hour's whole interest (the domain's serviceFee: rounded down
 * to 8 places), paid by the borrowers, once the hour's batches have all paid their interest.
 */
async function chargeFees(tx: Executor, hour: Date, markets: readonly FlexibleMarket[]) {
  const h = hour.toISOString();
  await ensureAccounts(
    tx,
    markets.flatMap((m) => [
      platformAccount(FlexiblePlatform.borrowers, m.coin),
      platformAccount(FlexiblePlatform.fees, m.coin),
    ]),
  );
  await tx.execute(sql`
    UPDATE flexible_hours fh SET fee_paid = trunc(fh.interest_paid * m.fee_rate, 8), settled = true
    FROM flexible_markets m WHERE m.coin = fh.coin AND fh.hour = ${h}::timestamptz`);
  await postSet(tx, {
    kind: 'flexible.fee',
    ref: `hour:${h}`,
    at: new Date(hour.getTime() + HOUR_MS),
    legs: sql`
      SELECT la.id AS account_id, fh.coin, -fh.fee_paid AS amount FROM flexible_hours fh
      JOIN ledger_accounts la ON la.user_id IS NULL AND la.wallet = ${FlexiblePlatform.borrowers} AND la.coin = fh.coin
      WHERE fh.hour = ${h}::timestamptz
      UNION ALL
      SELECT la.id, fh.coin, fh.fee_paid FROM flexible_hours fh
      JOIN ledger_accounts la ON la.user_id IS NULL AND la.wallet = ${FlexiblePlatform.fees} AND la.coin = fh.coin
      WHERE fh.hour = ${h}::timestamptz`,
  });
}

/** Prices of every coin at an instant, for converting bonuses between coins. */
async function pricesAt(tx: Executor, atMs: number): Promise<Map<string, Decimal>> {
  return new Map((await listCoins(tx)).map((c) => [c.symbol, priceAt(c.symbol, c.basePrice, atMs)]));
}

/** The award pool pays this hour: open, in a coin, at a positive rate. */
function paysAward(m: FlexibleMarket, atMs: number): boolean {
  return isAwardOpen(m, atMs) && m.awardAsset !== null && new Decimal(m.awardRate).gt(0);
}

function paysLadder(m: FlexibleMarket): boolean {
  return m.ladderApr.length > 0;
}

/** The coins a market's bonuses of the hour are paid in. */
function bonusAssetsOf(m: FlexibleMarket, atMs: number): string[] {
  return [
    ...(paysAward(m, atMs) && m.awardAsset ? [m.awardAsset] : []),
    ...(paysLadder(m) ? [m.ladderAsset ?? m.coin] : []),
  ];
}

/**
 * Award pool (extra APR on up to the per-user limit, while open) and ladder bonus (each tier's APR
 * on the part of the holding inside it), on what each position held through the hour (what was in
 * the hour's book, less what left it during the hour: a redemption's frozen part stays lent until
 * the hour's end and counts, see recordHourLow), paid in the bonus coin at the hour's prices,
 * to the user's trading wallet.
 */
async function payBonuses(tx: Executor, hour: Date, markets: readonly FlexibleMarket[], inBatch: SQL) {
  const h = hour.toISOString();
  const paidAt = new Date(hour.getTime() + HOUR_MS).toISOString();
  const prices = await pricesAt(tx, hour.getTime());
  const ratio = (from: string, to: string) => {
    const target = prices.get(to);
    return target && !target.isZero() ? (prices.get(from) ?? new Decimal(0)).div(target).toFixed(18) : '0';
  };
  // What was held through the hour: what was offered at its start, less what left it during the hour.
  const lowOfHour = sql`LEFT JOIN flexible_hour_lows lo ON lo.position_id = a.position_id AND lo.hour = a.hour`;
  const heldThrough = sql`LEAST(a.offered, coalesce(lo.low, a.offered))`;
  const parts: ReturnType<typeof sql>[] = [];
  for (const m of markets) {
    if (paysAward(m, hour.getTime()) && m.awardAsset) {
      parts.push(sql`
        SELECT a.user_id, ${m.awardAsset}::text AS bonus_coin, a.coin,
          trunc((LEAST(${heldThrough}, ${m.awardLimit}::numeric) * ${m.awardRate}::numeric * ${ratio(m.coin, m.awardAsset)}::numeric)::numeric(60,30) / 8760, 8) AS bonus
        FROM flexible_allocations a ${lowOfHour} WHERE ${inBatch} AND a.coin = ${m.coin}`);
    }
    if (paysLadder(m)) {
      const asset = m.ladderAsset ?? m.coin;
      parts.push(sql`
        SELECT a.user_id, ${asset}::text AS bonus_coin, a.coin,
          trunc((sum(GREATEST(0, LEAST(${heldThrough}, (t->>'right')::numeric) - (t->>'left')::numeric) * (t->>'apr')::numeric)
            * ${ratio(m.coin, asset)}::numeric)::numeric(60,30) / 8760, 8) AS bonus
        FROM flexible_allocations a ${lowOfHour} CROSS JOIN jsonb_array_elements(${JSON.stringify(m.ladderApr)}::jsonb) t
        WHERE ${inBatch} AND a.coin = ${m.coin}
        GROUP BY a.user_id, a.coin, a.position_id`);
    }
  }
  if (parts.length === 0) return;
  await tx.execute(
    sql`CREATE TEMP TABLE IF NOT EXISTS hour_bonuses (user_id int, wallet text, account_id bigint, bonus_coin text, coin text, bonus numeric) ON COMMIT DROP`,
  );
  await tx.execute(sql`DELETE FROM hour_bonuses`);
  // Each bonus with the trading wallet it is paid to (its account, when it exists already).
  const bonuses = sql`
    SELECT b.user_id, ${tradingWalletOf(sql`u.account_mode`)} AS wallet, b.bonus_coin, b.coin, b.bonus
    FROM (${sql.join(parts, sql` UNION ALL `)}) b JOIN users u ON u.id = b.user_id WHERE b.bonus > 0`;
  await tx.execute(sql`
    INSERT INTO hour_bonuses
    SELECT b.user_id, b.wallet, w.id, b.bonus_coin, b.coin, b.bonus
    FROM (${bonuses}) b LEFT JOIN ledger_accounts w ON w.user_id = b.user_id AND w.wallet = b.wallet AND w.coin = b.bonus_coin`);
  // Analysed, so the joins below use the accounts' unique index instead of reading every account.
  await tx.execute(sql`ANALYZE hour_bonuses`);
  const [counts] = rowsOf<{ coins: string[] | null; missing: boolean | null }>(
    await tx.execute(
      sql`SELECT array_agg(DISTINCT bonus_coin) AS coins, bool_or(account_id IS NULL) AS missing FROM hour_bonuses`,
    ),
  );
  const bonusCoins = counts?.coins ?? [];
  if (bonusCoins.length === 0) return;
  if (counts?.missing) {
    // A trading wallet that never held the bonus coin is opened to receive it.
    await tx.execute(sql`
      INSERT INTO ledger_accounts (user_id, wallet, coin)
      SELECT DISTINCT user_id, wallet, bonus_coin FROM hour_bonuses WHERE account_id IS NULL ORDER BY 1, 2, 3
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      UPDATE hour_bonuses b SET account_id = w.id FROM ledger_accounts w
      WHERE b.account_id IS NULL AND w.user_id = b.user_id AND w.wallet = b.wallet AND w.coin = b.bonus_coin`);
  }
  await ensureAccounts(
    tx,
    bonusCoins.map((coin) => platformAccount(FlexiblePlatform.bonuses, coin)),
  );
  await postSet(tx, {
    kind: 'flexible.bonus',
    ref: `hour:${h}`,
    at: new Date(paidAt),
    legs: sql`
      SELECT account_id, bonus_coin AS coin, sum(bonus) AS amount FROM hour_bonuses GROUP BY account_id, bonus_coin
      UNION ALL
      SELECT la.id, t.bonus_coin, -t.total FROM (SELECT bonus_coin, sum(bonus) AS total FROM hour_bonuses GROUP BY bonus_coin) t
      JOIN ledger_accounts la ON la.user_id IS NULL AND la.wallet = ${FlexiblePlatform.bonuses} AND la.coin = t.bonus_coin`,
  });
  await tx.execute(sql`
    INSERT INTO earn_history (user_id, product, type, mode, coin, amount, bonus_asset, at)
    SELECT user_id, 'flexible', 4, 0, coin, sum(bonus), bonus_coin, ${paidAt}::timestamptz
    FROM hour_bonuses GROUP BY user_id, coin, bonus_coin`);
}

/**
 * Redemptions frozen during the hour are paid to the user's trading wallet when it settles. Their
 * positions are locked first (the lock order; a redemption and its cancellation lock the position
 * too), and only their accounts are paid, read after the lock: a cancellation under way is seen, and
 * none can change what is being paid. A position redeemed whole holds, by then, only the interest
 * its frozen part earned in that last hour: it is paid out with the redemption (a redemption in the
 * history, and kept from the auto-earn sweep as the redemption is), not left to be redeemed again.
 */
async function payOutRedemptions(tx: Executor, at: Date) {
  // Found through their partial index, first: the positions are then looked up for these few alone.
  const locked = rowsOf<{ id: number }>(
    await tx.execute(sql`
      SELECT p.id FROM flexible_positions p
      WHERE (p.user_id, p.coin) IN (
        SELECT r.user_id, r.coin FROM ledger_accounts r WHERE r.wallet = 'flexible_redeeming' AND r.balance > 0)
      ORDER BY p.id FOR UPDATE`),
  );
  if (locked.length === 0) return;
  const ids = `{${locked.map((l) => l.id).join(',')}}`;
  const lastHour = new Date(at.getTime() - HOUR_MS).toISOString();
  const wallet = tradingWalletOf(sql`u.account_mode`);
  const frozen = sql`
    SELECT r.id, r.user_id, r.coin, r.balance, ${wallet} AS wallet
    FROM flexible_positions p JOIN ledger_accounts r ON r.id = p.redeeming_account_id JOIN users u ON u.id = p.user_id
    WHERE p.id = ANY(${ids}::int[]) AND r.balance > 0`;
  await tx.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin) SELECT user_id, wallet, coin FROM (${frozen}) f
    ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING`);
  await postSet(tx, {
    kind: 'flexible.redeem_payout',
    at,
    given: [
      sql`f AS MATERIALIZED (${frozen})`,
      // What is left of a position redeemed whole: exactly the last hour's interest.
      sql`leftover AS MATERIALIZED (
        SELECT h.id, p.id AS position_id, h.user_id, h.coin, h.balance, ${wallet} AS wallet,
          CASE WHEN u.account_mode = 'classic' THEN ${MODE_REDEEM_SPOT}::int ELSE ${MODE_REDEEM_UNIFIED}::int END AS mode
        FROM flexible_positions p JOIN ledger_accounts h ON h.id = p.account_id JOIN users u ON u.id = p.user_id
        JOIN flexible_allocations a ON a.position_id = p.id AND a.hour = ${lastHour}::timestamptz
        WHERE p.id = ANY(${ids}::int[]) AND h.balance > 0 AND h.balance = a.interest)`,
    ],
    legs: sql`
      SELECT f.id AS account_id, f.coin, -f.balance AS amount FROM f
      UNION ALL
      SELECT l.id, l.coin, -l.balance FROM leftover l
      UNION ALL
      SELECT w.id, t.coin, sum(t.amount) FROM (
        SELECT user_id, wallet, coin, balance AS amount FROM f
        UNION ALL SELECT user_id, wallet, coin, balance FROM leftover
      ) t JOIN ledger_accounts w ON w.user_id = t.user_id AND w.wallet = t.wallet AND w.coin = t.coin
      GROUP BY w.id, t.coin`,
    alongside: [
      // Paid out as a redemption is: what was put in shrinks by it, so the interest earned stays what it was.
      sql`UPDATE flexible_positions p SET net_subscribed = p.net_subscribed - l.balance FROM leftover l WHERE p.id = l.position_id`,
      sql`INSERT INTO earn_history (user_id, product, type, mode, coin, amount, at)
        SELECT user_id, 'flexible', 2, mode, coin, balance, ${at.toISOString()}::timestamptz FROM leftover`,
      sql`UPDATE auto_earn_redeemed k SET kept = k.kept + l.balance FROM leftover l WHERE k.user_id = l.user_id AND k.coin = l.coin`,
    ],
  });
}
