import { Inbox, PageNumber, RowId } from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { ok, responses } from '../../http/envelope.js';
import { userOf } from '../../http/session.js';
import { listInbox, markRead } from './inbox.js';

const tags = ['inbox'];
export const inboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/apiw/v2/inbox',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          querystring: Type.Object({
            page: Type.Optional(PageNumber),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
          }),
          response: responses(Inbox),
        },
      },
      async (request) =>
        ok(await listInbox(ctx.db, userOf(request).id, request.query.page ?? 1, request.query.limit ?? 20)),
    );
    app.post(
      '/apiw/v2/inbox/read',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          body: Type.Object({ ids: Type.Optional(Type.Array(RowId, { maxItems: 100 })) }),
          response: responses(Inbox),
        },
      },
      async (request) => ok(await markRead(ctx, userOf(request).id, request.body.ids)),
    );
  };
