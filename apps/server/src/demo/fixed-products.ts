import { DAY_MS } from '@earn/domain';
import type { FixedProductInput } from '@earn/domain/contract';
import type { AppContext } from '../context.js';
import { createFixedProduct, updateFixedProduct } from '../modules/admin/save-fixed-product.js';
import { issueVoucher } from '../modules/fixed-earn/vouchers.js';

type Terms = Record<number, string>;
const NORMAL: [string, Terms, { min: string; user: string; quota: string }][] = [
  ['USDT', { 1: '0.045', 7: '0.06', 30: '0.08', 90: '0.1' }, { min: '10', user: '50000', quota: '2000000' }],
  ['BTC', { 1: '0.01', 7: '0.015', 30: '0.022', 90: '0.03' }, { min: '0.0001', user: '2', quota: '50' }],
  ['ETH', { 1: '0.018', 7: '0.025', 30: '0.035', 90: '0.045' }, { min: '0.001', user: '30', quota: '800' }],
  ['GT', { 7: '0.05', 30: '0.07' }, { min: '1', user: '5000', quota: '100000' }],
  ['USDC', { 7: '0.055', 30: '0.075' }, { min: '10', user: '50000', quota: '1000000' }],
];

/**
 * Demo fixed-term products: 1, 7, 30 and 90 days for the main coins (the 30-day USDT with a ladder
 * bonus and an early-exit APR, the 1-day ETH sold out), VIP products for tiers 1-4 and 5-9, a special
 * product for new users outside the US, and rate-up vouchers for the demo accounts.
 */
export async function seedFixedProducts(ctx: AppContext): Promise<void> {
  const create = (input: FixedProductInput) => createFixedProduct(ctx, input);
  for (const [coin, terms, limits] of NORMAL) {
    for (const [days, rate] of Object.entries(terms)) {
      const term = Number(days);
      const usdt30 = coin === 'USDT' && term === 30;
      const { id } = await create({
        coin,
        type: 1,
        lock_up_period: term,
        year_rate: rate,
        min_lend_amount: limits.min,
        user_max_lend_volume: limits.user,
        total_quota: limits.quota,
        ...(usdt30 ? { ladder_apr: [{ left: '0', right: '1000', apr: '0.04' }], pre_redeem_rate_year: '0.02' } : {}),
        ...(term === 90 ? { pre_redeem: 0 as const } : {}),
      });
      if (coin === 'ETH' && term === 1) await updateFixedProduct(ctx, id, { sale: 'closed' });
    }
  }
  await create({
    coin: 'USDT',
    type: 2,
    lock_up_period: 30,
    year_rate: '0.12',
    min_lend_amount: '100',
    user_max_lend_volume: '200000',
    total_quota: '5000000',
    min_vip: 5,
    max_vip: 9,
    title: 'VIP 30-day',
    translations: { 'zh-CN': { title: 'VIP 30 天' } },
  });
  await create({
    coin: 'USDT',
    type: 2,
    lock_up_period: 7,
    year_rate: '0.09',
    min_lend_amount: '100',
    user_max_lend_volume: '50000',
    total_quota: '2000000',
    min_vip: 1,
    max_vip: 4,
    title: 'VIP 7-day',
    translations: { 'zh-CN': { title: 'VIP 7 天' } },
  });
  await create({
    coin: 'BTC',
    type: 2,
    lock_up_period: 30,
    year_rate: '0.035',
    min_lend_amount: '0.001',
    user_max_lend_volume: '5',
    total_quota: '100',
    min_vip: 5,
    max_vip: 16,
    title: 'VIP 30-day',
    translations: { 'zh-CN': { title: 'VIP 30 天' } },
  });
  await create({
    coin: 'USDT',
    type: 3,
    lock_up_period: 7,
    year_rate: '0.2',
    min_lend_amount: '10',
    user_max_lend_volume: '500',
    total_quota: '100000',
    new_users_only: 1,
    excluded_regions: ['US'],
    reinvest: 0,
    title: 'New-user special',
    subtitle: '20% APR for your first 7 days',
    translations: { 'zh-CN': { title: '新用户专享', subtitle: '前 7 天享 20% 年化收益' } },
  });
  const expires = Math.floor((ctx.clock.now().getTime() + 30 * DAY_MS) / 1000);
  for (const email of ['demo@example.com', 'vip@example.com', 'new@example.com']) {
    await issueVoucher(ctx, {
      email,
      coin: 'USDT',
      title: 'USDT +3% APR',
      rate_ratio: '3',
      rate_day: 7,
      buy_limit_low: '100',
      buy_limit_high: '5000',
      expired_timest: expires,
    });
  }
  await issueVoucher(ctx, {
    email: 'demo@example.com',
    coin: 'BTC',
    rate_ratio: '1.5',
    rate_day: 30,
    buy_limit_low: '0.01',
    buy_limit_high: '0',
    expired_timest: expires,
  });
}
