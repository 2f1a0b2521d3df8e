import { Decimal, parseAmount, VIP_TIER, WIRE_AMOUNTS } from '@earn/domain';
import {
  AssetAmount,
  AutoInvestBody,
  AutoInvestQuery,
  AutoInvestStatus,
  AwardPool,
  CancelRedemptionBody,
  ChartPoint,
  ChartQuery,
  CoinFilter,
  CoinSymbol,
  EarnStatistics,
  EarnVip,
  FaqItem,
  FlexibleHolding,
  FlexibleProduct,
  FlexibleRedeemBody,
  FlexibleRedeemResult,
  FlexibleSubscribeBody,
  FlexibleSubscribeResult,
  HistoryQuery,
  HistoryRow,
  HistoryType,
  InterestRateBody,
  InterestRateResult,
  LendHour,
  LocaleTag,
  MarketListQuery,
  Paged,
  PageNumber,
  RateSimulation,
} from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { badRequest, checkPeriod, noFlexibleProduct, refused } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import { idempotencyOf } from '../../http/idempotency.js';
import { userOf } from '../../http/session.js';
import { cancelRedemption } from './cancel-redemption.js';
import { listFaq } from './faq.js';
import { earnHistory, HISTORY_TYPES, historyCoins } from './history.js';
import { earnStatistics, flexibleHoldings } from './holdings.js';
import {
  getAutoInvest,
  lendDetail,
  marketList,
  productViews,
  type RateProjection,
  rateChart,
  simulateMinRate,
} from './market-queries.js';
import { isAwardOpen, requireOpenMarket } from './markets.js';
import { precheckRedeem, type RedeemInput, redeemFlexible } from './redeem-flexible.js';
import { setAutoInvest } from './set-auto-invest.js';
import { setMinLendRate } from './set-min-lend-rate.js';
import { precheckSubscribe, type SubscribeInput, subscribeFlexible } from './subscribe-flexible.js';

const tags = ['simple-earn'];
const user = { auth: 'user' as const };
const BASE = '/apiw/v2/uni-loan/earn';
const AssetQuery = Type.Object({ asset: CoinSymbol });

