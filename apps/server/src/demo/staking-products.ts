import { DAY_MS } from '@earn/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { createStakingProduct, markStakingTaskDone } from '../modules/admin/save-staking-product.js';

/**
 * Demo staking products: ETH through two sources (the beacon chain with a VIP discount and fast
 * redemption, and a liquid-staking protocol with a cap and a longer queue), SOL with a running extra
 * bonus, GT paying USDT (a reward in another coin) with instant redemption, DOT with a long
 * unbonding queue, ETH for the GTETH receipt token, BTC as collateral minting USDC, and AVAX with a
 * bonus for users who completed a web3 task (done for the VIP demo user).
 */
export async function seedStakingProducts(ctx: AppContext): Promise<void> {
  const nowS = Math.floor(ctx.clock.now().getTime() / 1000);
  const dayS = DAY_MS / 1000;
  await createStakingProduct(ctx, {
    coin: 'ETH',
    protocol_name: 'Ethereum 2.0',
    rate: '0.032',
    base_rate: '0.032',
    fee_rate: '0.1',
    min_mortgage_amount: '0.01',
    min_redeem_amount: '0.01',
    reward_delay_days: 2,
    redeem_minday: 1,
    redeem_maxday: 5,
    redeem_quick: 1,
    redeem_quick_fee: '0.005',
    redeem_quick_daily: '100',
    redeem_quick_long: 30,
    vip_config: { min_tier: 5, max_tier: 16, vip_sale: '50' },
    tags: 2,
  });
  await createStakingProduct(ctx, {
    coin: 'ETH',
    protocol_name: 'Lido',
    rate: '0.034',
    base_rate: '0.031',
    fee_rate: '0.1',
    min_mortgage_amount: '0.05',
    min_redeem_amount: '0.05',
    personal_mortgage_limit: '50',
    crowd_mortgage_limit: '20000',
    reward_delay_days: 2,
    redeem_minday: 3,
    redeem_maxday: 7,
  });
  await createStakingProduct(ctx, {
    coin: 'SOL',
    protocol_name: 'Solana',
    rate: '0.065',
    base_rate: '0.06',
    fee_rate: '0.08',
    min_mortgage_amount: '0.1',
    min_redeem_amount: '0.1',
    personal_mortgage_limit: '5000',
    reward_delay_days: 2,
    redeem_maxday: 2,
    extra_interest: {
      status: 1,
      max_interest: '500',
      reward_coin: 'SOL',
      start_time: nowS - dayS,
      end_time: nowS + 30 * dayS,
      interest: [
        { money_min: '0', money_max: '100', money_rate: '0.03' },
        { money_min: '100', money_max: '-1', money_rate: '0.01' },
      ],
    },
    tags: 5,
  });
  await createStakingProduct(ctx, {
    coin: 'GT',
    reward_coin: 'USDT',
    protocol_name: 'GateChain',
    rate: '0.08',
    base_rate: '0.08',
    fee_rate: '0.05',
    min_mortgage_amount: '1',
    min_redeem_amount: '1',
    crowd_mortgage_limit: '2000000',
    reward_delay_days: 2,
    tags: 1,
  });
  await createStakingProduct(ctx, {
    coin: 'DOT',
    protocol_name: 'Polkadot',
    rate: '0.14',
    base_rate: '0.14',
    fee_rate: '0.1',
    min_mortgage_amount: '0.1',
    min_redeem_amount: '0.1',
    reward_delay_days: 3,
    income_days: 1,
    redeem_minday: 28,
    redeem_maxday: 28,
    tips: 'Polkadot unbonds in 28 days: plan redemptions ahead.',
    translations: { 'zh-CN': { tips: 'Polkadot 解绑需要 28 天，请提前安排赎回。' } },
  });
  await createStakingProduct(ctx, {
    coin: 'ETH',
    protocol_name: 'GTETH',
    exchange_type: 'asset',
    receipt_coin: 'GTETH',
    rate: '0.03',
    base_rate: '0.03',
    fee_rate: '0.1',
    min_mortgage_amount: '0.01',
    min_redeem_amount: '0.01',
    reward_delay_days: 1,
    redeem_minday: 1,
    redeem_maxday: 3,
    redeem_quick: 1,
    redeem_quick_fee: '0.003',
    redeem_quick_daily: '50',
    redeem_quick_long: 10,
    tags: 1,
  });
  await createStakingProduct(ctx, {
    coin: 'BTC',
    type: 2,
    protocol_name: 'BTC Credit',
    mint_coin: 'USDC',
    mint_ratio: '0.5',
    rate: '0.012',
    base_rate: '0.012',
    fee_rate: '0.1',
    min_mortgage_amount: '0.001',
    min_redeem_amount: '0.001',
    reward_delay_days: 1,
    redeem_maxday: 1,
  });
  const avax = await createStakingProduct(ctx, {
    coin: 'AVAX',
    protocol_name: 'Avalanche',
    rate: '0.072',
    base_rate: '0.072',
    fee_rate: '0.1',
    min_mortgage_amount: '1',
    min_redeem_amount: '1',
    reward_delay_days: 1,
    redeem_maxday: 14,
    extra_interest_type: 1,
    extra_interest_task: { interest_key: 'avax_wallet_quest', jump_web: 'https://www.gate.com/web3' },
    extra_interest: {
      status: 1,
      max_interest: '200',
      reward_coin: 'AVAX',
      start_time: nowS - dayS,
      end_time: nowS + 30 * dayS,
      interest: [{ money_min: '0', money_max: '-1', money_rate: '0.05' }],
    },
    tags: 4,
  });
  const [vip] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'vip@example.com'));
  if (vip) await markStakingTaskDone(ctx, avax.id, vip.id);
}
