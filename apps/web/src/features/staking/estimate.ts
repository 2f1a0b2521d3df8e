import { convertReward, type Decimal, type DecimalLike, dailyBonus, dailyReward, ZERO } from '@earn/domain';
import type { StakingProduct } from '@earn/domain/contract';

/**
 * One day's estimated reward on a holding of the product: the base reward after the platform's fee
 * (less the reader's VIP discount), in the reward coin at today's prices as the staking day converts
 * it, and the extra bonus where it applies (in the event's coin).
 */
export function dailyEstimate(
  product: StakingProduct,
  holding: DecimalLike,
  vipDiscountPercent: DecimalLike,
  bonusApplies: boolean,
): { reward: Decimal; bonus: Decimal; bonusCoin: string } {
  const daily = dailyReward({ holding, rate: product.rate, feeRate: product.fee_rate, vipDiscountPercent });
  const reward =
    product.reward_coin === product.mortgage_coin
      ? daily
      : convertReward(daily, product.mortgage_price, product.reward_price);
  const bonus = bonusApplies && product.extra_interest ? dailyBonus(holding, product.extra_interest.interest) : ZERO;
  return { reward, bonus, bonusCoin: product.extra_interest?.reward_coin || product.mortgage_coin };
}
