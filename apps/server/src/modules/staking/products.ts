import {
  bonusForStakeNow,
  bonusStatusNow,
  Decimal,
  firstRewardMs,
  maxBonusRate,
  operatorTexts,
  redeemPeriod,
  remainingOf,
  reverseRate,
  toDayString,
  toWire,
  UNLIMITED,
  ZERO,
} from '@earn/domain';
import type { StakingDefiReward, StakingProduct } from '@earn/domain/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { stakingFastQuota, stakingProducts } from '../../db/schema.js';
import { notFound } from '../../errors.js';

export type StakingProductRow = typeof stakingProducts.$inferSelect;

/** A user's staked coins of a product, and those queued by standard redemption, are ledger wallets. */
export const stakingWallet = (pid: number) => `staking:${pid}`;
export const redeemingWallet = (pid: number) => `staking_redeeming:${pid}`;
/** Receipt-token products: a user's coins waiting for their tokens, and the product's pool of coins. */
export const pendingMintWallet = (pid: number) => `staking_pending:${pid}`;
export const stakingPoolWallet = (pid: number) => `staking-pool:${pid}`;
/** Platform wallets that issue receipt tokens and debt products' minted coins (they go negative as they issue). */
export const RECEIPT_ISSUER = 'platform:receipt-issuer';
export const DEBT_ISSUER = 'platform:debt-issuer';

export const isReceiptProduct = (p: StakingProductRow) => p.exchangeType === 'asset' && p.receiptCoin !== null;
export const isDebtProduct = (p: StakingProductRow) => p.type === 2 && p.mintCoin !== null;

/** A product by id, locked for the rest of the transaction (caps and the fast quota are checked under it). */
export async function lockStakingProduct(tx: Executor, pid: number): Promise<StakingProductRow> {
  const [row] = await tx.select().from(stakingProducts).where(eq(stakingProducts.id, pid)).for('update');
  if (!row) throw notFound(`staking product ${pid} does not exist`);
  return row;
}

/** The product a call names: by pid (it must stake that coin), else the coin's first product. */
export async function findStakingProduct(db: Executor, coin: string, pid?: number): Promise<StakingProductRow> {
  const where =
    pid === undefined
      ? eq(stakingProducts.coin, coin.toUpperCase())
      : and(eq(stakingProducts.id, pid), eq(stakingProducts.coin, coin.toUpperCase()));
  const [row] = await db.select().from(stakingProducts).where(where).orderBy(asc(stakingProducts.id)).limit(1);
  if (!row) throw notFound(`no staking product of ${coin}${pid === undefined ? '' : ` with pid ${pid}`}`);
  return row;
}

/** What fast redemptions have taken from a product's quota today. */
export async function fastUsedToday(db: Executor, pid: number, nowMs: number): Promise<string> {
  const [row] = await db
    .select({ used: stakingFastQuota.used })
    .from(stakingFastQuota)
    .where(and(eq(stakingFastQuota.productId, pid), eq(stakingFastQuota.day, toDayString(nowMs))));
  return row?.used ?? '0';
}

/** Fast quota used per product today, for a list. */
export async function fastUsedMap(db: Executor, nowMs: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ pid: stakingFastQuota.productId, used: stakingFastQuota.used })
    .from(stakingFastQuota)
    .where(eq(stakingFastQuota.day, toDayString(nowMs)));
  return new Map(rows.map((r) => [r.pid, r.used]));
}

/** What is left of the product's extra-bonus budget. */
export function bonusBudgetLeft(p: StakingProductRow): Decimal {
  return p.extraInterest ? Decimal.max(new Decimal(p.extraInterest.max_interest).minus(p.bonusPaid), 0) : ZERO;
}

/** The product's bonus event as a reader is told it now: its status says whether it can still pay. */
function extraInterestNow(p: StakingProductRow, nowMs: number) {
  if (!p.extraInterest) return null;
  return {
    ...p.extraInterest,
    status: bonusStatusNow(p.extraInterest, nowMs, bonusBudgetLeft(p), p.rewardDelayDays),
  };
}

/** How a product pays, as a defi or debt item's reward list reads it. */
function rewardOf(p: StakingProductRow, nowMs: number): StakingDefiReward {
  return {
    reward_coin: p.rewardCoin,
    reward_delay_days: p.rewardDelayDays,
    interest_delay_days: Math.max(p.rewardDelayDays - 1, 1),
    fee_rate: toWire(p.feeRate),
    extra_interest: extraInterestNow(p, nowMs),
    vip_config: p.vipConfig ?? null,
  };
}

/** What a view needs besides the product: the coin's other sources and its price now. */
export interface ViewContext {
  nowMs: number;
  fastUsed: string;
  icon: string;
  /** Every product of the same coin (the product among them), in id order. */
  sameCoin: readonly StakingProductRow[];
  /** A coin's price now in USDT ('0' for one not listed). */
  priceOf(coin: string): string;
  /** The reader's language, for the operator's texts in it. */
  locale?: string | undefined;
}

