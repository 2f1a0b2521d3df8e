import { Coin, TickerItem, TickersQuery } from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { ok, responses } from '../../http/envelope.js';
import { catalogueCoins } from './repo.js';
import { getTickers } from './tickers.js';

export const marketRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/apiw/v2/market/tickers',
      { schema: { tags: ['market'], querystring: TickersQuery, response: responses(Type.Array(TickerItem)) } },
      async (request) => ok(await getTickers(ctx, request.query.currency_pairs)),
    );

    app.get(
      '/apiw/v2/market/coins',
      { schema: { tags: ['market'], response: responses(Type.Array(Coin)) } },
      async () =>
        ok(
          (await catalogueCoins(ctx.db)).map((c) => ({
            symbol: c.symbol,
            name: c.name,
            decimals: c.decimals,
            icon: c.icon,
          })),
        ),
    );
  };
