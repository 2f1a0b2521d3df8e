import {
  coinsFor,
  DAY_MS,
  Decimal,
  readerLocale,
  remainingOf,
  reverseRate,
  toDayString,
  toWire,
  UNLIMITED,
  vipDiscountPercent,
} from '@earn/domain';
import type { StakingBalance, StakingFilter, StakingProduct } from '@earn/domain/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/rows.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { loansOf } from '../account/repo.js';
import { priceAt } from '../market/price-walk.js';
import { catalogueCoinMap } from '../market/repo.js';
import {
  allStakingProducts,
  fastUsedMap,
  fastUsedToday,
  findStakingProduct,
  isReceiptProduct,
  productView,
  type StakingProductRow,
} from './products.js';
import { heldIn } from './stake.js';

async function views(
  ctx: AppContext,
  products: readonly StakingProductRow[],
  locale: string | undefined,
): Promise<StakingProduct[]> {
  const nowMs = ctx.clock.now().getTime();
  const [used, coins, all] = await Promise.all([
    fastUsedMap(ctx.db, nowMs),
    catalogueCoinMap(ctx.db),
    allStakingProducts(ctx.db),
  ]);
  return products.map((p) => {
    const coin = coins.get(p.coin);
    return productView(p, {
      nowMs,
      fastUsed: used.get(p.id) ?? '0',
      icon: coin?.icon ?? '',
      sameCoin: all.filter((s) => s.coin === p.coin),
      locale,
      priceOf: (symbol) => {
        const c = coins.get(symbol);
        return c ? priceAt(c.symbol, c.basePrice, nowMs).toFixed() : '0';
      },
    });
  });
}

const FILTERS: Record<StakingFilter, (p: StakingProduct) => boolean> = {
  all: () => true,
  bonus: (p) => p.most_rate !== p.rate,
  vip: (p) => p.vip_config !== null,
  quick: (p) => p.extra.redeem_quick === 1,
  receipt: (p) => p.exchange_type === 'asset',
  debt: (p) => p.debt.length > 0,
};

/** The hub's list: every product, or a coin's (search trimmed and upper-cased), or one filter's, paged. */
export async function stakingProductList(
  ctx: AppContext,
  q: {
    coin?: string | undefined;
    filter?: StakingFilter | undefined;
    page: number;
    limit: number;
    locale?: string | undefined;
  },
) {
  const coin = q.coin?.trim().toUpperCase() ?? '';
  const all = (await views(ctx, await allStakingProducts(ctx.db), q.locale)).filter(
    (p) => (coin === '' || p.mortgage_coin.includes(coin)) && FILTERS[q.filter ?? 'all'](p),
  );
  const start = (q.page - 1) * q.limit;
  return { list: all.slice(start, start + q.limit), total: all.length };
}

export async function stakingProductDetail(ctx: AppContext, coin: string, pid?: number, locale?: string) {
  const [view] = await views(ctx, [await findStakingProduct(ctx.db, coin, pid)], locale);
  return view as StakingProduct;
}

