import type { StakingProduct } from '@earn/domain/contract';

/** What the redeem-period wording needs (spec: the derived state and its days). */
export function periodParams(p: StakingProduct) {
  const { redeem_period: state, redeem_minday: min, redeem_maxday: max } = p.extra;
  // The count the wording's plural follows: the days that state names.
  const count = state === 'period' ? p.income_days : state === 'max_only' ? max : min;
  return { min, max, days: p.income_days, count };
}
