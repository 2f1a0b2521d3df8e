import {
  AdvanceBody,
  AdvanceResult,
  ClockState,
  CoinSymbol,
  DecimalString,
  DemandBody,
  DepositBody,
  DualOrderInput,
  FixedProductInput,
  FixedProductPatch,
  FixedProductPath,
  LaunchProjectInput,
  MarketSettingsBody,
  Me,
  RateUpCoupon,
  StakingProductInput,
  StakingProductUpdate,
  StakingRateBody,
  StakingTaskDoneBody,
  UserSettingsBody,
  VoucherInput,
  WealthNavBody,
  WealthProductInput,
} from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { ok, responses } from '../../http/envelope.js';
import { idempotencyOf } from '../../http/idempotency.js';
import { userOf } from '../../http/session.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { createDualOrder } from '../dual/orders.js';
import { issueVoucher } from '../fixed-earn/vouchers.js';
import { createProject } from '../launchpool/create-project.js';
import { rewardAccounts } from '../launchpool/reward-accounts.js';
import { advanceClock } from './advance-clock.js';
import { deposit } from './deposit.js';
import { createFixedProduct, updateFixedProduct } from './save-fixed-product.js';
import { saveSoftStakingCoin } from './save-soft-staking-coin.js';
import { createStakingProduct, markStakingTaskDone, updateStakingProduct } from './save-staking-product.js';
import { createWealthProduct, postWealthNav } from './save-wealth-product.js';
import { setFlexibleDemand } from './set-flexible-demand.js';
import { updateFlexibleMarket } from './update-flexible-market.js';
import { updateUserSettings } from './update-user-settings.js';

const tags = ['admin'];
const admin = { auth: 'admin' as const };

function clockState(ctx: AppContext) {
  const now = ctx.clock.now();
  return { now: now.toISOString(), now_ms: now.getTime(), mode: ctx.clock.mode };
}

