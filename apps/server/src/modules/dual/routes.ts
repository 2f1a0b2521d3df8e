import { DualOrder, DualOrderQuery, DualOrdersQuery, Paged } from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { ok, responses } from '../../http/envelope.js';
import { userOf } from '../../http/session.js';
import { dualOrderDetail, dualOrderList } from './orders.js';

const tags = ['dual'];
const user = { auth: 'user' as const };

/** The user's dual-investment and dual-sniper orders (spec calls), read only, plus their list. */
export const dualRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/apiw/v2/earn/dual/order-detail',
      { config: user, schema: { tags, querystring: DualOrderQuery, response: responses(DualOrder) } },
      async (request) => ok(await dualOrderDetail(ctx, userOf(request), request.query.order_id, 'dual')),
    );
    app.get(
      '/apiw/v2/earn/dual-sniper/order',
      { config: user, schema: { tags, querystring: DualOrderQuery, response: responses(DualOrder) } },
      async (request) => ok(await dualOrderDetail(ctx, userOf(request), request.query.order_id, 'sniper')),
    );
    app.get(
      '/apiw/v2/earn/dual/orders',
      { config: user, schema: { tags, querystring: DualOrdersQuery, response: responses(Paged(DualOrder)) } },
      async (request) =>
        ok(await dualOrderList(ctx, userOf(request), request.query.page ?? 1, request.query.limit ?? 10)),
    );
  };
