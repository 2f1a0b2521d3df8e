import { Code } from '@earn/domain';
import {
  Paged,
  STAKING_BASE,
  StakingActionBody,
  StakingActionResult,
  StakingBalance,
  StakingBalancesQuery,
  StakingCoinQuery,
  StakingFaq,
  StakingFaqQuery,
  StakingLine,
  StakingLinesQuery,
  StakingListQuery,
  StakingProduct,
  StakingProductDetailQuery,
  StakingProductQuery,
  StakingProfitQuery,
  StakingProfitRecord,
  StakingRedemption,
  StakingRedemptionsQuery,
  StakingStatistics,
  StakingUserInfo,
} from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import { idempotencyOf } from '../../http/idempotency.js';
import { userOf } from '../../http/session.js';
import type { User } from '../account/repo.js';
import {
  stakingBalances,
  stakingDefiLines,
  stakingFaq,
  stakingLines,
  stakingProductDetail,
  stakingProductList,
  stakingProfitRecords,
  stakingRedemptions,
  stakingStatistics,
  stakingUserInfo,
  stakingUserLoans,
} from './queries.js';
import { precheckRedeem, redeem } from './redeem.js';
import { precheckStake, stake } from './stake.js';

const tags = ['staking'];
const user = { auth: 'user' as const };
const moneyAction = { ...user, fundpass: true };

/** On-chain staking calls (spec table under /apiw/v2/earn/staking), plus the hub's product list. */
export const stakingRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      `${STAKING_BASE}/products`,
      { schema: { tags, querystring: StakingListQuery, response: responses(Paged(StakingProduct)) } },
      async (request) => {
        const q = request.query;
        return ok(
          await stakingProductList(ctx, {
            coin: q.coin,
            filter: q.filter,
            page: q.page ?? 1,
            limit: q.limit ?? 10,
            locale: q.locale,
          }),
        );
      },
    );

    app.get(
      `${STAKING_BASE}/product`,
      { schema: { tags, querystring: StakingProductDetailQuery, response: responses(StakingProduct) } },
      async (request) =>
        ok(await stakingProductDetail(ctx, request.query.coin, request.query.pid, request.query.locale)),
    );

    app.get(
      `${STAKING_BASE}/coin-user-info`,
      { config: user, schema: { tags, querystring: StakingProductQuery, response: responses(StakingUserInfo) } },
      async (request) => ok(await stakingUserInfo(ctx, userOf(request), request.query.coin, request.query.pid)),
    );

    app.get(
      `${STAKING_BASE}/balances`,
      {
        config: user,
        schema: { tags, querystring: StakingBalancesQuery, response: responses(Type.Array(StakingBalance)) },
      },
      async (request) =>
        ok(
          await stakingBalances(ctx, userOf(request), {
            coin: request.query.coin,
            hideZero: request.query.hide_zero_hold === 1,
          }),
        ),
    );

    app.get(
      `${STAKING_BASE}/lock-balances`,
      { config: user, schema: { tags, response: responses(Type.Array(StakingBalance)) } },
      async (request) => ok(await stakingBalances(ctx, userOf(request), { hideZero: true })),
    );

    // Stake (coin-swap-verify), redeem (coin-redeem) and the shared action call that does either by side.
    const act = (side: 0 | 1 | 'any') => async (request: FastifyRequest<{ Body: StakingActionBody }>) => {
      const u = userOf(request);
      const body = request.body;
      if (side !== 'any' && body.side !== side) {
        throw new AppError(Code.Failure, `side must be ${side} on this call`, 400, {
          key: 'validation.notAllowed',
          params: { field: 'side' },
        });
      }
      const idem = idempotencyOf(request, u.id, ctx.clock);
      return ok(body.side === 0 ? await stake(ctx, u, body, idem) : await redeem(ctx, u, body, idem));
    };
    const actionSchema = { tags, body: StakingActionBody, response: responses(StakingActionResult) };
    // A stake or redemption refused anyway (the minimum, the balance, a cap, what is held, the fast
    // quota) is refused before the prompt; a call on the wrong side is left to the call to refuse.
    const staking = (side: 0 | 1 | 'any') => ({
      ...moneyAction,
      precheck: async (body: unknown, u: User) => {
        const action = body as StakingActionBody;
        if (side !== 'any' && action.side !== side) return;
        await (action.side === 0 ? precheckStake(ctx, action, u) : precheckRedeem(ctx, action, u));
      },
    });
    app.post(`${STAKING_BASE}/coin-swap-verify`, { config: staking(0), schema: actionSchema }, act(0));
    app.post(`${STAKING_BASE}/coin-redeem`, { config: staking(1), schema: actionSchema }, act(1));
    app.post(`${STAKING_BASE}/action`, { config: staking('any'), schema: actionSchema }, act('any'));

    app.get(
      `${STAKING_BASE}/redemptions`,
      {
        config: user,
        schema: { tags, querystring: StakingRedemptionsQuery, response: responses(Paged(StakingRedemption)) },
      },
      async (request) => {
        const q = request.query;
        return ok(
          await stakingRedemptions(ctx, userOf(request), { coin: q.coin, page: q.page ?? 1, limit: q.limit ?? 10 }),
        );
      },
    );

    app.get(
      `${STAKING_BASE}/coin-user-profit-records`,
      {
        config: user,
        schema: { tags, querystring: StakingProfitQuery, response: responses(Paged(StakingProfitRecord)) },
      },
      async (request) => {
        const q = request.query;
        return ok(
          await stakingProfitRecords(ctx, userOf(request), {
            coin: q.coin,
            pid: q.pid,
            to: q.to,
            page: q.page ?? 1,
            limit: q.limit ?? 10,
          }),
        );
      },
    );

    app.get(
      `${STAKING_BASE}/coin-lines`,
      { schema: { tags, querystring: StakingLinesQuery, response: responses(Type.Array(StakingLine)) } },
      async (request) => ok(await stakingLines(ctx, request.query.coin, request.query.pid, request.query.limit ?? 365)),
    );

    app.get(
      `${STAKING_BASE}/coin-defi-lines`,
      {
        schema: {
          tags,
          querystring: Type.Omit(StakingLinesQuery, ['pid']),
          response: responses(
            Type.Array(
              Type.Object({ pid: Type.Integer(), protocol_name: Type.String(), lines: Type.Array(StakingLine) }),
            ),
          ),
        },
      },
      async (request) => ok(await stakingDefiLines(ctx, request.query.coin, request.query.limit ?? 365)),
    );

    app.get(
      `${STAKING_BASE}/statistics`,
      { schema: { tags, querystring: StakingProductQuery, response: responses(StakingStatistics) } },
      async (request) => ok(await stakingStatistics(ctx, request.query.coin, request.query.pid)),
    );

    app.get(
      `${STAKING_BASE}/user-loans`,
      {
        config: user,
        schema: {
          tags,
          querystring: Type.Partial(StakingCoinQuery),
          response: responses(Type.Object({ assets: Type.Record(Type.String(), Type.String()) })),
        },
      },
      async (request) => ok(await stakingUserLoans(ctx, userOf(request), request.query.coin)),
    );

    app.get(
      `${STAKING_BASE}/coin-ask`,
      { schema: { tags, querystring: StakingFaqQuery, response: responses(Type.Array(StakingFaq)) } },
      async (request) => ok(await stakingFaq(ctx, request.query)),
    );
  };
