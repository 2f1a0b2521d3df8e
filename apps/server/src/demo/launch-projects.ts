import { DAY_MS, Decimal, floorHour, HOUR_MS, UNLIMITED } from '@earn/domain';
import type { AppContext } from '../context.js';
import { register } from '../modules/account/register.js';
import { newToken } from '../modules/account/secrets.js';
import { depositIn } from '../modules/admin/deposit.js';
import { createProject } from '../modules/launchpool/create-project.js';
import { launchpoolHourJob } from '../modules/launchpool/launchpool-hour.js';
import { poolsOf } from '../modules/launchpool/repo.js';
import { createOrder } from '../modules/launchpool/stake.js';
import { seededUnit } from '../modules/market/price-walk.js';

/** The demo's other stakers (accounts nobody logs in to), so the live project's totals and APRs are real. */
const COMMUNITY = 24;
/** Each community staker's stake per pool coin: up to the pool's personal cap, or this where it has none. */
const UNCAPPED_STAKE: Record<string, string> = { LPX: '600000' };

/**
 * Demo launch pools: one in progress (GT, USDT with a VIP quota, and the reward coin's own pool),
 * one not started (a new-user pool, a pool with trading-volume tiers, one redeeming into Simple
 * Earn) and one completed.
 */
export async function seedLaunchProjects(ctx: AppContext): Promise<void> {
  const hour = floorHour(ctx.clock.now().getTime());
  const sec = (ms: number) => ms / 1000;
  const live = await createProject(
    ctx,
    {
      coin: 'LPX',
      name: 'Launch Pixel',
      translations: { 'zh-CN': { name: '像素启动' } },
      start_timest: sec(hour - DAY_MS),
      end_timest: sec(hour + 13 * DAY_MS),
      pools: [
        {
          coin: 'GT',
          total_reward: '420000',
          personal_min_amount: '1',
          personal_max_amount: '20000',
          buy_total_amount: '2000000',
          decimal_place: 2,
        },
        {
          coin: 'USDT',
          total_reward: '10500',
          personal_min_amount: '10',
          personal_max_amount: '5000',
          buy_total_amount: '5000000',
          decimal_place: 2,
          vip_config: { min_tier: 5, quota: '20000' },
          redeem_type: 1,
          simple_earn: { user_period: 0, fixed_period: 30, fixed_rate: '0.06', ext_rate: '1', rate: '0.05' },
        },
        { coin: 'LPX', total_reward: '70000', personal_min_amount: '1', decimal_place: 4 },
      ],
    },
    { pastAllowed: true },
  );
  await createProject(ctx, {
    coin: 'AVAX',
    name: 'Avalanche drop',
    translations: { 'zh-CN': { name: 'Avalanche 空投' } },
    start_timest: sec(hour + 2 * DAY_MS),
    end_timest: sec(hour + 9 * DAY_MS),
    pools: [
      {
        coin: 'USDT',
        total_reward: '500',
        personal_min_amount: '10',
        personal_max_amount: '500',
        buy_total_amount: '100000',
        decimal_place: 2,
        limit_rule: 1,
      },
      {
        coin: 'ETH',
        total_reward: '800',
        personal_min_amount: '0.01',
        decimal_place: 4,
        transaction_config: [
          { transaction_amount: '10000', mortgage_limit: '2' },
          { transaction_amount: '100000', mortgage_limit: '10' },
          { transaction_amount: '1000000', mortgage_limit: '50' },
        ],
        // At the project's end a stake may go on into ETH staking.
        staking: { rate: '0.032' },
      },
      {
        coin: 'BTC',
        total_reward: '600',
        personal_min_amount: '0.001',
        decimal_place: 6,
        redeem_type: 1,
        simple_earn: { user_period: 30, fixed_period: 30, fixed_rate: '0.04', ext_rate: '2', rate: '0.03' },
      },
    ],
  });
  await createProject(
    ctx,
    {
      coin: 'ATOM',
      name: 'Cosmos hub',
      translations: { 'zh-CN': { name: 'Cosmos 中心' } },
      start_timest: sec(hour - 10 * DAY_MS),
      end_timest: sec(hour - 3 * DAY_MS),
      pools: [{ coin: 'GT', total_reward: '1000', personal_min_amount: '1', decimal_place: 2 }],
    },
    { pastAllowed: true },
  );
  await settleHoursBefore(ctx, hour - 10 * DAY_MS, hour);
  await stakeLive(ctx, live.pid);
}

/**
 * The projects that began before the demo have their past hours settled by the hourly job itself,
 * as the scheduler would have (its first hour is the current one): nobody staked then, so each
 * such hour is recorded with its budget unpaid, and the reward accounts add up.
 */
async function settleHoursBefore(ctx: AppContext, fromMs: number, untilMs: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (let at = fromMs; at < untilMs; at += HOUR_MS) await launchpoolHourJob.run(tx, new Date(at));
  });
}

/** Community stakes in the live project: between 30% and 100% of each pool's personal cap, spread by a seeded hash. */
async function stakeLive(ctx: AppContext, pid: number): Promise<void> {
  const pools = await poolsOf(ctx.db, pid);
  for (let i = 1; i <= COMMUNITY; i++) {
    const user = await register(ctx, { email: `staker-${i}@earn.local`, password: newToken() }, { isNewUser: false });
    for (const pool of pools) {
      const cap = new Decimal(pool.personalMax).eq(UNLIMITED) ? UNCAPPED_STAKE[pool.coin] : pool.personalMax;
      if (!cap) continue;
      const amount = new Decimal(cap)
        .times(0.3 + 0.7 * seededUnit(`staker-${i}-${pool.coin}`))
        .toDecimalPlaces(0, Decimal.ROUND_DOWN)
        .toFixed();
      await depositIn(ctx.db, ctx, { email: user.email, coin: pool.coin, amount, wallet: 'spot' });
      await createOrder(ctx, user, { pid, rid: pool.id, amount });
    }
  }
}