export const simpleEarnRoutes =
  (ctx: AppContext, projection: RateProjection): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      `${BASE}/market/list`,
      { schema: { tags, querystring: MarketListQuery, response: responses(Paged(FlexibleProduct)) } },
      async (request) => {
        const q = request.query;
        return ok(await marketList(ctx, projection, request.user, { ...q, page: q.page ?? 1, limit: q.limit ?? 7 }));
      },
    );

    app.get(
      `${BASE}/coin-info`,
      {
        schema: {
          tags,
          querystring: Type.Object({
            coin: Type.Optional(CoinFilter),
            kyc_level: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
            show_page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
            status: Type.Optional(Type.Integer()),
          }),
          response: responses(Type.Array(FlexibleProduct)),
        },
      },
      async (request) => {
        const all = await productViews(ctx, projection, request.user);
        const coin = request.query.coin?.toUpperCase();
        if (coin && !all.some((p) => p.asset === coin)) throw noFlexibleProduct('coin', coin);
        return ok(coin ? all.filter((p) => p.asset === coin) : all);
      },
    );

    app.get(
      `${BASE}/award-pool`,
      { schema: { tags, querystring: AssetQuery, response: responses(Type.Array(AwardPool)) } },
      async (request) => {
        const market = await requireOpenMarket(ctx.db, request.query.asset);
        const nowMs = ctx.clock.now().getTime();
        if (!market.awardAsset || !market.awardStartAt || !market.awardEndAt) return ok([]);
        return ok([
          {
            asset: market.coin,
            award_asset: market.awardAsset,
            ext_award_limit: new Decimal(market.awardLimit).toFixed(),
            ext_award_rate_year: new Decimal(market.awardRate).toFixed(),
            start_at: Math.floor(market.awardStartAt.getTime() / 1000),
            end_at: Math.floor(market.awardEndAt.getTime() / 1000),
            is_open_award_pool: isAwardOpen(market, nowMs) ? 1 : 0,
          },
        ]);
      },
    );

    app.post(
      `${BASE}/subscribe`,
      {
        config: {
          ...user,
          fundpass: true,
          precheck: (body, u) => precheckSubscribe(ctx, body as SubscribeInput, u),
        },
        schema: { tags, body: FlexibleSubscribeBody, response: responses(FlexibleSubscribeResult) },
      },
      async (request) => {
        const u = userOf(request);
        return ok(await subscribeFlexible(ctx, u, request.body, idempotencyOf(request, u.id, ctx.clock)));
      },
    );

    app.get(
      `${BASE}/subscribe`,
      {
        config: user,
        schema: {
          tags,
          querystring: Type.Object({
            page: Type.Optional(PageNumber),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
            asset: Type.Optional(CoinFilter),
          }),
          response: responses(Paged(FlexibleHolding)),
        },
      },
      async (request) =>
        ok(
          await flexibleHoldings(
            ctx,
            projection,
            userOf(request),
            request.query.page ?? 1,
            request.query.limit ?? 10,
            request.query.asset,
          ),
        ),
    );

    app.post(
      `${BASE}/redeem`,
      {
        config: { ...user, fundpass: true, precheck: (body, u) => precheckRedeem(ctx, body as RedeemInput, u) },
        schema: { tags, body: FlexibleRedeemBody, response: responses(FlexibleRedeemResult) },
      },
      async (request) => {
        const u = userOf(request);
        return ok(await redeemFlexible(ctx, u, request.body, idempotencyOf(request, u.id, ctx.clock)));
      },
    );

    // Cancel redemption: the spec names no path; it sends amount and asset.
    app.post(
      `${BASE}/redeem/cancel`,
      { config: user, schema: { tags, body: CancelRedemptionBody, response: responses(AssetAmount) } },
      async (request) => ok(await cancelRedemption(ctx, userOf(request), request.body)),
    );

    // After a redemption the client asks where it stands: the pending part and when it arrives.
    app.post(
      `${BASE}/redeem-callback`,
      {
        config: user,
        schema: {
          tags,
          body: Type.Object({ asset: CoinSymbol }),
          response: responses(Type.Array(FlexibleHolding)),
        },
      },
      async (request) => {
        await requireOpenMarket(ctx.db, request.body.asset);
        return ok((await flexibleHoldings(ctx, projection, userOf(request), 1, 1, request.body.asset)).list);
      },
    );

    app.post(
      `${BASE}/interest-rate`,
      { config: user, schema: { tags, body: InterestRateBody, response: responses(InterestRateResult) } },
      async (request) => ok(await setMinLendRate(ctx, userOf(request), request.body)),
    );

    app.get(
      `${BASE}/interest-rate/simulate`,
      {
        schema: {
          tags,
          querystring: Type.Object({
            asset: CoinSymbol,
            rateYear: Type.String({ maxLength: 40, description: 'APR as a fraction, e.g. "0.05"' }),
          }),
          response: responses(RateSimulation),
        },
      },
      async (request) => {
        // The same parser as every other rate (subscribe, interest-rate).
        const rate = parseAmount('rateYear', request.query.rateYear, WIRE_AMOUNTS.minLendRate);
        if (!rate.ok) throw refused(rate);
        await requireOpenMarket(ctx.db, request.query.asset);
        return ok(await simulateMinRate(ctx.db, request.query.asset, rate.value, ctx.clock.now().getTime()));
      },
    );

    app.get(
      `${BASE}/lend-detail`,
      { config: user, schema: { tags, querystring: AssetQuery, response: responses(Type.Array(LendHour)) } },
      async (request) => {
        await requireOpenMarket(ctx.db, request.query.asset);
        return ok(await lendDetail(ctx.db, userOf(request).id, request.query.asset, ctx.clock.now().getTime()));
      },
    );

    app.get(
      `${BASE}/autoivest`,
      { schema: { tags, querystring: AutoInvestQuery, response: responses(AutoInvestStatus) } },
      async (request) => {
        const assets = (request.query.assets ?? '')
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        return ok(await getAutoInvest(ctx.db, request.user?.id, assets));
      },
    );

    app.post(
      `${BASE}/autoivest`,
      { config: user, schema: { tags, body: AutoInvestBody, response: responses(AutoInvestStatus) } },
      async (request) => ok(await setAutoInvest(ctx, userOf(request), request.body)),
    );

    app.get(
      `${BASE}/chart`,
      { schema: { tags, querystring: ChartQuery, response: responses(Type.Array(ChartPoint)) } },
      async (request) => {
        const q = request.query;
        checkPeriod(q.from, q.to, { names: ['from', 'to'] });
        if (q.to - q.from > 400 * 86_400) throw badRequest('the chart covers at most 400 days', 'chart.tooLong');
        await requireOpenMarket(ctx.db, q.asset);
        return ok(await rateChart(ctx.db, q.asset, q.from, q.to, q.type));
      },
    );

    app.get(
      `${BASE}/statistics`,
      { config: user, schema: { tags, response: responses(EarnStatistics) } },
      async (request) => ok(await earnStatistics(ctx, userOf(request))),
    );

    app.get(
      `${BASE}/history`,
      { config: user, schema: { tags, querystring: HistoryQuery, response: responses(Paged(HistoryRow)) } },
      async (request) => {
        const q = request.query;
        checkPeriod(q.start_at, q.end_at, { withinSixMonths: true });
        return ok(
          await earnHistory(ctx.db, userOf(request).id, 'flexible', { ...q, page: q.page ?? 1, limit: q.limit ?? 10 }),
        );
      },
    );

    app.get(
      `${BASE}/history/types`,
      {
        schema: {
          tags,
          querystring: Type.Object({ product_type: Type.Optional(Type.String()) }),
          response: responses(Type.Array(HistoryType)),
        },
      },
      async () => ok([...HISTORY_TYPES]),
    );

    app.get(
      `${BASE}/history/coins`,
      { config: user, schema: { tags, response: responses(Type.Array(Type.String())) } },
      async (request) => ok(await historyCoins(ctx.db, userOf(request).id, 'flexible')),
    );

    app.get(`${BASE}/user/vip`, { schema: { tags, response: responses(EarnVip) } }, async (request) => {
      const tier = request.user?.tier ?? 0;
      return ok({ tier, is_vip: tier >= VIP_TIER, auto_earn_available: tier < VIP_TIER });
    });

    app.get(
      '/apiw/v2/earn/ask',
      {
        schema: {
          tags,
          querystring: Type.Object({
            mold: Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$' }),
            locale: Type.Optional(LocaleTag),
          }),
          response: responses(Type.Array(FaqItem)),
        },
      },
      async (request) => ok(await listFaq(ctx.db, request.query.mold, request.query.locale ?? 'en')),
    );
  };
