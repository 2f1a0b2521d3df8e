import { Decimal, UNLIMITED } from '@earn/domain';
import type { StakingProductInput, StakingProductUpdate } from '@earn/domain/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { ledgerAccounts, stakingProducts, stakingTasksDone, users } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, notFound, unlistedCoin } from '../../errors.js';
import { findCoin } from '../market/repo.js';
import { lockStakingProduct } from '../staking/products.js';
import { decimalSetting } from './decimal-setting.js';

const AMOUNT_MAX = '999999999999';
/** A cap or quota: -1 for none, else an amount. */
const limitSetting = (field: string, raw: string | undefined) =>
  raw === UNLIMITED ? UNLIMITED : decimalSetting(field, raw, AMOUNT_MAX);

/** The settable fields of a staking product, parsed; undefined where not sent. */
function fieldsOf(input: StakingProductUpdate) {
  const extra = input.extra_interest;
  if (extra) {
    if (extra.end_time <= extra.start_time) throw badRequest('extra_interest.end_time must be after start_time');
    if (extra.interest.length === 0) throw badRequest('extra_interest.interest needs at least one tier');
    extra.interest.forEach((t, i) => {
      decimalSetting(`extra_interest.interest.${i}.money_rate`, t.money_rate);
      decimalSetting(`extra_interest.interest.${i}.money_min`, t.money_min, AMOUNT_MAX);
      const unlimited = limitSetting(`extra_interest.interest.${i}.money_max`, t.money_max) === UNLIMITED;
      if (!unlimited && new Decimal(t.money_max).lte(t.money_min))
        throw badRequest(`extra_interest.interest.${i}: money_max must be above money_min, or -1`);
      // Each tier pays on the part of a holding inside it: tiers that overlap would pay that part twice.
      const below = extra.interest[i - 1];
      if (below?.money_max === UNLIMITED)
        throw badRequest(`extra_interest.interest.${i - 1}: only the last tier may have no upper bound (-1)`);
      if (below && new Decimal(t.money_min).lt(below.money_max))
        throw badRequest(
          `extra_interest.interest.${i}: money_min must be at least ${below.money_max}, where the tier below ends`,
        );
    });
    decimalSetting('extra_interest.max_interest', extra.max_interest, AMOUNT_MAX);
  }
  if (input.vip_config) {
    decimalSetting('vip_config.vip_sale', input.vip_config.vip_sale, '100');
    if (input.vip_config.max_tier < input.vip_config.min_tier) throw badRequest('vip_config: max_tier below min_tier');
  }
  const fields = {
    protocolName: input.protocol_name,
    rate: decimalSetting('rate', input.rate),
    baseRate: decimalSetting('base_rate', input.base_rate),
    feeRate: decimalSetting('fee_rate', input.fee_rate, '1'),
    minMortgageAmount: decimalSetting('min_mortgage_amount', input.min_mortgage_amount, AMOUNT_MAX),
    minRedeemAmount: decimalSetting('min_redeem_amount', input.min_redeem_amount, AMOUNT_MAX),
    personalMortgageLimit: limitSetting('personal_mortgage_limit', input.personal_mortgage_limit),
    crowdMortgageLimit: limitSetting('crowd_mortgage_limit', input.crowd_mortgage_limit),
    rewardDelayDays: input.reward_delay_days,
    incomeDays: input.income_days,
    redeemMinDay: input.redeem_minday,
    redeemMaxDay: input.redeem_maxday,
    redeemFee: decimalSetting('redeem_fee', input.redeem_fee, '1'),
    redeemQuick: input.redeem_quick === undefined ? undefined : input.redeem_quick === 1,
    redeemQuickFee: decimalSetting('redeem_quick_fee', input.redeem_quick_fee, '1'),
    redeemQuickDaily: limitSetting('redeem_quick_daily', input.redeem_quick_daily),
    redeemQuickLong: input.redeem_quick_long,
    vipConfig: input.vip_config,
    extraInterest:
      extra === undefined ? undefined : extra && { ...extra, reward_coin: extra.reward_coin.toUpperCase() },
    tags: input.tags,
    agreement: input.agreement,
    tips: input.tips,
    translations: input.translations,
    saleOpen: input.sale === undefined ? undefined : input.sale === 'open',
    extraInterestType: input.extra_interest_type,
    extraInterestTask: input.extra_interest_task,
    mintRatio: decimalSetting('mint_ratio', input.mint_ratio, '1'),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<
    typeof stakingProducts.$inferInsert
  >;
}

function assertConsistent(p: typeof stakingProducts.$inferInsert) {
  if (new Decimal(p.minMortgageAmount).lte(0)) throw badRequest('min_mortgage_amount must be greater than 0');
  // A cap below the least stake would refuse every stake.
  for (const [field, cap] of [
    ['personal_mortgage_limit', p.personalMortgageLimit],
    ['crowd_mortgage_limit', p.crowdMortgageLimit],
  ] as const) {
    if (cap !== undefined && !new Decimal(cap).eq(UNLIMITED) && new Decimal(cap).lt(p.minMortgageAmount))
      throw badRequest(`${field} must be -1 (no limit) or at least min_mortgage_amount`);
  }
  if (new Decimal(p.minRedeemAmount).lte(0)) throw badRequest('min_redeem_amount must be greater than 0');
  if ((p.redeemMaxDay ?? 0) > 0 && (p.redeemMinDay ?? 0) > (p.redeemMaxDay ?? 0))
    throw badRequest('redeem_minday must not be above redeem_maxday');
  // The bonus is paid and counted in the product's reward coin, so a holder's rewards add up.
  const bonusCoin = p.extraInterest?.reward_coin;
  if (bonusCoin && bonusCoin !== p.rewardCoin)
    throw badRequest(`extra_interest.reward_coin must be the product's reward coin, ${p.rewardCoin}`);
  if (p.extraInterestType === 1 && !p.extraInterestTask)
    throw badRequest('extra_interest_type 1 (web3 task) needs extra_interest_task');
  if (p.type === 2 && (!p.mintCoin || new Decimal(p.mintRatio ?? 0).lte(0) || new Decimal(p.mintRatio ?? 0).gte(1)))
    throw badRequest('a debt product (type 2) needs mint_coin and a mint_ratio above 0 and below 1');
  if (p.exchangeType === 'asset') {
    if (!p.receiptCoin) throw badRequest("exchange_type 'asset' needs receipt_coin");
    // The rate pays the reward: in the staked coin, with no per-user bonus or VIP discount to share out.
    if (p.type !== 1 || p.rewardCoin !== p.coin || p.extraInterest || p.vipConfig)
      throw badRequest(
        "an 'asset' product is type 1, rewards in its own coin, and has no extra_interest or vip_config",
      );
  }
}

/**
 * The coin an 'asset' product mints: a listed receipt token (neither staked nor launched), held by
 * no one yet and minted by no other product. Every unit of it must have come from this product, or
 * its holders' other coins would count as stake and its pool would pay for coins it never received.
 */
async function receiptCoinOf(ctx: AppContext, input: StakingProductInput, staked: string) {
  if (input.exchange_type !== 'asset' || !input.receipt_coin) return null;
  const coin = await findCoin(ctx.db, input.receipt_coin);
  if (!coin) throw unlistedCoin('receipt_coin', input.receipt_coin);
  if (coin.symbol === staked) throw badRequest('receipt_coin must differ from the staked coin');
  if (coin.isSupportStaking || coin.isSupportLaunchpool)
    throw badRequest(`${coin.symbol} is a traded coin, not a receipt token: it cannot be minted`);
  const [held] = await ctx.db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.coin, coin.symbol), ne(ledgerAccounts.balance, '0')))
    .limit(1);
  if (held) throw badRequest(`${coin.symbol} is already held: a receipt token must be minted only by its product`);
  const [taken] = await ctx.db
    .select({ id: stakingProducts.id })
    .from(stakingProducts)
    .where(eq(stakingProducts.receiptCoin, coin.symbol));
  if (taken) throw badRequest(`${coin.symbol} is already the receipt token of product ${taken.id}`);
  return coin.symbol;
}

