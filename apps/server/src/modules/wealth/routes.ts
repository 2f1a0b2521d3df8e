import {
  LocaleTag,
  ProjectType,
  WEALTH_BASE,
  WealthDetailQuery,
  WealthLines,
  WealthLinesQuery,
  WealthOrder,
  WealthOrderDetail,
  WealthProduct,
  WealthPurchaseBody,
  WealthRedeemBody,
} from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { ok, responses } from '../../http/envelope.js';
import { idempotencyOf } from '../../http/idempotency.js';
import { userOf } from '../../http/session.js';
import { precheckPurchase, purchaseWealth } from './purchase.js';
import { wealthLines, wealthOrderDetail, wealthProductList } from './queries.js';
import { precheckWealthRedeem, redeemWealth } from './redeem.js';

const tags = ['wealth'];
const user = { auth: 'user' as const };
const moneyAction = { ...user, fundpass: true };

/** Private wealth and asset management (spec: /apiw/v2/earn/private-wealth), plus the page's product list. */
export const wealthRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      `${WEALTH_BASE}/products`,
      {
        schema: {
          tags,
          querystring: Type.Object({ project_type: Type.Optional(ProjectType), locale: Type.Optional(LocaleTag) }),
          response: responses(Type.Array(WealthProduct)),
        },
      },
      async (request) =>
        ok(await wealthProductList(ctx, request.user ?? null, request.query.project_type, request.query.locale)),
    );

    app.post(
      `${WEALTH_BASE}/purchase`,
      {
        config: { ...moneyAction, precheck: (body, u) => precheckPurchase(ctx, body as WealthPurchaseBody, u) },
        schema: { tags, body: WealthPurchaseBody, response: responses(WealthOrder) },
      },
      async (request) => {
        const u = userOf(request);
        return ok(await purchaseWealth(ctx, u, request.body, idempotencyOf(request, u.id, ctx.clock)));
      },
    );

    app.post(
      `${WEALTH_BASE}/redeem`,
      {
        config: { ...moneyAction, precheck: (body, u) => precheckWealthRedeem(ctx, body as WealthRedeemBody, u) },
        schema: { tags, body: WealthRedeemBody, response: responses(WealthOrder) },
      },
      async (request) => {
        const u = userOf(request);
        return ok(await redeemWealth(ctx, u, request.body, idempotencyOf(request, u.id, ctx.clock)));
      },
    );

    // The NAV's history ('rate') is public, so a guest's detail shows it; a holding's ('balance') is not.
    app.get(
      `${WEALTH_BASE}/lines`,
      { schema: { tags, querystring: WealthLinesQuery, response: responses(WealthLines) } },
      async (request) =>
        ok(await wealthLines(ctx, request.query.type === 'rate' ? null : userOf(request), request.query)),
    );

    app.get(
      `${WEALTH_BASE}/order-detail`,
      { config: user, schema: { tags, querystring: WealthDetailQuery, response: responses(WealthOrderDetail) } },
      async (request) => ok(await wealthOrderDetail(ctx, userOf(request), request.query)),
    );
  };
