import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { checkFundPassword } from '../modules/account/check-fund-password.js';
import { userOf } from './session.js';

/** Runs the fund-password gate before every route declared `fundpass: true`. */
export function registerFundPasswordGate(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.fundpass) return;
    await request.routeOptions.config.precheck?.(request.body);
    const body = (request.body ?? {}) as { fundpass?: unknown };
    await checkFundPassword(ctx, userOf(request), body.fundpass, request.fundpassFailures);
  });
}
