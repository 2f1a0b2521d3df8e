import {
  FixedHistoryQuery,
  FixedHistoryRow,
  FixedHolding,
  FixedHoldingsQuery,
  FixedLendBody,
  FixedLendResult,
  FixedOrderChoice,
  FixedOrderPath,
  FixedProduct,
  FixedProductIdQuery,
  FixedProductListQuery,
  FixedProductPidQuery,
  FixedProductQuery,
  Lendable,
  Paged,
  PreRedeemBody,
  PreRedeemResult,
  RateUpCoupon,
  RedeemAccountBody,
  ReinvestStatusBody,
  RemainingQuota,
  SubscribeCheckResult,
} from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { checkPeriod } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import { idempotencyOf } from '../../http/idempotency.js';
import { userOf } from '../../http/session.js';
import { earnHistory, historyCoins } from '../simple-earn/history.js';
import { fixedHoldings } from './holdings.js';
import { precheckPreRedeem, preRedeem } from './pre-redeem.js';
import {
  couponRecommend,
  lendable,
  productCoins,
  productDetail,
  productList,
  remainingQuota,
  subscribeCheck,
} from './queries.js';
import { setRedeemAccount } from './set-redeem-account.js';
import { setReinvest } from './set-reinvest.js';
import { precheckFixedSubscribe, subscribeFixed } from './subscribe-fixed.js';

const tags = ['fixed-earn'];
const user = { auth: 'user' as const };

/**
 * Fixed-term calls, under /apiw/v2 and, for VIP products, /apiw/v2/vip (spec: VIP variants insert
 * /vip after the base). Both serve the same products and orders; the VIP page reads type 2.
 */
export const fixedEarnRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    for (const root of ['/apiw/v2', '/apiw/v2/vip']) {
      const base = `${root}/fixed_earn/api`;
      app.get(
        `${base}/product/:type/list`,
        {
          schema: {
            tags,
            params: Type.Object({ type: Type.Integer({ minimum: 0, maximum: 3 }) }),
            querystring: FixedProductListQuery,
            response: responses(Type.Object({ list: Type.Array(FixedProduct) })),
          },
        },
        async (request) => ok({ list: await productList(ctx, request.params.type, request.query) }),
      );

      app.get(
        `${base}/product/detail`,
        { schema: { tags, querystring: FixedProductQuery, response: responses(FixedProduct) } },
        async (request) => ok(await productDetail(ctx, request.query.id, request.query.locale)),
      );

      app.get(`${base}/product/coins`, { schema: { tags, response: responses(Type.Array(Type.String())) } }, async () =>
        ok(await productCoins(ctx)),
      );

      app.get(
        `${base}/user/lendable`,
        { config: user, schema: { tags, querystring: FixedProductIdQuery, response: responses(Lendable) } },
        async (request) => ok(await lendable(ctx, userOf(request), request.query.product_id)),
      );

      app.get(
        `${base}/user/remaining-quota`,
        { config: user, schema: { tags, querystring: FixedProductIdQuery, response: responses(RemainingQuota) } },
        async (request) => ok(await remainingQuota(ctx, userOf(request), request.query.product_id)),
      );

      app.post(
        `${base}/user/lend`,
        {
          config: {
            ...user,
            fundpass: true,
            precheck: (body, u) => precheckFixedSubscribe(ctx, body as FixedLendBody, u),
          },
          schema: { tags, body: FixedLendBody, response: responses(FixedLendResult) },
        },
        async (request) => {
          const u = userOf(request);
          return ok(await subscribeFixed(ctx, u, request.body, idempotencyOf(request, u.id, ctx.clock)));
        },
      );

      app.get(
        `${base}/user/lend`,
        { config: user, schema: { tags, querystring: FixedHoldingsQuery, response: responses(Paged(FixedHolding)) } },
        async (request) => {
          const q = request.query;
          return ok(await fixedHoldings(ctx, userOf(request), { ...q, page: q.page ?? 1, limit: q.limit ?? 10 }));
        },
      );

      app.get(
        `${base}/user/history`,
        { config: user, schema: { tags, querystring: FixedHistoryQuery, response: responses(Paged(FixedHistoryRow)) } },
        async (request) => {
          const q = request.query;
          checkPeriod(q.start_at, q.end_at, { withinSixMonths: true });
          return ok(
            await earnHistory(ctx.db, userOf(request).id, 'fixed', { ...q, page: q.page ?? 1, limit: q.limit ?? 10 }),
          );
        },
      );

      app.get(
        `${base}/user/history/coins`,
        { config: user, schema: { tags, response: responses(Type.Array(Type.String())) } },
        async (request) => ok(await historyCoins(ctx.db, userOf(request).id, 'fixed')),
      );

      app.post(
        `${base}/user/pre-redeem`,
        {
          config: {
            ...user,
            fundpass: true,
            precheck: (body, u) => precheckPreRedeem(ctx, u, Number((body as PreRedeemBody).order_id)),
          },
          schema: { tags, body: PreRedeemBody, response: responses(PreRedeemResult) },
        },
        async (request) => {
          const u = userOf(request);
          const orderId = Number(request.body.order_id);
          return ok(await preRedeem(ctx, u, orderId, idempotencyOf(request, u.id, ctx.clock)));
        },
      );

      app.put(
        `${base}/user/reinvest-status/:order_id`,
        {
          config: user,
          schema: { tags, params: FixedOrderPath, body: ReinvestStatusBody, response: responses(FixedOrderChoice) },
        },
        async (request) => ok(await setReinvest(ctx, userOf(request), request.params.order_id, request.body)),
      );

      app.put(
        `${base}/user/redeem-account-type/:order_id`,
        {
          config: user,
          schema: { tags, params: FixedOrderPath, body: RedeemAccountBody, response: responses(FixedOrderChoice) },
        },
        async (request) =>
          ok(await setRedeemAccount(ctx, userOf(request), request.params.order_id, request.body.redeem_account_type)),
      );
    }

    app.get(
      '/apiw/v2/uni-loan/earn/coupon-recommend',
      {
        config: user,
        schema: {
          tags,
          querystring: FixedProductPidQuery,
          response: responses(Type.Object({ list: Type.Array(RateUpCoupon) })),
        },
      },
      async (request) => ok(await couponRecommend(ctx, userOf(request), request.query.pid)),
    );

    app.get(
      '/apiw/v2/uni-loan/earn/subscribe/check',
      { config: user, schema: { tags, querystring: FixedProductPidQuery, response: responses(SubscribeCheckResult) } },
      async (request) => ok(await subscribeCheck(ctx, userOf(request), request.query.pid)),
    );
  };
