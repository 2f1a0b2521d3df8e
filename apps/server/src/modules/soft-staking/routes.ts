import {
  Paged,
  SOFT_STAKING_BASE,
  SoftStakingReward,
  SoftStakingRewardsQuery,
  SoftStakingStatus,
  SoftStakingSwitchBody,
} from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { checkPeriod } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import { userOf } from '../../http/session.js';
import { softStakingRewards, softStakingStatus } from './queries.js';
import { switchSoftStaking } from './switch.js';

const tags = ['soft-staking'];
const user = { auth: 'user' as const };

/** Soft staking: the spec's switch call, plus the page's status and reward history. */
export const softStakingRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      `${SOFT_STAKING_BASE}/switch`,
      {
        config: user,
        schema: { tags, body: SoftStakingSwitchBody, response: responses(Type.Object({ status: Type.Boolean() })) },
      },
      async (request) => ok(await switchSoftStaking(ctx, userOf(request), request.body.status)),
    );
    app.get(
      `${SOFT_STAKING_BASE}/status`,
      { schema: { tags, response: responses(SoftStakingStatus) } },
      async (request) => ok(await softStakingStatus(ctx, request.user ?? null)),
    );
    app.get(
      `${SOFT_STAKING_BASE}/rewards`,
      {
        config: user,
        schema: { tags, querystring: SoftStakingRewardsQuery, response: responses(Paged(SoftStakingReward)) },
      },
      async (request) => {
        const q = request.query;
        checkPeriod(q.from, q.to, { names: ['from', 'to'], withinSixMonths: true });
        return ok(
          await softStakingRewards(ctx, userOf(request), {
            from: q.from,
            to: q.to,
            page: q.page ?? 1,
            limit: q.limit ?? 10,
          }),
        );
      },
    );
  };