/** What one user holds in a product, what they may still stake, and their VIP discount on the fee. */
export async function stakingUserInfo(ctx: AppContext, user: User, coin: string, pid?: number) {
  const p = await findStakingProduct(ctx.db, coin, pid);
  const held = await heldIn(ctx.db, user, p);
  const left = remainingOf(p.personalMortgageLimit, held);
  const [extra] = rowsOf<{ task_done: boolean; debt: string }>(
    await ctx.db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM staking_tasks_done WHERE product_id = ${p.id} AND user_id = ${user.id}) AS task_done,
        coalesce((SELECT minted FROM staking_debts WHERE product_id = ${p.id} AND user_id = ${user.id}), 0)::text AS debt`),
  );
  return {
    hold_amount: toWire(held),
    tier: user.tier,
    is_crowd: new Decimal(held).gt(0) ? 1 : 0,
    personal_left: left === null ? UNLIMITED : toWire(left),
    vip_discount: toWire(vipDiscountPercent(p.vipConfig, user.tier)),
    task_done: p.extraInterestType === 0 || extra?.task_done ? 1 : 0,
    debt_amount: toWire(extra?.debt ?? '0'),
  };
}

/** The user's holdings, per product: staked, queued for redemption, and rewards earned. */
export async function stakingBalances(
  ctx: AppContext,
  user: User,
  q: { coin?: string | undefined; hideZero: boolean },
): Promise<StakingBalance[]> {
  const products = (await allStakingProducts(ctx.db)).filter((p) => !q.coin || p.coin === q.coin.toUpperCase());
  if (products.length === 0) return [];
  const rows = rowsOf<{
    pid: number;
    held: string;
    redeeming: string;
    stamp: string | null;
    total: string;
    last: string;
    pending: string;
    tokens: string;
    debt: string;
  }>(
    await ctx.db.execute(sql`
      SELECT p.id AS pid,
        coalesce((SELECT balance FROM ledger_accounts WHERE user_id = ${user.id} AND wallet = 'staking:' || p.id), 0)::text AS held,
        coalesce((SELECT balance FROM ledger_accounts WHERE user_id = ${user.id} AND wallet = 'staking_pending:' || p.id), 0)::text AS pending,
        coalesce((SELECT balance FROM ledger_accounts WHERE user_id = ${user.id} AND wallet = ${tradingWallet(user)}
          AND coin = p.receipt_coin), 0)::text AS tokens,
        coalesce((SELECT minted FROM staking_debts d WHERE d.user_id = ${user.id} AND d.product_id = p.id), 0)::text AS debt,
        coalesce((SELECT sum(amount) FROM staking_redemptions r
          WHERE r.user_id = ${user.id} AND r.product_id = p.id AND r.released_at IS NULL), 0)::text AS redeeming,
        (SELECT min(release_at) FROM staking_redemptions r
          WHERE r.user_id = ${user.id} AND r.product_id = p.id AND r.released_at IS NULL)::text AS stamp,
        coalesce((SELECT sum(amount + bonus) FROM staking_rewards w WHERE w.user_id = ${user.id} AND w.product_id = p.id), 0)::text AS total,
        coalesce((SELECT amount + bonus FROM staking_rewards w WHERE w.user_id = ${user.id} AND w.product_id = p.id
          ORDER BY day DESC LIMIT 1), 0)::text AS last
      FROM staking_products p WHERE p.id = ANY(${`{${products.map((p) => p.id).join(',')}}`}::int[])
      ORDER BY p.id`),
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  return rows
    .map((r) => {
      const p = byId.get(Number(r.pid)) as StakingProductRow;
      const receipt = isReceiptProduct(p);
      return {
        pid: p.id,
        protocol_name: p.protocolName,
        coin: p.coin,
        reward_coin: p.rewardCoin,
        mortgage_amount: toWire(receipt ? r.tokens : r.held),
        redeeming_amount: toWire(r.redeeming),
        redeem_stamp: r.stamp ? Math.floor(new Date(r.stamp).getTime() / 1000) : 0,
        total_reward: toWire(r.total),
        last_reward: toWire(r.last),
        rate: toWire(p.rate),
        pending_amount: toWire(r.pending),
        receipt_coin: p.receiptCoin ?? '',
        value: toWire(receipt ? coinsFor(r.tokens, p.exchangeRate) : r.held),
        debt_amount: toWire(r.debt),
        mint_coin: p.mintCoin ?? '',
      };
    })
    .filter((b) => !q.hideZero || b.mortgage_amount !== '0' || b.redeeming_amount !== '0' || b.pending_amount !== '0');
}

/** The user's daily rewards, newest first, up to `to` (the end of today by default). */
export async function stakingProfitRecords(
  ctx: AppContext,
  user: User,
  q: { coin?: string | undefined; pid?: number | undefined; to?: number | undefined; page: number; limit: number },
) {
  const toDay = toDayString(q.to === undefined ? ctx.clock.now().getTime() : q.to * 1000);
  const filter = sql`w.user_id = ${user.id} AND w.day <= ${toDay}
    ${q.coin ? sql`AND p.coin = ${q.coin.toUpperCase()}` : sql``} ${q.pid ? sql`AND w.product_id = ${q.pid}` : sql``}`;
  const [count] = rowsOf<{ n: number }>(
    await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM staking_rewards w JOIN staking_products p ON p.id = w.product_id WHERE ${filter}`,
    ),
  );
  const list = rowsOf<{
    pid: number;
    coin: string;
    reward_coin: string;
    day: string;
    base: string;
    amount: string;
    bonus: string;
    protocol_name: string;
    base_coin: string;
  }>(
    await ctx.db.execute(sql`
      SELECT w.product_id AS pid, p.coin, w.coin AS reward_coin, w.day, w.base::text, w.amount::text, w.bonus::text,
        p.protocol_name, coalesce(p.receipt_coin, p.coin) AS base_coin
      FROM staking_rewards w JOIN staking_products p ON p.id = w.product_id WHERE ${filter}
      ORDER BY w.day DESC, w.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
  );
  return {
    list: list.map((r) => ({
      pid: Number(r.pid),
      coin: r.coin,
      reward_coin: r.reward_coin,
      time: Math.floor(Date.parse(`${r.day}T00:00:00Z`) / 1000),
      protocol_name: r.protocol_name,
      base: toWire(r.base),
      base_coin: r.base_coin,
      amount: toWire(r.amount),
      bonus: toWire(r.bonus),
    })),
    total: count?.n ?? 0,
  };
}

/** Every source of return of a coin (its products) with its trend (spec: coin-defi-lines). */
export async function stakingDefiLines(ctx: AppContext, coin: string, limit: number) {
  const products = (await allStakingProducts(ctx.db)).filter((p) => p.coin === coin.toUpperCase());
  return Promise.all(
    products.map(async (p) => ({
      pid: p.id,
      protocol_name: p.protocolName,
      lines: await linesOf(ctx, p, limit),
    })),
  );
}

/** The APR each settled day paid, oldest first, over the last `limit` days (the trend chart). */
export async function stakingLines(ctx: AppContext, coin: string, pid: number | undefined, limit: number) {
  return linesOf(ctx, await findStakingProduct(ctx.db, coin, pid), limit);
}

async function linesOf(ctx: AppContext, p: StakingProductRow, limit: number) {
  const from = toDayString(ctx.clock.now().getTime() - limit * DAY_MS);
  const rows = rowsOf<{
    day: string;
    rate: string;
    base_rate: string;
    extra_rate: string;
    exchange_rate: string | null;
  }>(
    await ctx.db.execute(sql`
      SELECT day, rate::text, base_rate::text, extra_rate::text, exchange_rate::text FROM staking_days
      WHERE product_id = ${p.id} AND day >= ${from} ORDER BY day`),
  );
  return rows.map((r) => ({
    time: Math.floor(Date.parse(`${r.day}T00:00:00Z`) / 1000),
    rate: toWire(r.rate),
    base_rate: toWire(r.base_rate),
    extra_rate: toWire(r.extra_rate),
    reward_coin: p.rewardCoin,
    exchange_rate_reverse: r.exchange_rate ? toWire(reverseRate(r.exchange_rate)) : '',
  }));
}

export async function stakingStatistics(ctx: AppContext, coin: string, pid?: number) {
  const p = await findStakingProduct(ctx.db, coin, pid);
  const [row] = rowsOf<{ stakers: number; total: string }>(
    await ctx.db.execute(sql`
      SELECT (SELECT count(DISTINCT user_id)::int FROM ledger_accounts WHERE user_id IS NOT NULL AND balance > 0
          AND (wallet = ${`staking:${p.id}`} OR wallet = ${`staking_pending:${p.id}`}
            OR (${p.receiptCoin ?? ''} <> '' AND coin = ${p.receiptCoin ?? ''}))) AS stakers,
        (SELECT coalesce(sum(paid), 0)::text FROM staking_days WHERE product_id = ${p.id}) AS total`),
  );
  const left = remainingOf(p.redeemQuickDaily, await fastUsedToday(ctx.db, p.id, ctx.clock.now().getTime()));
  return {
    coin: p.coin,
    staked: toWire(p.staked),
    stakers: row?.stakers ?? 0,
    total_reward: toWire(row?.total ?? '0'),
    fast_quota_left: left === null ? UNLIMITED : toWire(left),
  };
}

/** The user's loans by coin (spec: user-loans): taken off the stakeable balance of a coin whose borrowed coins cannot be staked. */
export async function stakingUserLoans(ctx: AppContext, user: User, coin?: string) {
  const loans = await loansOf(ctx.db, user.id);
  const assets: Record<string, string> = {};
  for (const [c, amount] of loans) if (!coin || c === coin.toUpperCase()) assets[c] = toWire(amount);
  return { assets };
}

/** The FAQ of a product, worded from its own settings (cate 1 common, 2 overview), in English or Chinese. */
export async function stakingFaq(ctx: AppContext, q: { coin?: string; pid?: number; locale?: string }) {
  const p = q.coin ? await findStakingProduct(ctx.db, q.coin, q.pid) : null;
  const zh = readerLocale(q.locale) === 'zh-CN';
  const common = [
    zh
      ? {
          ask: '何时开始计算收益？',
          answer: '每日 00:00 (UTC) 结算前一日收益，按当日全天持有的最低数量计算：质押从下一个完整日开始计息。',
          cate: 1,
        }
      : {
          ask: 'When do rewards start?',
          answer:
            'A day is paid when it ends (00:00 UTC), on the lowest amount you held through all of it: a stake starts earning from the next whole day.',
          cate: 1,
        },
    zh
      ? { ask: '赎回中的资产有收益吗？', answer: '没有：赎回后资产立即退出质押，在队列中等待到账。', cate: 1 }
      : {
          ask: 'What do coins being redeemed earn?',
          answer: 'Nothing: a redemption leaves your stake at once and waits in the queue until it arrives.',
          cate: 1,
        },
  ];
  if (!p) return common;
  const fee = new Decimal(p.feeRate).times(100).toFixed();
  const sources = (await allStakingProducts(ctx.db)).filter(
    (s) => s.coin === p.coin && s.type === 1 && s.exchangeType === 'default',
  );
  // cate 3: the sources of return of a coin staked through several.
  const defi =
    sources.length > 1 && sources.some((s) => s.id === p.id)
      ? [
          zh
            ? {
                ask: `${p.coin} 有哪些收益来源？`,
                answer: `${sources.map((s) => `${s.protocolName}（年化 ${new Decimal(s.rate).times(100).toFixed(2)}%）`).join('、')}。每个来源有各自的年化、限额和赎回期，分别持仓和赎回。`,
                cate: 3,
              }
            : {
                ask: `Where does ${p.coin}'s return come from?`,
                answer: `${sources.map((s) => `${s.protocolName} (${new Decimal(s.rate).times(100).toFixed(2)}% APR)`).join(', ')}. Each source has its own APR, limits and redeem period; you hold and redeem each separately.`,
                cate: 3,
              },
        ]
      : [];
  return [
    zh
      ? {
          ask: `什么是 ${p.coin} 质押？`,
          answer: `质押 ${p.coin}，按产品年化收益率每日获得 ${p.rewardCoin}，平台收取 ${fee}% 手续费（部分 VIP 等级更少）。`,
          cate: 2,
        }
      : {
          ask: `What is ${p.coin} staking?`,
          answer: `You stake ${p.coin} and earn ${p.rewardCoin} every day at the product's APR, less a ${fee}% platform fee (VIP tiers may pay less).`,
          cate: 2,
        },
    ...defi,
    ...common,
  ];
}

