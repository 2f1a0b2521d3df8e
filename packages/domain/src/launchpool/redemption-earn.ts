import { Decimal } from '../money.js';
import { fail, ok, type Result } from '../result.js';

/** Where a stake goes when the project ends: 0 spot, 1 Simple Earn, 2 staking (the pool's redeem_type). */
export type RedeemType = 0 | 1 | 2;
export type EarnOption = 'fixed' | 'flexible' | 'staking' | 'spot';

/** Simple Earn and staking are offered only for these coins (USDT shows as GUSD minting). */
export const EARN_COINS = ['BTC', 'ETH', 'USDT'] as const;

export interface PoolEarnConfig {
  coin: string;
  redeem_type: RedeemType;
  simple_earn?: {
    user_period: number;
    fixed_period: number;
    fixed_rate: string;
    ext_rate: string;
    rate: string;
  } | null;
  staking?: { rate: string } | null;
}

export interface SelectorOption {
  value: EarnOption;
  disabled: boolean;
  /** Fixed term in days, for the fixed option. */
  termDays?: number;
  /** Bonus percent shown when the fixed rate is above 0. */
  bonusPercent?: string;
}

export interface Selector {
  options: SelectorOption[];
  initial: EarnOption;
  /** The pool locks redemption into fixed Simple Earn: show 'launch.earn.tip3'. */
  showTip3: boolean;
}

/**
 * The redemption-earn selector, derived from the pool: initialised from its redeem type; a pool that
 * redeems into fixed Simple Earn starts on fixed with flexible and staking disabled (tip3); Simple
 * Earn and staking are offered only for BTC, ETH and USDT. A user who stakes in the pool already
 * starts on where their stake goes (`held`): the choice is the whole stake's, so staking more
 * without touching it changes nothing.
 */
export function redemptionSelector(pool: PoolEarnConfig, held?: EarnOption): Selector {
  const earnCoin = (EARN_COINS as readonly string[]).includes(pool.coin.toUpperCase());
  const se = pool.simple_earn;
  const fixedLocked = pool.redeem_type === 1 && (se?.user_period ?? 0) > 0;
  const options: SelectorOption[] = [];
  if (earnCoin && se) {
    // Fixed only with a term to open an order of: a pool without one offers flexible alone.
    if (fixedTerm(se) > 0) {
      options.push({
        value: 'fixed',
        disabled: false,
        termDays: fixedTerm(se),
        ...(new Decimal(se.fixed_rate).gt(0) ? { bonusPercent: se.ext_rate } : {}),
      });
    }
    options.push({ value: 'flexible', disabled: fixedLocked });
  }
  if (earnCoin && pool.staking) options.push({ value: 'staking', disabled: fixedLocked });
  options.push({ value: 'spot', disabled: false });
  let initial: EarnOption = 'spot';
  if (pool.redeem_type === 1 && earnCoin && se) initial = fixedLocked ? 'fixed' : 'flexible';
  if (pool.redeem_type === 2 && earnCoin && pool.staking) initial = 'staking';
  if (options.some((o) => o.value === held && !o.disabled)) initial = held as EarnOption;
  return { options, initial, showTip3: fixedLocked && earnCoin };
}

/** What create-order sends for a choice: simpleEarnStatus 0 spot, 1 Simple Earn, 2 staking; a period only for fixed. */
export function earnChoicePayload(
  choice: EarnOption,
  pool: PoolEarnConfig,
): { simpleEarnStatus: 0 | 1 | 2; simpleEarnPeriod?: number } {
  if (choice === 'fixed') {
    const se = pool.simple_earn;
    return { simpleEarnStatus: 1, simpleEarnPeriod: se ? fixedTerm(se) : 0 };
  }
  if (choice === 'flexible') return { simpleEarnStatus: 1 };
  if (choice === 'staking') return { simpleEarnStatus: 2 };
  return { simpleEarnStatus: 0 };
}

/** The fixed option's term in days: the pool's user period when it sets one, else its fixed period. */
function fixedTerm(se: NonNullable<PoolEarnConfig['simple_earn']>): number {
  return se.user_period > 0 ? se.user_period : se.fixed_period;
}

/**
 * The choice a create-order payload makes, checked against the pool's selector: a status the pool
 * does not offer, a disabled option, or a period other than the pool's fixed term is refused.
 */
export function earnChoiceOf(
  pool: PoolEarnConfig,
  payload: { simpleEarnStatus?: number | undefined; simpleEarnPeriod?: number | undefined },
): Result<EarnOption> {
  const status = payload.simpleEarnStatus ?? 0;
  const period = payload.simpleEarnPeriod;
  const refuse = (message: string, field = 'simpleEarnStatus') =>
    fail({ key: 'launch.earn.unavailable', field, message });
  if (period !== undefined && status !== 1)
    return refuse('simpleEarnPeriod is only for fixed Simple Earn', 'simpleEarnPeriod');
  const choice: EarnOption =
    status === 0 ? 'spot' : status === 2 ? 'staking' : period !== undefined ? 'fixed' : 'flexible';
  const option = redemptionSelector(pool).options.find((o) => o.value === choice);
  if (!option) return refuse(`simpleEarnStatus ${status}: this pool does not redeem into ${choice}`);
  if (option.disabled) return refuse(`simpleEarnStatus ${status}: this pool redeems into fixed Simple Earn only`);
  if (choice === 'fixed' && period !== option.termDays) {
    return refuse(`simpleEarnPeriod must be ${option.termDays}, this pool's fixed term`, 'simpleEarnPeriod');
  }
  return ok(choice);
}

/** The choice stored with a stake (simpleEarnStatus, simpleEarnPeriod) back as a selector option. */
export function storedChoice(status: number, period: number | null): EarnOption {
  if (status === 2) return 'staking';
  if (status === 1) return period ? 'fixed' : 'flexible';
  return 'spot';
}
