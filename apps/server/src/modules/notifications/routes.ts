import { Code, STARTUP_MINING_SWITCH_KEY } from '@earn/domain';
import {
  CandyStatus,
  CandySubscribeBody,
  HeraldCategory,
  HeraldSwitchesBody,
  HodlerConfig,
  HodlerConfigBody,
  HodlerConfigSetBody,
} from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { ok, responses } from '../../http/envelope.js';
import { userOf } from '../../http/session.js';
import type { NotificationSettings } from './repo.js';
import { settingsOf } from './repo.js';
import { setNotification } from './set-notification.js';

const tags = ['notifications'];
const auth = { auth: 'user' as const };
/** The spec's notification calls send form bodies; every other call takes JSON only. */
const formAuth = { ...auth, formBody: true };

const hodlerConfig = (s: NotificationSettings) => ({
  hodler_notify: s.hodlerNotify,
  hodler_gt_exchange: s.hodlerGtExchange,
});
const heraldCategories = (s: NotificationSettings) => [
  {
    category: 'earn',
    items: [{ msg_switch: STARTUP_MINING_SWITCH_KEY, switch_status: s.startupMiningSwitch, name: 'Launchpool' }],
  },
];

/** Subscriptions to new CandyDrop, Launchpool and HODLer Airdrop events; toggles answer code 200. */
export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/apiw/v2/earn/hodler-airdrop/config_set',
      { config: formAuth, schema: { tags, body: HodlerConfigSetBody, response: responses(HodlerConfig) } },
      async (request) => {
        const value = request.body.value === '1' ? 1 : 0;
        const change =
          request.body.name === 'HODLER_AIRDROP_NOTIFY' ? { hodlerNotify: value } : { hodlerGtExchange: value };
        return ok(hodlerConfig(await setNotification(ctx, userOf(request).id, change)), Code.Success200);
      },
    );

    app.post(
      '/apiw/v2/earn/hodler-airdrop/config',
      { config: formAuth, schema: { tags, body: HodlerConfigBody, response: responses(HodlerConfig) } },
      async (request) => ok(hodlerConfig(await settingsOf(ctx.db, userOf(request).id)), Code.Success200),
    );

    app.get(
      '/api/web/v1/task-square/global-subscribe-status',
      { schema: { tags, response: responses(CandyStatus) } },
      async (request) => {
        const status = request.user ? (await settingsOf(ctx.db, request.user.id)).candyDropStatus : 2;
        return ok({ global_subscribe_status: status });
      },
    );

    app.post(
      '/api/web/v1/task-square/subscribe-msg',
      { config: formAuth, schema: { tags, body: CandySubscribeBody, response: responses(CandyStatus) } },
      async (request) => {
        const status = Number(request.body.status) === 1 ? 1 : 2;
        const settings = await setNotification(ctx, userOf(request).id, { candyDropStatus: status });
        return ok({ global_subscribe_status: settings.candyDropStatus }, Code.Success200);
      },
    );

    app.get(
      '/apiw/v2/herald/category/switch',
      { config: auth, schema: { tags, response: responses(Type.Array(HeraldCategory)) } },
      async (request) => ok(heraldCategories(await settingsOf(ctx.db, userOf(request).id)), Code.Success200),
    );

    app.post(
      '/apiw/v2/herald/switches',
      { config: auth, schema: { tags, body: HeraldSwitchesBody, response: responses(Type.Array(HeraldCategory)) } },
      async (request) => {
        const change = { startupMiningSwitch: request.body.sets.startup_mining_switch };
        return ok(heraldCategories(await setNotification(ctx, userOf(request).id, change)), Code.Success200);
      },
    );
  };
