import { DAY_MS, HOUR_MS, nextSimulatedNav, toDayString, VALUATION_OFFSET_MS } from '@earn/domain';
import { DUAL_ORDER_STATUSES } from '@earn/domain/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { users, wealthNavs, wealthProducts } from '../db/schema.js';
import { saveSoftStakingCoin } from '../modules/admin/save-soft-staking-coin.js';
import { createWealthProduct } from '../modules/admin/save-wealth-product.js';
import { createDualOrder } from '../modules/dual/orders.js';

const HISTORY_DAYS = 730;

/**
 * Demo wealth products: a platform private-wealth product (type 4) and a third-party asset-management
 * one (type 5, with a redemption gate), each valued by a seeded strategy walk with two years of NAVs
 * behind them so the charts have history.
 */
export async function seedWealthProducts(ctx: AppContext): Promise<void> {
  const products = [
    {
      input: {
        project_type: 4 as const,
        name: 'Private Wealth USDT Alpha',
        coin: 'USDT',
        min_purchase: '1000',
        min_tier: 1,
        manager: 'Earn Private Wealth desk',
        strategy: 'Delta-neutral basis and funding-rate capture on major pairs, rebalanced daily.',
        disclaimer:
          'Returns are not guaranteed and the value of units can fall. Subscriptions and redemptions are priced at the next 08:30 UTC valuation.',
        fee_rate: '0.01',
        translations: {
          'zh-CN': {
            name: '私人财富 USDT Alpha',
            manager: '理财私人财富团队',
            strategy: '在主流交易对上进行 Delta 中性的基差与资金费率套利，每日再平衡。',
            disclaimer: '收益不作保证，份额价值可能下跌。申购和赎回均按下一次 UTC 08:30 的估值定价。',
          },
        },
      },
      simulation: { seed: 'pw-usdt-alpha', drift: 0.00025, vol: 0.002 },
    },
    {
      input: {
        project_type: 5 as const,
        name: 'Northwind BTC Trend Fund',
        coin: 'BTC',
        min_purchase: '0.01',
        min_tier: 1,
        manager: 'Northwind Asset Management',
        strategy: 'Systematic trend following on BTC with volatility targeting.',
        disclaimer:
          'Managed by a third party. Returns are not guaranteed; at most 10% of the fund may be redeemed at one valuation, the rest waits for the next.',
        fee_rate: '0.02',
        gate_percent: '10',
        translations: {
          'zh-CN': {
            name: 'Northwind BTC 趋势基金',
            manager: 'Northwind 资产管理',
            strategy: '对 BTC 进行系统化趋势跟踪，并按目标波动率调整仓位。',
            disclaimer: '由第三方管理。收益不作保证；每次估值最多可赎回基金份额的 10%，其余部分顺延至下一次估值。',
          },
        },
      },
      simulation: { seed: 'nw-btc-trend', drift: 0.0004, vol: 0.012 },
    },
  ];
  const nowMs = ctx.clock.now().getTime();
  const today = Math.floor(nowMs / DAY_MS);
  // Today's valuation belongs to the history too once the hour that ran it is over (the valuation job
  // starts with the current hour, so it would never value a day whose 08:30 passed before it began).
  const lastDay = Math.floor(nowMs / HOUR_MS) * HOUR_MS > today * DAY_MS + VALUATION_OFFSET_MS ? today : today - 1;
  for (const { input, simulation } of products) {
    const { id } = await createWealthProduct(ctx, input, simulation);
    let nav = '1';
    const rows: (typeof wealthNavs.$inferInsert)[] = [];
    for (let d = today - HISTORY_DAYS; d <= lastDay; d++) {
      nav = nextSimulatedNav(nav, simulation.seed, d, simulation.drift, simulation.vol).toFixed();
      rows.push({ productId: id, day: toDayString(d * DAY_MS), nav, source: 'simulation', units: '0' });
    }
    await ctx.db.insert(wealthNavs).values(rows);
    await ctx.db
      .update(wealthProducts)
      .set({ nav, launchedAt: new Date((today - HISTORY_DAYS) * DAY_MS) })
      .where(eq(wealthProducts.id, id));
  }
}

/** Demo soft-staking coins: their APR, the minimum average that earns, and the cap counted. */
export async function seedSoftStakingCoins(ctx: AppContext): Promise<void> {
  for (const [coin, apr, min, cap] of [
    ['SOL', '0.028', '1', '500'],
    ['DOT', '0.045', '10', '2000'],
    ['ETH', '0.012', '0.1', '50'],
    ['USDT', '0.015', '100', '20000'],
  ] as const) {
    await saveSoftStakingCoin(ctx, coin, { apr, min_holding: min, cap });
  }
}

/** Demo dual-investment orders for demo@example.com, one in each status the spec names. */
export async function seedDualOrders(ctx: AppContext): Promise<void> {
  const [demo] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.com'));
  if (!demo) return;
  const nowS = Math.floor(ctx.clock.now().getTime() / 1000);
  const settled = new Set(['SETTLEMENT_SUCCESS']);
  for (const [i, status] of DUAL_ORDER_STATUSES.entries()) {
    const call = i % 2 === 0;
    await createDualOrder(ctx, {
      user_id: demo.id,
      kind: i % 3 === 2 ? 'sniper' : 'dual',
      direction: call ? 'call' : 'put',
      coin: 'BTC',
      invest_coin: call ? 'BTC' : 'USDT',
      amount: call ? '0.05' : '5000',
      strike_price: call ? '100000' : '92000',
      apy: (0.2 + i * 0.05).toFixed(2),
      // Orders still open settle in a few days; the others were placed a week before they settled.
      settle_time: nowS + (i < 2 ? 3 : -3 + i) * 86_400,
      create_time: Math.min(nowS, nowS + (i < 2 ? 3 : -3 + i) * 86_400 - 7 * 86_400),
      status,
      ...(settled.has(status) ? { settlement_coin: 'USDT', settlement_amount: '5012.33' } : {}),
    });
  }
}