/** Operator: a new staking product. */
export async function createStakingProduct(ctx: AppContext, input: StakingProductInput) {
  const coin = await findCoin(ctx.db, input.coin);
  if (!coin) throw unlistedCoin('coin', input.coin);
  // The reward is paid in the staked coin unless another is named.
  let reward = coin;
  if (input.reward_coin) {
    const named = await findCoin(ctx.db, input.reward_coin);
    if (!named) throw unlistedCoin('reward_coin', input.reward_coin);
    reward = named;
  }
  const mint = input.mint_coin ? await findCoin(ctx.db, input.mint_coin) : null;
  if (input.mint_coin && !mint) throw unlistedCoin('mint_coin', input.mint_coin);
  const fields = fieldsOf(input);
  const row = {
    coin: coin.symbol,
    rewardCoin: reward.symbol,
    type: input.type ?? 1,
    exchangeType: input.exchange_type ?? 'default',
    receiptCoin: await receiptCoinOf(ctx, input, coin.symbol),
    mintCoin: mint?.symbol ?? null,
    createdAt: ctx.clock.now(),
    rate: '0',
    baseRate: fields.rate ?? '0',
    minMortgageAmount: '0',
    minRedeemAmount: '0',
    ...fields,
    // Every list names a product's source: one the operator leaves unnamed is the coin's own.
    protocolName: fields.protocolName ?? coin.name,
  };
  assertConsistent(row);
  const [created] = await runTx(ctx.db, (tx) =>
    tx.insert(stakingProducts).values(row).returning({ id: stakingProducts.id }),
  );
  return { id: created?.id ?? 0 };
}

/** Operator: changes a product's settings (the daily APR among them); days already paid keep theirs. */
export async function updateStakingProduct(ctx: AppContext, id: number, input: StakingProductUpdate) {
  const change = fieldsOf(input);
  await runTx(ctx.db, async (tx) => {
    const current = await lockStakingProduct(tx, id);
    assertConsistent({ ...current, ...change });
    if (Object.keys(change).length) await tx.update(stakingProducts).set(change).where(eq(stakingProducts.id, id));
  });
  return { id };
}

/** Operator: a user's web3 task of a product is done; its bonus pays them from the next day settled. */
export async function markStakingTaskDone(ctx: AppContext, id: number, userId: number) {
  await runTx(ctx.db, async (tx) => {
    const product = await lockStakingProduct(tx, id);
    if (product.extraInterestType !== 1) throw badRequest(`product ${id} has no web3-task bonus`);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound(`user ${userId} does not exist`);
    await tx.insert(stakingTasksDone).values({ productId: id, userId, doneAt: ctx.clock.now() }).onConflictDoNothing();
  });
  return { id, user_id: userId };
}
