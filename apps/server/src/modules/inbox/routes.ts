import { Inbox, PageNumber, RowId } from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
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
          // Which messages, said outright: a body that names neither (a typo, a field of another
          // call) marks nothing rather than everything.
          body: Type.Object({
            ids: Type.Optional(Type.Array(RowId, { maxItems: 100 })),
            all: Type.Optional(Type.Literal(true, { description: 'mark every message read' })),
          }),
          response: responses(Inbox),
        },
      },
      async (request) => {
        const { ids, all } = request.body;
        if ((ids === undefined) === (all === undefined)) {
          throw badRequest('Give either ids or all: true, not both or neither', 'inbox.readWhich');
        }
        return ok(await markRead(ctx, userOf(request).id, ids));
      },
    );
  };