/** A product as the spec's clients read it. */
export function productView(p: StakingProductRow, v: ViewContext): StakingProduct {
  const { nowMs, fastUsed, icon } = v;
  const extraInterest = extraInterestNow(p, nowMs);
  // The highest APR counts the bonus only if a stake made now would earn it.
  const bonus =
    extraInterest && bonusForStakeNow(extraInterest, nowMs, p.rewardDelayDays)
      ? maxBonusRate(extraInterest.interest)
      : ZERO;
  const quickLeft = remainingOf(p.redeemQuickDaily, fastUsed);
  const own = operatorTexts(p.translations, v.locale);
  const crowdLeft = remainingOf(p.crowdMortgageLimit, p.staked);
  const days = { income_days: p.incomeDays, redeem_minday: p.redeemMinDay, redeem_maxday: p.redeemMaxDay };
  return {
    pid: p.id,
    mortgage_coin: p.coin,
    reward_coin: p.rewardCoin,
    icon,
    type: p.type,
    protocol_name: p.protocolName,
    rate: toWire(p.rate),
    base_rate: toWire(p.baseRate),
    most_rate: toWire(new Decimal(p.rate).plus(bonus)),
    fee_rate: toWire(p.feeRate),
    min_mortgage_amount: toWire(p.minMortgageAmount),
    min_redeem_amount: toWire(p.minRedeemAmount),
    personal_mortgage_limit: toWire(p.personalMortgageLimit),
    crowd_mortgage_limit: toWire(p.crowdMortgageLimit),
    crowd_left: crowdLeft === null ? UNLIMITED : toWire(crowdLeft),
    staked: toWire(p.staked),
    reward_delay_days: p.rewardDelayDays,
    interest_days: Math.max(p.rewardDelayDays - 1, 1),
    income_days: p.incomeDays,
    first_reward_time: Math.floor(firstRewardMs(nowMs, p.rewardDelayDays) / 1000),
    ...sourcesOf(p, v.sameCoin, nowMs),
    debt: isDebtProduct(p)
      ? [
          {
            id: p.id,
            protocol_name: p.protocolName,
            mortgage_coin: p.coin,
            reward_coin: p.mintCoin ?? '',
            base_rate: toWire(p.baseRate),
            extra_interest: extraInterest,
            reward: [rewardOf(p, nowMs)],
            mint_ratio: toWire(p.mintRatio),
            mint_price: toWire(v.priceOf(p.mintCoin ?? '')),
          },
        ]
      : [],
    extra_interest_type: p.extraInterestType,
    extra_interest_task: p.extraInterestTask ?? null,
    exchange_type: p.exchangeType,
    receipt_coin: p.receiptCoin ?? '',
    exchange_rate: toWire(p.exchangeRate),
    exchange_rate_reverse: toWire(reverseRate(p.exchangeRate)),
    mortgage_price: toWire(v.priceOf(p.coin)),
    reward_price: toWire(v.priceOf(p.rewardCoin)),
    extra: {
      redeem_quick: p.redeemQuick ? 1 : 0,
      redeem_minday: p.redeemMinDay,
      redeem_maxday: p.redeemMaxDay,
      redeem_period: redeemPeriod(days),
      redeem_quick_long: p.redeemQuickLong,
      redeem_quick_fee: toWire(p.redeemQuickFee),
      redeem_fee: toWire(p.redeemFee),
      redeem_quick_daily: toWire(p.redeemQuickDaily),
      redeem_quick_left: quickLeft === null ? UNLIMITED : toWire(quickLeft),
    },
    vip_config: p.vipConfig ?? null,
    extra_interest: extraInterest,
    tags: p.tags,
    agreement: own?.agreement ?? p.agreement,
    tips: own?.tips ?? p.tips,
    sale_open: p.saleOpen ? 1 : 0,
  };
}

/**
 * A coin staked through several regular products is a DeFi coin (spec: is_defi): each product is
 * one source of return, listed in `defi` with its own rate, limits and reward.
 */
function sourcesOf(p: StakingProductRow, sameCoin: readonly StakingProductRow[], nowMs: number) {
  const sources = sameCoin.filter((s) => s.type === 1 && s.exchangeType === 'default');
  if (p.type !== 1 || p.exchangeType !== 'default' || sources.length < 2) return { is_defi: 0, defi: [] };
  return {
    is_defi: 1,
    defi: sources.map((s) => ({
      pid: s.id,
      id: s.id,
      protocol_name: s.protocolName,
      rate: toWire(s.rate),
      base_rate: toWire(s.baseRate),
      income_days: s.incomeDays,
      min_mortgage_amount: toWire(s.minMortgageAmount),
      min_redeem_amount: toWire(s.minRedeemAmount),
      personal_mortgage_limit: toWire(s.personalMortgageLimit),
      reward: [rewardOf(s, nowMs)],
    })),
  };
}

/** Every product in id order (the hub lists them; a handful, read whole). */
export async function allStakingProducts(db: Executor): Promise<StakingProductRow[]> {
  return db.select().from(stakingProducts).orderBy(asc(stakingProducts.id));
}

/** Sum of what all users hold staked in each product's wallet: the ledger's side of `staked`. */
export const stakedInWallets = sql`SELECT p.id, coalesce(sum(a.balance), 0) AS held FROM staking_products p
  LEFT JOIN ledger_accounts a ON a.wallet = 'staking:' || p.id AND a.user_id IS NOT NULL GROUP BY p.id`;