/** The operator API: time, credits and user settings for demos and tests. Admin role only. */
export const adminRoutes =
  (ctx: AppContext, scheduler: Scheduler): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/admin/v1/clock', { config: admin, schema: { tags, response: responses(ClockState) } }, async () =>
      ok(clockState(ctx)),
    );

    app.post(
      '/admin/v1/clock/advance',
      { config: admin, schema: { tags, body: AdvanceBody, response: responses(AdvanceResult) } },
      async (request) => {
        const runs = await advanceClock(ctx, scheduler, request.body.hours);
        return ok({
          ...clockState(ctx),
          runs: runs.map((r) => ({ job: r.job, period_start: r.periodStart.toISOString() })),
        });
      },
    );

    app.post(
      '/admin/v1/deposit',
      {
        config: admin,
        schema: {
          tags,
          body: DepositBody,
          response: responses(
            Type.Object({
              email: Type.String(),
              coin: Type.String(),
              amount: Type.String(),
              wallet: Type.String(),
              tx_id: Type.String(),
            }),
          ),
        },
      },
      async (request) => ok(await deposit(ctx, request.body, idempotencyOf(request, userOf(request).id, ctx.clock))),
    );

    app.post(
      '/admin/v1/users/settings',
      { config: admin, schema: { tags, body: UserSettingsBody, response: responses(Me) } },
      async (request) => ok(await updateUserSettings(ctx, request.body)),
    );

    app.post(
      '/admin/v1/simple-earn/demand',
      {
        config: admin,
        schema: {
          tags,
          body: DemandBody,
          response: responses(
            Type.Object({
              coin: Type.String(),
              from_hour: Type.String(),
              amount: Type.String(),
              max_rate: Type.String(),
            }),
          ),
        },
      },
      async (request) => ok(await setFlexibleDemand(ctx, request.body)),
    );

    app.post(
      '/admin/v1/simple-earn/market',
      {
        config: admin,
        schema: { tags, body: MarketSettingsBody, response: responses(Type.Object({ coin: Type.String() })) },
      },
      async (request) => ok(await updateFlexibleMarket(ctx, request.body)),
    );

    app.post(
      '/admin/v1/launch-pool/projects',
      {
        config: admin,
        schema: {
          tags,
          body: LaunchProjectInput,
          response: responses(Type.Object({ pid: Type.Integer(), total_reward: Type.String() })),
        },
      },
      async (request) => ok(await createProject(ctx, request.body)),
    );

    app.post(
      '/admin/v1/fixed-earn/products',
      {
        config: admin,
        schema: { tags, body: FixedProductInput, response: responses(Type.Object({ id: Type.Integer() })) },
      },
      async (request) => ok(await createFixedProduct(ctx, request.body)),
    );

    app.put(
      '/admin/v1/fixed-earn/products/:id',
      {
        config: admin,
        schema: {
          tags,
          params: FixedProductPath,
          body: FixedProductPatch,
          response: responses(Type.Object({ id: Type.Integer() })),
        },
      },
      async (request) => ok(await updateFixedProduct(ctx, request.params.id, request.body)),
    );

    app.post(
      '/admin/v1/staking/products',
      {
        config: admin,
        schema: { tags, body: StakingProductInput, response: responses(Type.Object({ id: Type.Integer() })) },
      },
      async (request) => ok(await createStakingProduct(ctx, request.body)),
    );

    app.put(
      '/admin/v1/staking/products/:id',
      {
        config: admin,
        schema: {
          tags,
          params: FixedProductPath,
          body: StakingProductUpdate,
          response: responses(Type.Object({ id: Type.Integer() })),
        },
      },
      async (request) => ok(await updateStakingProduct(ctx, request.params.id, request.body)),
    );

    app.post(
      '/admin/v1/staking/products/:id/rate',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Set the APR the coming days pay (each settled day keeps the rate it paid)',
          params: FixedProductPath,
          body: StakingRateBody,
          response: responses(Type.Object({ id: Type.Integer() })),
        },
      },
      async (request) => ok(await updateStakingProduct(ctx, request.params.id, request.body)),
    );

    app.post(
      '/admin/v1/staking/products/:id/tasks-done',
      {
        config: admin,
        schema: {
          tags,
          summary: "Mark a user's web3 task of the product done",
          params: FixedProductPath,
          body: StakingTaskDoneBody,
          response: responses(Type.Object({ id: Type.Integer(), user_id: Type.Integer() })),
        },
      },
      async (request) => ok(await markStakingTaskDone(ctx, request.params.id, request.body.user_id)),
    );

    app.post(
      '/admin/v1/dual/orders',
      {
        config: admin,
        schema: { tags, body: DualOrderInput, response: responses(Type.Object({ id: Type.Integer() })) },
      },
      async (request) => ok(await createDualOrder(ctx, request.body)),
    );

    app.put(
      '/admin/v1/soft-staking/coins/:coin',
      {
        config: admin,
        schema: {
          tags,
          params: Type.Object({ coin: CoinSymbol }),
          body: Type.Object({ apr: DecimalString, min_holding: DecimalString, cap: DecimalString }),
          response: responses(
            Type.Object({ coin: Type.String(), apr: Type.String(), min_holding: Type.String(), cap: Type.String() }),
          ),
        },
      },
      async (request) => ok(await saveSoftStakingCoin(ctx, request.params.coin, request.body)),
    );

    app.post(
      '/admin/v1/wealth/products',
      {
        config: admin,
        schema: { tags, body: WealthProductInput, response: responses(Type.Object({ id: Type.Integer() })) },
      },
      async (request) => ok(await createWealthProduct(ctx, request.body)),
    );

    app.post(
      '/admin/v1/wealth/products/:id/nav',
      {
        config: admin,
        schema: {
          tags,
          summary: "Post a valuation day's NAV (before its management fee)",
          params: FixedProductPath,
          body: WealthNavBody,
          response: responses(Type.Object({ id: Type.Integer(), day: Type.String(), nav: Type.String() })),
        },
      },
      async (request) => ok(await postWealthNav(ctx, request.params.id, request.body)),
    );

    app.post(
      '/admin/v1/fixed-earn/vouchers',
      { config: admin, schema: { tags, body: VoucherInput, response: responses(RateUpCoupon) } },
      async (request) => ok(await issueVoucher(ctx, request.body)),
    );

    app.get(
      '/admin/v1/launch-pool/reward-accounts',
      { config: admin, schema: { tags, response: responses(Type.Array(Type.Record(Type.String(), Type.Unknown()))) } },
      async () => ok(await rewardAccounts(ctx.db)),
    );
  };