/** The user's redemptions, newest first: queued ones with their arrival, arrived ones with when they did. */
export async function stakingRedemptions(
  ctx: AppContext,
  user: User,
  q: { coin?: string | undefined; page: number; limit: number },
) {
  const filter = sql`r.user_id = ${user.id} ${q.coin ? sql`AND r.coin = ${q.coin.toUpperCase()}` : sql``}`;
  const [count] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n FROM staking_redemptions r WHERE ${filter}`),
  );
  const rows = rowsOf<{
    id: number;
    pid: number;
    protocol_name: string;
    coin: string;
    amount: string;
    fee: string;
    quick: boolean;
    requested_at: string;
    release_at: string;
    released_at: string | null;
  }>(
    await ctx.db.execute(sql`
      SELECT r.id, r.product_id AS pid, p.protocol_name, r.coin, r.amount::text, r.fee::text, r.quick,
        r.requested_at::text, r.release_at::text, r.released_at::text
      FROM staking_redemptions r JOIN staking_products p ON p.id = r.product_id WHERE ${filter}
      ORDER BY r.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
  );
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      pid: Number(r.pid),
      protocol_name: r.protocol_name,
      coin: r.coin,
      amount: toWire(r.amount),
      fee: toWire(r.fee),
      received: toWire(new Decimal(r.amount).minus(r.fee)),
      quick: r.quick ? 1 : 0,
      create_time: seconds(r.requested_at),
      redeem_stamp: seconds(r.released_at ?? r.release_at),
      status: r.released_at ? 1 : 0,
    })),
    total: count?.n ?? 0,
  };
}
