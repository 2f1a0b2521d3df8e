import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { unlessRepeat } from '../db/tx.js';
import { asksFundPassword, checkFundPassword } from '../modules/account/check-fund-password.js';
import { idempotencyOf } from './idempotency.js';
import { userOf } from './session.js';

/** Runs the fund-password gate before every route declared `fundpass: true`. */
export function registerFundPasswordGate(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', async (request) => {
    const { fundpass, precheck } = request.routeOptions.config;
    if (!fundpass) return;
    const user = userOf(request);
    const body = (request.body ?? {}) as { fundpass?: unknown };
    // A key already used for another request is refused (409) before anything else. A repeat of an
    // answered request gets the first answer, whatever has changed since (a project that has ended
    // meanwhile refuses only new stakes), with no prompt and no try: the first was allowed, and the
    // repeat moves nothing. Input refused anyway is refused before a prompt or a try (when neither
    // comes, the call's own checks are enough).
    await unlessRepeat(ctx.db, idempotencyOf(request, user.id, ctx.clock), async () => {
      if (precheck && asksFundPassword(ctx, user, body.fundpass, request.stepUp)) await precheck(request.body, user);
      await checkFundPassword(ctx, user, body.fundpass, request.fundpassFailures, request.stepUp);
    });
  });
}
