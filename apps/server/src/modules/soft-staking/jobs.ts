import { DAY_MS, dayAverage, HOUR_MS, softStakingReward, toDayString } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { Job } from '../../jobs/scheduler.js';
import { platformAccount, userAccount } from '../../ledger/accounts.js';
import { LegSet } from '../../ledger/leg-set.js';
import { tradingWallet, tradingWalletOf } from '../account/me.js';
import type { User } from '../account/repo.js';

/** Pays soft-staking rewards (goes negative as it pays). */
export const SOFT_STAKING_REWARDS = 'platform:soft-staking';
/** A full day's samples: one per hour. */
const HOURS_PER_DAY = 24;

/** Users sampled on a day: on now, and turned on before the day began. */
const sampledUsers = (dayStart: Date) => sql`
  SELECT s.user_id, u.account_mode FROM soft_staking_users s JOIN users u ON u.id = s.user_id
  WHERE s.active AND s.activated_at < ${dayStart.toISOString()}`;

/**
 * The hour's sample: each opted-in user's trading-wallet balance of every supported coin as it stood
 * just before the hour ended (rebuilt from the postings after it, so a late run or a catch-up samples
 * exactly what stepping would have), counted up to the coin's cap, added to the day's total.
 */
export const softStakingHourJob: Job = {
  name: 'soft-staking-hour',
  period: 'hour',
  async run(tx, hourStart) {
    const at = new Date(hourStart.getTime() + HOUR_MS);
    const dayStart = new Date(Math.floor(hourStart.getTime() / DAY_MS) * DAY_MS);
    await tx.execute(sql`
      WITH who AS (${sampledUsers(dayStart)}),
      held AS (
        SELECT who.user_id, a.coin, a.id AS account_id, a.balance FROM who
        JOIN ledger_accounts a ON a.user_id = who.user_id
          AND a.wallet = ${tradingWalletOf(sql`who.account_mode`)}
        JOIN soft_staking_coins c ON c.coin = a.coin
      ),
      sampled AS (
        SELECT h.user_id, h.coin, h.balance - coalesce((
          SELECT sum(p.amount) FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.tx_id
          WHERE p.account_id = h.account_id AND t.at >= ${at.toISOString()}), 0) AS balance
        FROM held h
      )
      INSERT INTO soft_staking_samples (user_id, coin, day, total, hours)
      SELECT s.user_id, s.coin, ${toDayString(dayStart.getTime())}, least(greatest(s.balance, 0), c.cap), 1
      FROM sampled s JOIN soft_staking_coins c ON c.coin = s.coin
      ON CONFLICT (user_id, coin, day) DO UPDATE SET
        total = soft_staking_samples.total + EXCLUDED.total, hours = soft_staking_samples.hours + 1`);
  },
};

/**
 * The day's rewards at 00:00 UTC: each user still opted in, sampled all day, is paid on the day's
 * average (24 samples, each up to the cap) when it reaches the coin's minimum, exactly once.
 */
export const softStakingDayJob: Job = {
  name: 'soft-staking-day',
  period: 'day',
  async run(tx, dayStart) {
    await payDay(tx, dayStart);
    // Samples of settled days are no longer needed.
    await tx.execute(sql`DELETE FROM soft_staking_samples WHERE day < ${toDayString(dayStart.getTime() - DAY_MS)}`);
  },
};

async function payDay(tx: Tx, dayStart: Date) {
  const day = toDayString(dayStart.getTime());
  const rows = rowsOf<{
    user_id: number;
    account_mode: User['accountMode'];
    coin: string;
    total: string;
    apr: string;
    min_holding: string;
  }>(
    await tx.execute(sql`
      WITH who AS (${sampledUsers(dayStart)})
      SELECT who.user_id, who.account_mode, s.coin, s.total::text, c.apr::text, c.min_holding::text
      FROM who JOIN soft_staking_samples s ON s.user_id = who.user_id AND s.day = ${day}
      JOIN soft_staking_coins c ON c.coin = s.coin ORDER BY who.user_id, s.coin`),
  );
  const legs = new LegSet();
  const paid: (string | number)[][] = [];
  for (const r of rows) {
    // Hours before the user had an account of the coin sampled nothing: the average is over the whole day.
    const base = dayAverage(r.total, HOURS_PER_DAY, r.min_holding);
    const amount = softStakingReward(base, r.apr);
    if (amount.lte(0)) continue;
    legs.add(platformAccount(SOFT_STAKING_REWARDS, r.coin), amount.neg());
    legs.add(userAccount(r.user_id, tradingWallet({ accountMode: r.account_mode }), r.coin), amount);
    paid.push([r.user_id, r.coin, base.toFixed(), amount.toFixed()]);
  }
  if (paid.length === 0) return;
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  await legs.post(tx, { kind: 'softStaking.reward', ref: `day:${day}`, at: dayEnd });
  const col = (i: number) => pgArray(paid.map((p) => p[i] ?? null));
  await tx.execute(sql`
    INSERT INTO soft_staking_rewards (user_id, coin, day, base, amount)
    SELECT user_id, coin, ${day}, base, amount
    FROM unnest(${col(0)}::int[], ${col(1)}::text[], ${col(2)}::numeric[], ${col(3)}::numeric[]) AS v(user_id, coin, base, amount)`);
}
