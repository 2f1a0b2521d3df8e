import { Code, isUSRegion, toWire, WIRE_AMOUNTS } from '@earn/domain';
import {
  AmountInput,
  CoinSymbol,
  DecimalString,
  EarnMoreItem,
  FundPassField,
  HourStatement,
  LaunchHistoryQuery,
  LaunchHistoryRow,
  LocaleTag,
  Paged,
  ProjectInfo,
  RowId,
  UnixSeconds,
  UserPoolStat,
} from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { checkPeriod, notFound } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import { idempotencyOf } from '../../http/idempotency.js';
import { userOf } from '../../http/session.js';
import type { User } from '../account/repo.js';
import type { RateProjection } from '../simple-earn/market-queries.js';
import {
  earnMore,
  hourStatement,
  launchHistoryList,
  projectInfo,
  projectList,
  userProjectStatistics,
} from './queries.js';
import { findPool, findProject } from './repo.js';
import {
  assertPoolRule,
  type CreateOrderInput,
  createOrder,
  type PoolInput,
  precheckCreateOrder,
  precheckRedeemStake,
  redeemStake,
} from './stake.js';

const tags = ['launchpool'];
const BASE = '/apiw/v2/earn/launch-pool';
const user = { auth: 'user' as const };
const PoolRef = { pid: RowId, rid: RowId };
const StakeResult = Type.Object({ pid: Type.Integer(), rid: Type.Integer(), amount: DecimalString });

export const launchpoolRoutes =
  (ctx: AppContext, projection: RateProjection): FastifyPluginAsyncTypebox =>
  async (app) => {
    // A stake's or redemption's pool and amount, checked before the fund-password prompt.
    const stakeInput = (body: unknown, u: User) => precheckCreateOrder(ctx, body as CreateOrderInput, u);
    const redeemInput = (body: unknown, u: User) => precheckRedeemStake(ctx, body as PoolInput, u);

    // locale: the reader's language, for the operator's names in it where written.
    app.get(
      `${BASE}/projects`,
      {
        schema: {
          tags,
          querystring: Type.Object({ locale: Type.Optional(LocaleTag) }),
          response: responses(Type.Array(ProjectInfo)),
        },
      },
      async (request) => ok(await projectList(ctx, request.user, request.query.locale)),
    );

    app.get(
      `${BASE}/project-info`,
      {
        schema: {
          tags,
          querystring: Type.Object({ projectId: RowId, locale: Type.Optional(LocaleTag) }),
          response: responses(ProjectInfo),
        },
      },
      async (request) => ok(await projectInfo(ctx, request.query.projectId, request.user, request.query.locale)),
    );

    app.post(
      `${BASE}/check-pool-rule`,
      {
        config: user,
        schema: { tags, body: Type.Object(PoolRef), response: responses(Type.Object({ eligible: Type.Boolean() })) },
      },
      async (request) => {
        const project = await findProject(ctx.db, request.body.pid);
        const pool = await findPool(ctx.db, project.id, request.body.rid);
        assertPoolRule(pool, userOf(request));
        return ok({ eligible: true }, Code.Success200);
      },
    );

    app.post(
      `${BASE}/create-order`,
      {
        config: { ...user, fundpass: true, precheck: stakeInput },
        schema: {
          tags,
          body: Type.Object({
            ...PoolRef,
            amount: AmountInput(WIRE_AMOUNTS.launchpool),
            simpleEarnStatus: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
            simpleEarnPeriod: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
            fundpass: FundPassField,
          }),
          response: responses(StakeResult),
        },
      },
      async (request) => {
        const u = userOf(request);
        return ok(await createOrder(ctx, u, request.body, idempotencyOf(request, u.id, ctx.clock)), Code.Success200);
      },
    );

    app.post(
      `${BASE}/redeem`,
      {
        config: { ...user, fundpass: true, precheck: redeemInput },
        schema: {
          tags,
          body: Type.Object({ ...PoolRef, amount: AmountInput(WIRE_AMOUNTS.launchpool), fundpass: FundPassField }),
          response: responses(StakeResult),
        },
      },
      async (request) => {
        const u = userOf(request);
        return ok(await redeemStake(ctx, u, request.body, idempotencyOf(request, u.id, ctx.clock)), Code.Success200);
      },
    );

    app.get(
      `${BASE}/user-project-statistics`,
      {
        config: user,
        schema: {
          tags,
          querystring: Type.Object({ pid: RowId }),
          response: responses(Type.Array(UserPoolStat)),
        },
      },
      async (request) => ok(await userProjectStatistics(ctx, userOf(request), request.query.pid)),
    );

    app.get(
      `${BASE}/statement`,
      {
        config: user,
        schema: {
          tags,
          querystring: Type.Object({ rid: RowId, hour: UnixSeconds }),
          response: responses(HourStatement),
        },
      },
      async (request) => {
        const statement = await hourStatement(ctx, userOf(request), request.query.rid, request.query.hour);
        if (!statement) throw notFound('That pool has no settled hour at that time', 'launch.statement.none');
        return ok(statement);
      },
    );

    app.get(
      `${BASE}/earn-more`,
      {
        schema: {
          tags,
          querystring: Type.Object({
            coin: CoinSymbol,
            type: Type.Optional(Type.String()),
            locale: Type.Optional(LocaleTag),
          }),
          response: responses(
            Type.Object({
              list: Type.Array(EarnMoreItem),
              candydrop_url: Type.Union([Type.String(), Type.Null()], {
                description: 'where "Go to CandyDrop" leads; null (and always for US users) hides it',
              }),
            }),
          ),
        },
      },
      async (request) => {
        const isUS = request.user !== null && request.user !== undefined && isUSRegion(request.user.region);
        return ok({
          list: isUS ? [] : await earnMore(ctx, projection, request.query.coin),
          candydrop_url: isUS ? null : (ctx.candyDropUrl ?? null),
        });
      },
    );

    app.get(
      `${BASE}/user-stat`,
      {
        config: user,
        schema: { tags, response: responses(Type.Object({ user_60_day_transaction_amount: DecimalString })) },
      },
      async (request) => ok({ user_60_day_transaction_amount: toWire(userOf(request).tradingVolume60d) }),
    );

    app.get(
      `${BASE}/history`,
      {
        config: user,
        schema: {
          tags,
          querystring: LaunchHistoryQuery,
          response: responses(Paged(LaunchHistoryRow)),
        },
      },
      async (request) => {
        const q = request.query;
        checkPeriod(q.start_at, q.end_at, { withinSixMonths: true });
        return ok(await launchHistoryList(ctx, userOf(request), { ...q, page: q.page ?? 1, limit: q.limit ?? 10 }));
      },
    );
  };
