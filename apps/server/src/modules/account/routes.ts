import {
  AccountMode,
  Balance,
  BorrowCoinSetting,
  CoinSymbol,
  Compliance,
  Credentials,
  CurrencyCallSetting,
  FundPassBody,
  FundPassState,
  LentAvailable,
  LoanProperty,
  LoginCredentials,
  MaintenanceMarginRate,
  Me,
  OutableBody,
  OutableItem,
  ReferralInfo,
  SiteLinks,
  SpotTradingHome,
  TransferBody,
  TransferResult,
} from '@earn/domain/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { ok, responses } from '../../http/envelope.js';
import { idempotencyOf } from '../../http/idempotency.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie, userOf } from '../../http/session.js';
import { getBalances, getLentAvailable, getOutable } from './balances.js';
import { logOut } from './log-out.js';
import { login } from './login.js';
import { toMe } from './me.js';
import {
  getAccountMode,
  getBorrowCoinSetting,
  getCompliance,
  getCurrencyCallSetting,
  getLoanProperty,
  getMaintenanceMarginRate,
  getSpotTradingHome,
} from './queries.js';
import { setFundPassword } from './set-fund-password.js';
import { signUp } from './sign-up.js';
import { precheckTransfer, transfer } from './transfer.js';

const tags = ['account'];
const CoinQuery = Type.Object({ coin: CoinSymbol });

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/apiw/v2/auth/register',
      { schema: { tags, body: Credentials, response: responses(Type.Null()) } },
      async (request) => {
        // The same answer whether the email is new or taken: the client logs in next.
        await signUp(ctx, request.body, request.ip);
        return ok(null);
      },
    );

    app.post(
      '/apiw/v2/auth/login',
      { schema: { tags, body: LoginCredentials, response: responses(Me) } },
      async (request, reply) => {
        const { user, token } = await login(ctx, request.body, request.ip);
        setSessionCookie(reply, token);
        return ok(toMe(user));
      },
    );

    app.post('/apiw/v2/auth/logout', { schema: { tags, response: responses(Type.Null()) } }, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await logOut(ctx, token);
      clearSessionCookie(reply);
      return ok(null);
    });

    app.get(
      '/apiw/v2/auth/me',
      { config: { auth: 'user' }, schema: { tags, response: responses(Me) } },
      async (request) => ok(toMe(userOf(request))),
    );

    // Who reads the page, a guest included (null): the web app asks on every page, and a guest's
    // pages would otherwise each log a refused request.
    app.get(
      '/apiw/v2/auth/session',
      { schema: { tags, response: responses(Type.Union([Me, Type.Null()])) } },
      async (request) => ok(request.user ? toMe(request.user) : null),
    );

    app.post(
      '/apiw/v2/account/fundpass',
      { config: { auth: 'user' }, schema: { tags, body: FundPassBody, response: responses(FundPassState) } },
      async (request) => ok(await setFundPassword(ctx, userOf(request), request.body)),
    );

    app.get(
      '/apiw/v2/account/balances',
      { config: { auth: 'user' }, schema: { tags, response: responses(Type.Array(Balance)) } },
      async (request) => ok(await getBalances(ctx, userOf(request))),
    );

    app.post(
      '/apiw/v2/account/transfer',
      {
        config: {
          auth: 'user',
          fundpass: true,
          precheck: (body, u) => precheckTransfer(ctx, body as TransferBody, u),
        },
        schema: { tags, body: TransferBody, response: responses(TransferResult) },
      },
      async (request) => {
        const user = userOf(request);
        return ok(await transfer(ctx, user, request.body, idempotencyOf(request, user.id, ctx.clock)));
      },
    );

    app.post(
      '/apiw/v2/account/spot/asset/outable',
      { schema: { tags, body: OutableBody, response: responses(Type.Array(OutableItem)) } },
      async (request) => ok(await getOutable(ctx, request.user, request.body.assets)),
    );

    app.get(
      '/apiw/v2/fixed_earn/api/user/lent/available',
      {
        schema: {
          tags,
          querystring: Type.Object({ asset: CoinSymbol }),
          response: responses(LentAvailable),
        },
      },
      async (request) => ok(await getLentAvailable(ctx, request.user, request.query.asset)),
    );

    app.get('/api/web/v1/compliance/check', { schema: { tags, response: responses(Compliance) } }, async (request) =>
      ok(await getCompliance(ctx, request.user)),
    );

    app.get(
      '/apiw/v2/earn/borrow-coin-settings',
      { schema: { tags, querystring: CoinQuery, response: responses(BorrowCoinSetting) } },
      async (request) => ok(await getBorrowCoinSetting(ctx, request.query.coin)),
    );

    app.get('/apiw/v2/unified/account_mode', { schema: { tags, response: responses(AccountMode) } }, async (request) =>
      ok(await getAccountMode(request.user)),
    );

    app.get(
      '/api/web/v1/rebate/get_user_info',
      { config: { auth: 'user' }, schema: { tags, response: responses(ReferralInfo) } },
      async (request) => {
        const user = userOf(request);
        return ok({ encrypted_uid: Buffer.from(`uid:${user.id}`).toString('base64url'), kol_code: user.referralCode });
      },
    );

    app.get(
      '/api/web/v1/settings/get-currency-call-setting',
      {
        schema: {
          tags,
          querystring: Type.Object({ symbol: CoinSymbol }),
          response: responses(CurrencyCallSetting),
        },
      },
      async (request) => ok(await getCurrencyCallSetting(ctx, request.query.symbol)),
    );

    app.get('/apiw/v2/earn/site-links', { schema: { tags, response: responses(SiteLinks) } }, async () =>
      ok({ exchange_url: ctx.exchangeUrl ?? null }),
    );

    app.get(
      '/launch-pool/get-user-loan-property',
      { schema: { tags, response: responses(LoanProperty) } },
      async (request) => ok(await getLoanProperty(ctx, request.user)),
    );

    app.get(
      '/apiw/v2/account/spot/trading/home',
      {
        schema: {
          tags,
          querystring: Type.Object({
            market: Type.String({ minLength: 1, maxLength: 41, pattern: '^[A-Za-z0-9_]+$' }),
          }),
          response: responses(SpotTradingHome),
        },
      },
      async (request) => ok(await getSpotTradingHome(ctx, request.user, request.query.market)),
    );

    app.get(
      '/apiw/v2/unified/maintenance_margin_rate',
      { schema: { tags, response: responses(MaintenanceMarginRate) } },
      async (request) => ok(await getMaintenanceMarginRate(ctx, request.user)),
    );
  };
