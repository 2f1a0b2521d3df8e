import { DAY_MS, dayAverage, toDayString, toWire } from '@earn/domain';
import type { SoftStakingStatus } from '@earn/domain/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/rows.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The reader's opt-in, and each supported coin with its terms, the balance now and today's average so far. */
export async function softStakingStatus(ctx: AppContext, user: User | null): Promise<SoftStakingStatus> {
  const nowMs = ctx.clock.now().getTime();
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const [me] = user
    ? rowsOf<{ active: boolean; activated_at: string }>(
        await ctx.db.execute(sql`SELECT active, activated_at::text FROM soft_staking_users WHERE user_id = ${user.id}`),
      )
    : [];
  const coins = rowsOf<{
    coin: string;
    icon: string;
    apr: string;
    min_holding: string;
    cap: string;
    balance: string;
    total: string | null;
    hours: number | null;
  }>(
    await ctx.db.execute(sql`
      SELECT c.coin, k.icon, c.apr::text, c.min_holding::text, c.cap::text,
        coalesce((SELECT balance FROM ledger_accounts a WHERE a.user_id = ${user?.id ?? 0}
          AND a.wallet = ${user ? tradingWallet(user) : 'spot'} AND a.coin = c.coin), 0)::text AS balance,
        s.total::text, s.hours
      FROM soft_staking_coins c JOIN coins k ON k.symbol = c.coin
      LEFT JOIN soft_staking_samples s ON s.user_id = ${user?.id ?? 0} AND s.coin = c.coin AND s.day = ${toDayString(nowMs)}
      ORDER BY k.sort_order, c.coin`),
  );
  const activatedMs = me ? Date.parse(me.activated_at) : 0;
  const samplingFrom = me?.active ? Math.floor(activatedMs / DAY_MS) * DAY_MS + DAY_MS : 0;
  return {
    status: me?.active ?? false,
    activated_at: seconds(activatedMs),
    sampling_from: seconds(samplingFrom),
    first_reward_at: me?.active ? seconds(samplingFrom + DAY_MS) : 0,
    coins: coins.map((c) => ({
      coin: c.coin,
      icon: c.icon,
      apr: toWire(c.apr),
      min_holding: toWire(c.min_holding),
      cap: toWire(c.cap),
      // Today's samples so far, averaged over the hours sampled (the minimum applies to the whole day).
      eligible_today:
        me?.active && samplingFrom <= dayStart && c.total && c.hours ? toWire(dayAverage(c.total, c.hours, '0')) : '0',
      balance: toWire(c.balance),
    })),
  };
}

/**
 * The reader's soft-staking rewards, newest first, whose day (its 00:00 UTC) lies in [from, to)
 * (Unix seconds; the shared date-range rule sends the end day + 1 as `to`).
 */
/** The first day whose 00:00 UTC is at or after `unixSeconds`. */
const firstDayFrom = (unixSeconds: number) => toDayString(Math.ceil((unixSeconds * 1000) / DAY_MS) * DAY_MS);

export async function softStakingRewards(
  ctx: AppContext,
  user: User,
  q: { from?: number | undefined; to?: number | undefined; page: number; limit: number },
) {
  const where = sql`user_id = ${user.id}
    ${q.from === undefined ? sql`` : sql`AND day >= ${firstDayFrom(q.from)}`}
    ${q.to === undefined ? sql`` : sql`AND day < ${firstDayFrom(q.to)}`}`;
  const [count] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n FROM soft_staking_rewards WHERE ${where}`),
  );
  const list = rowsOf<{ coin: string; day: string; base: string; amount: string }>(
    await ctx.db.execute(sql`
      SELECT coin, day, base::text, amount::text FROM soft_staking_rewards WHERE ${where}
      ORDER BY day DESC, id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
  );
  return {
    list: list.map((r) => ({
      coin: r.coin,
      time: seconds(Date.parse(`${r.day}T00:00:00Z`)),
      base: toWire(r.base),
      amount: toWire(r.amount),
    })),
    total: count?.n ?? 0,
  };
}
